import {
  addDays,
  ApplicationListQuery,
  ApplicationListResponse,
  ApplicationQuery,
  ApplicationResponse,
  type Application,
  calendarDateIn,
  centsToDollars,
  Envelope,
  hostDateTime,
  okEnvelope,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import type { CoreApplication, ServicingCore } from '../../core/servicing-core';
import { sessionOf } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';

/** A single application can be opened by its link long after it left the list's 30 days. */
export const APPLICATION_LOOKUP_DAYS = 3_660;

export function toApplication(application: CoreApplication): Application {
  return {
    ApplicationNumber: application.number,
    Status: application.status,
    AmountRequested: centsToDollars(application.amountRequestedCents),
    AmountApproved: centsToDollars(application.amountApprovedCents),
    LastModified: hostDateTime(application.lastModified),
    Office: application.office,
    FundsExpected: hostDateTime(application.fundsExpected),
  };
}

/** The customer's loan applications (spec 002 "Application list and details"), from the core. */
export const applicationsRoutes: FastifyPluginAsyncZod<{
  core: ServicingCore;
  clock: Clock;
}> = async (app, { core, clock }) => {
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
      const { institutionId, timeZone } = requestContext(request);
      const { user } = sessionOf(request);
      const today = calendarDateIn(timeZone, clock.now());
      const list = await core.applications(
        { institutionId, customerId: user.customerId },
        addDays(today, -request.query.numDaysToRetrieve),
      );
      return { ...okEnvelope(), Applications: list.map(toApplication) };
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
      const { institutionId, timeZone } = requestContext(request);
      const { user } = sessionOf(request);
      const today = calendarDateIn(timeZone, clock.now());
      const list = await core.applications(
        { institutionId, customerId: user.customerId },
        addDays(today, -APPLICATION_LOOKUP_DAYS),
      );
      const found = list.find(
        (application) => application.number === request.query.applicationNumber,
      );
      if (!found)
        return reply.code(404).send({ HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] });
      return { ...okEnvelope(), Application: toApplication(found) };
    },
  );
};
