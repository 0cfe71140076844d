import { isCalendarDate } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { AchFilesService } from './ach-files.service';

/**
 * `GET /admin-api/institutions/:slug/ach-files`: the institution's processing days, newest first.
 * Money in integer cents (the admin API is ours, not the specs' dollars on the wire).
 *
 * The admin app keeps its own copy of this contract (admin/src/features/ach-files/api): it is
 * not in domain/src/api/admin.ts yet.
 */
export const AchDayListResponse = z.object({
  days: z.array(
    z.object({
      /** The processing day, 'YYYY-MM-DD' in the institution's time zone. */
      date: z.string(),
      entries: z.number().int(),
      /** The day's debits in integer cents (money is cents inside our own APIs). */
      totalDebitCents: z.number().int(),
      /** What the download is called: ACH-<slug>-<date>.txt. */
      fileName: z.string(),
    }),
  ),
});

const DayParams = SlugParams.extend({
  date: z.string().max(10).refine(isCalendarDate, { message: 'must be a date, YYYY-MM-DD' }),
});

export interface AchFilesRoutesOptions {
  service: AchFilesService;
}

export function achFileName(slug: string, date: string): string {
  return `ACH-${slug}-${date}.txt`;
}

/**
 * The ACH processor's day files for staff, in the admin API (registerAdminApi: its staff session,
 * error shape and roles; who may list and download: ach-files.service.ts). The admin's audit log
 * records configuration changes and sign-ins (its actions are a closed list in
 * domain/src/api/admin.ts, downloads are not among them, and the settings export is not recorded
 * either), so a download is written to the request log instead: who, which institution and day,
 * never the file.
 */
export const achFilesRoutes: FastifyPluginAsyncZod<AchFilesRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/institutions/:slug/ach-files',
    { schema: { params: SlugParams, response: { 200: AchDayListResponse } } },
    async (request) => {
      const { institutionSlug, days } = await service.days(staffOf(request), request.params.slug);
      return {
        days: days.map((day) => ({
          date: day.date,
          entries: day.entries,
          totalDebitCents: day.totalDebitCents,
          fileName: achFileName(institutionSlug, day.date),
        })),
      };
    },
  );

  app.get(
    '/institutions/:slug/ach-files/:date',
    { schema: { params: DayParams } },
    async (request, reply) => {
      const staff = staffOf(request);
      const { institutionSlug, file } = await service.dayFile(
        staff,
        request.params.slug,
        request.params.date,
      );
      request.log.info(
        {
          staffId: staff.staffId || 'operator',
          institution: institutionSlug,
          achFileDate: file.date,
          entries: file.entries,
        },
        'ACH file downloaded',
      );
      return reply
        .type('text/plain; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${achFileName(institutionSlug, file.date)}"`,
        )
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
