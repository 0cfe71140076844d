import {
  DeletePaymentRequest,
  DeletePaymentResponse,
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  GetThirdPartyFeeRequest,
  okEnvelope,
  PAYMENT_CALLS,
  PaymentInfoQuery,
  PaymentInfoResponse,
  PaymentRequest,
  RecurringPaymentRequest,
  SubmitPaymentResponse,
  ThirdPartyFeeResponse,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
import { readIdempotencyKey } from '../../lib/idempotency';
import type { PaymentsService, SubmitAnswer } from './payments.service';
import type { SubmitRequest, SubmitRoute } from './payment-submit';

const REQUIRED = { auth: 'required' } as const;
const NOT_FOUND = { 401: Envelope, 404: Envelope };
/**
 * The submit calls' answers. A request the schema refuses (400) and a server error (500) are
 * answered by the error handler's plain envelope, without a ReferenceNumber: declared as either,
 * or the answer failed its own schema and left as a bare 500 (a malformed submit did so).
 */
const SUBMIT_ANSWERS = {
  200: SubmitPaymentResponse,
  400: z.union([SubmitPaymentResponse, Envelope]),
  401: Envelope,
  404: SubmitPaymentResponse,
  409: SubmitPaymentResponse,
  422: SubmitPaymentResponse,
  500: z.union([SubmitPaymentResponse, Envelope]),
  503: SubmitPaymentResponse,
};

const SUBMITS: { call: keyof typeof PAYMENT_CALLS; route: SubmitRoute; type: 'ACH' | 'Card' }[] = [
  { call: 'submitImmediateCard', route: 'immediate', type: 'Card' },
  { call: 'submitImmediateAch', route: 'immediate', type: 'ACH' },
  { call: 'submitScheduledCard', route: 'scheduled', type: 'Card' },
  { call: 'submitScheduledAch', route: 'scheduled', type: 'ACH' },
];

const DELETES: {
  call: keyof typeof PAYMENT_CALLS;
  kind: 'scheduled' | 'recurring';
  isCard: boolean;
}[] = [
  { call: 'deleteRecurringAch', kind: 'recurring', isCard: false },
  { call: 'deleteRecurringCard', kind: 'recurring', isCard: true },
  { call: 'deleteScheduledAch', kind: 'scheduled', isCard: false },
  { call: 'deleteScheduledCard', kind: 'scheduled', isCard: true },
];

/** The payments calls of spec 001 section 7 (payment info, fee, submit, delete). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  app.get(
    PAYMENT_CALLS.getPaymentInfo.path,
    {
      config: REQUIRED,
      schema: {
        querystring: PaymentInfoQuery,
        response: { 200: PaymentInfoResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.paymentInfo(
        signedInCaller(request),
        request.query.accountNumber,
      );
      if (outcome.kind === 'notFound') {
        return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      }
      if (outcome.kind === 'nightMode') {
        return { HasNoErrors: false, Errors: errorEnvelope('NiteMode').Errors } as const;
      }
      return outcome.answer;
    },
  );

  app.post(
    PAYMENT_CALLS.getThirdPartyFee.path,
    {
      config: REQUIRED,
      schema: {
        body: GetThirdPartyFeeRequest,
        response: { 200: ThirdPartyFeeResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.thirdPartyFee(signedInCaller(request), request.body);
      if (outcome.kind === 'notFound') {
        return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      }
      if (outcome.cents === undefined)
        return { ...errorEnvelope('Invalid'), ThirdPartyFeeAmount: 0 };
      return { ...okEnvelope(), ThirdPartyFeeAmount: outcome.cents };
    },
  );

  const submit = async (
    request: FastifyRequest,
    submitRequest: SubmitRequest,
  ): Promise<SubmitAnswer> => {
    try {
      return await service.submit(
        signedInCaller(request),
        submitRequest,
        readIdempotencyKey(request.headers),
      );
    } catch (error) {
      // The key stays claimed: a retry with it, or the posting job, finishes the same payment.
      request.log.error({ err: error }, 'payment submit failed');
      return { status: 500, body: { ...errorEnvelope('Generic'), ReferenceNumber: '' } };
    }
  };

  for (const { call, route, type } of SUBMITS) {
    app.post(
      PAYMENT_CALLS[call].path,
      { config: REQUIRED, schema: { body: PaymentRequest, response: SUBMIT_ANSWERS } },
      async (request, reply) => {
        const answer = await submit(request, { route, paymentType: type, body: request.body });
        return reply.code(answer.status).send(answer.body);
      },
    );
  }
  for (const type of ['ACH', 'Card'] as const) {
    app.post(
      type === 'ACH'
        ? PAYMENT_CALLS.submitRecurringAch.path
        : PAYMENT_CALLS.submitRecurringCard.path,
      { config: REQUIRED, schema: { body: RecurringPaymentRequest, response: SUBMIT_ANSWERS } },
      async (request, reply) => {
        const answer = await submit(request, {
          route: 'recurring',
          paymentType: type,
          body: request.body,
        });
        return reply.code(answer.status).send(answer.body);
      },
    );
  }

  for (const { call, kind, isCard } of DELETES) {
    app.post(
      PAYMENT_CALLS[call].path,
      {
        config: REQUIRED,
        schema: {
          body: DeletePaymentRequest,
          response: { 200: DeletePaymentResponse, ...NOT_FOUND },
        },
      },
      async (request, reply) => {
        const outcome = await service.deletePayment(
          signedInCaller(request),
          kind,
          isCard,
          request.body,
        );
        if (outcome.status === 404) {
          return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
        }
        // The session rides in a cookie: there is no new user token to pass up.
        return outcome.error
          ? { ...errorEnvelope(outcome.error), Token: '' }
          : { ...okEnvelope(), Token: '' };
      },
    );
  }
};
