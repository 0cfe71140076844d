import {
  BranchId,
  BranchInput,
  MoveBranchRequest,
  StaffBranch,
  StaffBranchListResponse,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { BranchesStaffService } from './branches-staff';

const BranchParams = SlugParams.extend({ id: BranchId });
const TAGS = ['Branches (staff)'];
const WHO =
  'Viewers, editors and publishers of the institution read; editors and publishers (and implementers) change (a viewer gets 403 Forbidden); staff of another institution get 404 NotFound.';
const FIELDS =
  'The body is a BranchInput: name (1 to 100 characters), streetAddress (1 to 100), city (1 to 50), state (a US state or DC, two letters), zip (five digits), phoneNumber (up to 20, may be empty), hours (up to 7 lines of up to 60 characters), latitude (-90 to 90) and longitude (-180 to 180) in degrees. A field that breaks its rule is refused 400 InvalidRequest with details, each naming the field (key) and the mistake (message).';

/**
 * `/admin-api/institutions/:slug/branches...`: the branch locator's branches (registerAdminApi:
 * the staff session, the admin API's error shape). Who may do what, and what is audited:
 * branches-staff.ts; the contract: domain/src/api/branches.ts.
 */
export const branchesAdminRoutes: FastifyPluginAsyncZod<{ service: BranchesStaffService }> = async (
  app,
  { service },
) => {
  app.get(
    '/institutions/:slug/branches',
    {
      schema: {
        tags: TAGS,
        summary: 'The institution’s branches, in the order borrowers see them',
        description: WHO,
        params: SlugParams,
        response: { 200: StaffBranchListResponse },
      },
    },
    async (request) => service.list(staffOf(request), request.params.slug),
  );

  app.post(
    '/institutions/:slug/branches',
    {
      schema: {
        tags: TAGS,
        summary: 'Adds a branch at the end of the list',
        description: `${FIELDS} ${WHO} Audited (branch.create).`,
        params: SlugParams,
        body: BranchInput,
        response: { 201: StaffBranch },
      },
    },
    async (request, reply) => {
      const created = await service.create(staffOf(request), request.params.slug, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/institutions/:slug/branches/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Changes a branch',
        description: `${FIELDS} ${WHO} 404 NotFound for a branch that is not the institution’s. Audited (branch.update) with what changed; a save that changes nothing is not.`,
        params: BranchParams,
        body: BranchInput,
        response: { 200: StaffBranch },
      },
    },
    async (request) =>
      service.update(staffOf(request), request.params.slug, request.params.id, request.body),
  );

  app.delete(
    '/institutions/:slug/branches/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Removes a branch',
        description: `Answers the list as it is after (the branches below move up a place). ${WHO} 404 NotFound for a branch that is not the institution’s. Audited (branch.delete).`,
        params: BranchParams,
        response: { 200: StaffBranchListResponse },
      },
    },
    async (request) => service.remove(staffOf(request), request.params.slug, request.params.id),
  );

  app.post(
    '/institutions/:slug/branches/:id/move',
    {
      schema: {
        tags: TAGS,
        summary: 'Moves a branch one place up or down the list',
        description: `direction 'up' swaps it with the branch above, 'down' with the one below; the first moved up, or the last moved down, stays. Answers the list as it is after. ${WHO} 404 NotFound for a branch that is not the institution’s. Audited (branch.move) when it moved.`,
        params: BranchParams,
        body: MoveBranchRequest,
        response: { 200: StaffBranchListResponse },
      },
    },
    async (request) =>
      service.move(
        staffOf(request),
        request.params.slug,
        request.params.id,
        request.body.direction,
      ),
  );
};
