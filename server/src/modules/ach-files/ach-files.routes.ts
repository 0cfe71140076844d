import { ADMIN_ERROR_CODES, isCalendarDate } from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AchProcessor } from '../../core/ach/ach-processor';
import { AdminError, forbidden, unauthenticated } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import type { AdminAuthService, StaffPrincipal } from '../staff/staff-auth.service';

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

const Params = z.object({ slug: z.string().max(60) });
const DayParams = Params.extend({
  date: z.string().max(10).refine(isCalendarDate, { message: 'must be a date, YYYY-MM-DD' }),
});

export interface AchFilesRoutesOptions {
  auth: AdminAuthService;
  admin: AdminService;
  achProcessor: AchProcessor;
}

export function achFileName(slug: string, date: string): string {
  return `ACH-${slug}-${date}.txt`;
}

function sendError(reply: FastifyReply, error: AdminError) {
  return reply.code(error.statusCode).send({
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    },
  });
}

/**
 * The ACH processor's day files for staff, beside the admin API (same staff session cookie, same
 * error shape, same roles). Decisions where the spec is silent:
 * - any role of the institution may list the days (counts and totals only);
 * - the download holds every borrower's full account number in clear (the ODFI needs them), so
 *   only a publisher (or an implementer) may download it: the admin's highest role, the one
 *   trusted to change what borrowers see. A viewer or an editor gets 403;
 * - the admin's audit log records configuration changes and sign-ins (its actions are a closed
 *   list in domain/src/api/admin.ts, downloads are not among them, and the settings export is
 *   not recorded either), so a download is written to the request log instead: who, which
 *   institution and day, never the file.
 */
export const achFilesRoutes: FastifyPluginAsyncZod<AchFilesRoutesOptions> = async (
  app,
  options,
) => {
  const { auth, admin, achProcessor } = options;

  // Staff pick the institution in the admin app; the host does not name it.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, institution: 'skip' };
  });

  async function staffOf(request: FastifyRequest): Promise<StaffPrincipal> {
    const token = request.cookies[request.server.cookieNames.staff];
    const principal = token ? await auth.resolveSession(token) : undefined;
    if (!principal) throw unauthenticated();
    return principal;
  }

  app.setErrorHandler((error: FastifyError | AdminError, request, reply) => {
    if (error instanceof AdminError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((problem) => ({
        key:
          problem.instancePath.split('/').filter(Boolean).join('.') ||
          (error.validationContext ?? 'request'),
        message: problem.message ?? 'is invalid',
      }));
      return sendError(
        reply,
        new AdminError(400, 'InvalidRequest', 'The request is not valid.', { details }),
      );
    }
    request.log.error({ err: error }, 'ACH file request failed');
    return sendError(
      reply,
      new AdminError(500, 'ServerError', 'Something went wrong. Please try again.'),
    );
  });

  app.get(
    '/',
    { schema: { params: Params, response: { 200: AchDayListResponse } } },
    async (request) => {
      const staff = await staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'read');
      const days = await achProcessor.listDays(institution.id);
      return {
        days: days.map((day) => ({
          date: day.date,
          entries: day.entries,
          totalDebitCents: day.totalDebitCents,
          fileName: achFileName(institution.slug, day.date),
        })),
      };
    },
  );

  app.get('/:date', { schema: { params: DayParams } }, async (request, reply) => {
    const staff = await staffOf(request);
    const institution = await admin.access(staff, request.params.slug, 'read');
    if (institution.role !== 'publisher') {
      throw forbidden(
        'The ACH file holds borrowers’ account numbers: only a publisher can download it.',
      );
    }
    const file = await achProcessor.dayFile(institution.id, request.params.date);
    if (!file) {
      throw new AdminError(404, ADMIN_ERROR_CODES.notFound, 'There are no ACH debits on that day.');
    }
    request.log.info(
      {
        staffId: staff.staffId || 'operator',
        institution: institution.slug,
        achFileDate: file.date,
        entries: file.entries,
      },
      'ACH file downloaded',
    );
    return reply
      .type('text/plain; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${achFileName(institution.slug, file.date)}"`,
      )
      .header('cache-control', 'no-store')
      .send(file.content);
  });
};
