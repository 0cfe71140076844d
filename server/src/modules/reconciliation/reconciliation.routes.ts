import {
  ReconciliationDate,
  ReconciliationRunDetail,
  ReconciliationRunListResponse,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { ReconciliationService } from './reconciliation.service';

const TAGS = ['Reconciliation (staff)'];
const WHO =
  'Viewers, editors and publishers of the institution read the runs; publishers (and implementers) run a day now (a viewer or editor gets 403 Forbidden); staff of another institution get 404 NotFound.';

const DayParams = SlugParams.extend({ date: ReconciliationDate });

/**
 * `/admin-api/institutions/:slug/reconciliations...`: the daily reconciliation's runs for staff
 * (registerAdminApi: the staff session, the admin API's error shape); the contract: domain
 * api/reconciliation.ts; who may do what: reconciliation.service.ts.
 */
export const reconciliationRoutes: FastifyPluginAsyncZod<{
  service: ReconciliationService;
}> = async (app, { service }) => {
  app.get(
    '/institutions/:slug/reconciliations',
    {
      schema: {
        tags: TAGS,
        summary: 'The reconciled days, newest first, with each system’s totals',
        description: WHO,
        params: SlugParams,
        response: { 200: ReconciliationRunListResponse },
      },
    },
    async (request) => ({ runs: await service.runs(staffOf(request), request.params.slug) }),
  );

  app.get(
    '/institutions/:slug/reconciliations/:date',
    {
      schema: {
        tags: TAGS,
        summary: 'A reconciled day with its mismatches and each system’s items',
        description: `${WHO} 404 NotFound for a day not reconciled.`,
        params: DayParams,
        response: { 200: ReconciliationRunDetail },
      },
    },
    async (request) => service.run(staffOf(request), request.params.slug, request.params.date),
  );

  app.post(
    '/institutions/:slug/reconciliations/:date',
    {
      schema: {
        tags: TAGS,
        summary: 'Reconciles the day now, replacing its earlier run',
        description: `${WHO} 400 InvalidRequest for a day after today.`,
        params: DayParams,
        response: { 201: ReconciliationRunDetail },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.runNow(staffOf(request), request.params.slug, request.params.date)),
  );
};
