import {
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  PAYMENT_TIMELINE_PATH,
  PaymentTimelineQuery,
  PaymentTimelineResponse,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
import type { PaymentTimelineService } from './payment-timeline';

/**
 * `GET /api/PaymentScheduled/Timeline`: the state and dates of a payment the portal lists to the
 * borrower (payment-timeline.ts; 404 NotFound for anyone else's).
 */
export const paymentTimelineRoutes: FastifyPluginAsyncZod<{
  service: PaymentTimelineService;
}> = async (app, { service }) => {
  app.get(
    PAYMENT_TIMELINE_PATH,
    {
      config: { auth: 'required' },
      schema: {
        querystring: PaymentTimelineQuery,
        response: { 200: PaymentTimelineResponse, 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const answer = await service.timeline(signedInCaller(request), request.query);
      if (!answer) return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      return answer;
    },
  );
};
