import { StaffWebVitalsQuery, StaffWebVitalsResponse } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { WebVitalsStaffService } from './web-vitals-staff';

/**
 * `GET /admin-api/institutions/:slug/web-vitals?days=7|28` (registerAdminApi: the staff session,
 * the admin API's error shape). Who may read: web-vitals-staff.ts; the contract:
 * domain/src/api/web-vitals.ts.
 */
export const webVitalsAdminRoutes: FastifyPluginAsyncZod<{
  service: WebVitalsStaffService;
}> = async (app, { service }) => {
  app.get(
    '/institutions/:slug/web-vitals',
    {
      schema: {
        tags: ['Web vitals (staff)'],
        summary: 'Each route’s 75th percentile per Core Web Vital over the last 7 or 28 days',
        description:
          'days is 7 (unless given) or 28: the measurements recorded in the last 7 or 28 times 24 hours. Per route and metric (LCP, INP, CLS, TTFB): the 75th percentile (percentile_cont, rounded to whole milliseconds, CLS to 3 decimals), how many page loads were measured, and its rating by Google’s thresholds (good, needs-improvement, poor). Every role of the institution reads; staff of another institution get 404 NotFound.',
        params: SlugParams,
        querystring: StaffWebVitalsQuery,
        response: { 200: StaffWebVitalsResponse },
      },
    },
    async (request) =>
      service.summaries(staffOf(request), request.params.slug, Number(request.query.days)),
  );
};
