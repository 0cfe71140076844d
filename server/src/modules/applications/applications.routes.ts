import {
  ApplicationListQuery,
  ApplicationListResponse,
  ApplicationQuery,
  ApplicationResponse,
  Envelope,
  okEnvelope,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
import type { ApplicationsService } from './applications.service';

/** The customer's loan applications (spec 002 "Application list and details"). */
export const applicationsRoutes: FastifyPluginAsyncZod<{ service: ApplicationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/Application/GetList',
    {
      config: { auth: 'required' },
      schema: {
        querystring: ApplicationListQuery,
        response: { 200: ApplicationListResponse, 401: Envelope },
      },
    },
    async (request) => {
      const { institutionId, timeZone, customerId } = signedInCaller(request);
      const applications = await service.list(
        { institutionId, customerId },
        timeZone,
        request.query.numDaysToRetrieve,
      );
      return { ...okEnvelope(), Applications: applications };
    },
  );

  app.get(
    '/api/Application',
    {
      config: { auth: 'required' },
      schema: {
        querystring: ApplicationQuery,
        response: { 200: ApplicationResponse, 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const { institutionId, timeZone, customerId } = signedInCaller(request);
      const found = await service.find(
        { institutionId, customerId },
        timeZone,
        request.query.applicationNumber,
      );
      if (!found)
        return reply.code(404).send({ HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] });
      return { ...okEnvelope(), Application: found };
    },
  );
};
