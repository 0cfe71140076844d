import {
  BRANCH_ERROR_CODES,
  BranchInfoQuery,
  BranchInfoResponse,
  ENVELOPE_CODES,
  Envelope,
  errorEnvelope,
  okEnvelope,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context';
import type { BranchLocator } from './branch-locator';

/** The branch locator page's call (spec 002 "Branch locator page", `GET /api/branchInfo`). */
export const branchesRoutes: FastifyPluginAsyncZod<{ locator: BranchLocator }> = async (
  app,
  { locator },
) => {
  app.get(
    '/api/branchInfo',
    {
      schema: {
        tags: ['Branches'],
        summary: 'The institution’s branches, or those nearest a ZIP code first',
        description:
          'Public: the same answer signed in or not, for the institution of the host. Without zip (or with an empty one): the branches in the order the institution’s staff gave them, Origin null. With zip (five digits): the same branches nearest the ZIP code’s centre first, each with DistanceMiles (along the earth’s surface, one decimal), and Origin the centre (for the map); a branch without a place on the map (latitude 0, or a longitude that is not negative) comes last, without a distance. A zip that is not five digits, or that the maps service does not know, is refused 404 with the error InvalidZipCode (the portal shows branchLocatorTexts.invalidZipText). 404 NotFound while the institution does not offer the branch locator (globalOptions.useBranchLocatorOption off).',
        querystring: BranchInfoQuery,
        response: { 200: BranchInfoResponse, 404: Envelope },
      },
    },
    async (request, reply) => {
      const { institutionId } = requestContext(request);
      const outcome = await locator.search(institutionId, request.query.zip);
      if (outcome.ok) return reply.send({ ...okEnvelope(), ...outcome.answer });
      return reply
        .code(404)
        .send(
          errorEnvelope(
            outcome.reason === 'invalidZip'
              ? BRANCH_ERROR_CODES.invalidZip
              : ENVELOPE_CODES.notFound,
          ),
        );
    },
  );
};
