import {
  AchDayListResponse,
  AchFileMadeResponse,
  AchFileMakeRequest,
  isCalendarDate,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import { achFileName, type AchFilesService } from './ach-files.service';

const DayParams = SlugParams.extend({
  date: z.string().max(10).refine(isCalendarDate, { message: 'must be a date, YYYY-MM-DD' }),
});
const FileParams = DayParams.extend({
  fileIdModifier: z.string().regex(/^[A-Z0-9]$/, { message: 'must be A-Z or 0-9' }),
});

export interface AchFilesRoutesOptions {
  service: AchFilesService;
}

const TAGS = ['ACH files (staff)'];
const WHO =
  'Viewers, editors and publishers of the institution list; publishers (and implementers) make and download files, which hold full account numbers (a viewer or editor gets 403 Forbidden); staff of another institution get 404 NotFound.';

/**
 * The ACH processor's NACHA files for staff, in the admin API (registerAdminApi: its staff
 * session, error shape and roles; who may do what, and what is audited: ach-files.service.ts).
 */
export const achFilesRoutes: FastifyPluginAsyncZod<AchFilesRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/institutions/:slug/ach-files',
    {
      schema: {
        tags: TAGS,
        summary:
          'The processing days with ACH debits, newest first, with their files and the returns and notifications of change received',
        description: WHO,
        params: SlugParams,
        response: { 200: AchDayListResponse },
      },
    },
    async (request) => {
      const { institutionSlug, cutoffTime, days } = await service.days(
        staffOf(request),
        request.params.slug,
      );
      return {
        cutoffTime,
        days: days.map((day) => ({
          date: day.date,
          entries: day.entries,
          totalDebitCents: day.totalDebitCents,
          files: day.files.map((file) => ({
            fileIdModifier: file.fileIdModifier,
            entries: file.entries,
            totalDebitCents: file.totalDebitCents,
            sealedAt: file.sealedAt.toISOString(),
            fileName: achFileName(institutionSlug, day.date, file.fileIdModifier),
          })),
          pending: { ...day.pending, filedOnItsOwn: day.filedOnItsOwn },
          returns: day.returns,
          notices: day.notices,
        })),
      };
    },
  );

  app.post(
    '/institutions/:slug/ach-files/:date',
    {
      schema: {
        tags: TAGS,
        summary: 'Makes the day’s next NACHA file of its debits in no file yet, and seals it',
        description: `${WHO} The body says what staff confirmed (the waiting payments' count and total): 409 Conflict, saying what waits now, when something else waits (nothing is made); 404 NotFound when the day has no debits; 409 Conflict when the day has its 36 files. Audited (achFile.seal).`,
        params: DayParams,
        body: AchFileMakeRequest,
        response: { 201: AchFileMadeResponse },
      },
    },
    async (request, reply) => {
      const { institutionSlug, file } = await service.makeFile(
        staffOf(request),
        request.params.slug,
        request.params.date,
        request.body,
      );
      return reply.code(201).send({
        date: file.date,
        file: {
          fileIdModifier: file.fileIdModifier,
          entries: file.entries,
          totalDebitCents: file.totalDebitCents,
          sealedAt: file.sealedAt.toISOString(),
          fileName: achFileName(institutionSlug, file.date, file.fileIdModifier),
        },
      });
    },
  );

  app.get(
    '/institutions/:slug/ach-files/:date/:fileIdModifier',
    {
      schema: {
        tags: TAGS,
        summary: 'A sealed NACHA file, the same bytes every time, as an attachment',
        description: `${WHO} 404 NotFound for a file the day does not have. Audited (achFile.download) before it is sent.`,
        params: FileParams,
      },
    },
    async (request, reply) => {
      const { institutionSlug, file } = await service.download(
        staffOf(request),
        request.params.slug,
        request.params.date,
        request.params.fileIdModifier,
      );
      return reply
        .type('text/plain; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${achFileName(institutionSlug, file.date, file.fileIdModifier)}"`,
        )
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
