import {
  AssignWorkItemRequest,
  HandleWorkItemRequest,
  ReopenWorkItemRequest,
  ReplyWorkItemRequest,
  WorkItemAssigneesResponse,
  WorkItemDetail,
  WorkItemId,
  WorkItemListQuery,
  WorkItemListResponse,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { WorkQueueStaffService } from './work-queue-staff';

const ItemParams = SlugParams.extend({ id: WorkItemId });

/**
 * `/admin-api/institutions/:slug/work-items...`: the staff work queue (registerAdminApi: the staff
 * session, the admin API's error shape). Who may do what, and what is audited:
 * work-queue-staff.ts; the contract: domain/src/api/work-queue.ts.
 */
export const workQueueRoutes: FastifyPluginAsyncZod<{ service: WorkQueueStaffService }> = async (
  app,
  { service },
) => {
  app.get(
    '/institutions/:slug/work-items',
    {
      schema: {
        params: SlugParams,
        querystring: WorkItemListQuery,
        response: { 200: WorkItemListResponse },
      },
    },
    async (request) => service.list(staffOf(request), request.params.slug, request.query),
  );

  app.get(
    '/institutions/:slug/work-items/assignees',
    { schema: { params: SlugParams, response: { 200: WorkItemAssigneesResponse } } },
    async (request) => service.assignees(staffOf(request), request.params.slug),
  );

  app.get(
    '/institutions/:slug/work-items/:id',
    { schema: { params: ItemParams, response: { 200: WorkItemDetail } } },
    async (request) => service.open(staffOf(request), request.params.slug, request.params.id),
  );

  app.post(
    '/institutions/:slug/work-items/:id/assign',
    {
      schema: {
        params: ItemParams,
        body: AssignWorkItemRequest,
        response: { 200: WorkItemDetail },
      },
    },
    async (request) =>
      service.assign(
        staffOf(request),
        request.params.slug,
        request.params.id,
        request.body.staffId,
      ),
  );

  app.post(
    '/institutions/:slug/work-items/:id/handle',
    {
      schema: {
        params: ItemParams,
        body: HandleWorkItemRequest,
        response: { 200: WorkItemDetail },
      },
    },
    async (request) =>
      service.handle(staffOf(request), request.params.slug, request.params.id, request.body.note),
  );

  app.post(
    '/institutions/:slug/work-items/:id/reopen',
    {
      schema: {
        params: ItemParams,
        body: ReopenWorkItemRequest,
        response: { 200: WorkItemDetail },
      },
    },
    async (request) =>
      service.reopen(
        staffOf(request),
        request.params.slug,
        request.params.id,
        request.body.reason || undefined,
      ),
  );

  app.post(
    '/institutions/:slug/work-items/:id/reply',
    {
      schema: {
        params: ItemParams,
        body: ReplyWorkItemRequest,
        response: { 200: WorkItemDetail },
      },
    },
    async (request) =>
      service.reply(staffOf(request), request.params.slug, request.params.id, request.body),
  );
};
