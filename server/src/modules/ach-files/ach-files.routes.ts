import { isCalendarDate } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import { achFileName, type AchFilesService } from './ach-files.service';

/**
 * The admin app keeps its own copy of this contract (admin/src/features/ach-files/api): it is
 * not in domain/src/api/admin.ts yet. Money in integer cents (the admin API is ours, not the
 * specs' dollars on the wire).
 */
const AchFileSummary = z.object({
  /** The File ID Modifier: A for the day's first file, then B... Z, 0... 9. */
  fileIdModifier: z.string(),
  entries: z.number().int(),
  totalDebitCents: z.number().int(),
  /** When it was made, ISO 8601. */
  sealedAt: z.string(),
  /** What the download is called: ACH-<slug>-<date>-<modifier>.txt. */
  fileName: z.string(),
});

/** `GET /admin-api/institutions/:slug/ach-files`: the processing days, newest first. */
export const AchDayListResponse = z.object({
  days: z.array(
    z.object({
      /** The processing day, 'YYYY-MM-DD' in the institution's time zone. */
      date: z.string(),
      /** All the day's debits, in a file or not. */
      entries: z.number().int(),
      totalDebitCents: z.number().int(),
      /** The day's sealed files, A first. */
      files: z.array(AchFileSummary),
      /** The debits in no file yet: the day's next file. */
      pending: z.object({ entries: z.number().int(), totalDebitCents: z.number().int() }),
    }),
  ),
});

/** `POST /admin-api/institutions/:slug/ach-files/:date`: the file just made. */
export const AchFileMadeResponse = z.object({
  date: z.string(),
  file: AchFileSummary,
});

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
        summary: 'The processing days with ACH debits, newest first, with their files',
        description: WHO,
        params: SlugParams,
        response: { 200: AchDayListResponse },
      },
    },
    async (request) => {
      const { institutionSlug, days } = await service.days(staffOf(request), request.params.slug);
      return {
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
          pending: day.pending,
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
        description: `${WHO} 404 NotFound when no debit of the day waits for a file; 409 Conflict when the day has its 36 files. Audited (achFile.seal).`,
        params: DayParams,
        response: { 201: AchFileMadeResponse },
      },
    },
    async (request, reply) => {
      const { institutionSlug, file } = await service.makeFile(
        staffOf(request),
        request.params.slug,
        request.params.date,
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
