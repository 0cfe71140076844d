import {
  AchInfo,
  AddAchPaymentMethodRequest,
  AddCardPaymentMethodRequest,
  AddPaymentMethodResponse,
  CardInfo,
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  okEnvelope,
  PAYMENT_CALLS,
  PaymentMethodsRequest,
  PaymentMethodsResponse,
  PaymentsOfMethodRequest,
  PaymentsOfMethodResponse,
  RemoveDefaultPaymentMethodQuery,
  RoutingLookupQuery,
  RoutingLookupResponse,
  SetDefaultPaymentMethodRequest,
  ValidateAchPaymentMethodRequest,
} from '@portal/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
import type { PaymentMethodsService } from './payment-methods.service';

const REQUIRED = { auth: 'required' } as const;
const NOT_FOUND = { 401: Envelope, 404: Envelope };

/**
 * A loan or method the caller does not hold, whether it exists or not: the same status and body,
 * so a second user learns nothing about another's accounts or methods.
 */
function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
}

/** The saved payment methods' calls (spec 001 sections 4 and 7), all for a signed-in user. */
export const paymentMethodsRoutes: FastifyPluginAsyncZod<{
  service: PaymentMethodsService;
}> = async (app, { service }) => {
  app.post(
    PAYMENT_CALLS.getPaymentMethods.path,
    {
      config: REQUIRED,
      schema: {
        body: PaymentMethodsRequest,
        response: { 200: PaymentMethodsResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.list(signedInCaller(request), request.body.AccountNumber);
      if (outcome.kind === 'notFound') return notFound(reply);
      if (outcome.kind === 'refused') {
        return { ...errorEnvelope(outcome.error), PaymentMethods: [], DefaultPaymentMethod: null };
      }
      return {
        ...okEnvelope(),
        PaymentMethods: outcome.value.methods,
        DefaultPaymentMethod: outcome.value.defaultMethod,
        AchAgreementsNeeded: outcome.value.achAgreementsNeeded,
      };
    },
  );

  app.post(
    PAYMENT_CALLS.addCardPaymentMethod.path,
    {
      config: REQUIRED,
      schema: {
        body: AddCardPaymentMethodRequest,
        response: { 200: AddPaymentMethodResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.addCard(signedInCaller(request), request.body);
      if (outcome.kind === 'notFound') return notFound(reply);
      if (outcome.kind === 'refused')
        return { ...errorEnvelope(outcome.error), PaymentMethod: null };
      return { ...okEnvelope(), PaymentMethod: outcome.value };
    },
  );

  app.post(
    PAYMENT_CALLS.addAchPaymentMethod.path,
    {
      config: REQUIRED,
      schema: {
        body: AddAchPaymentMethodRequest,
        response: { 200: AddPaymentMethodResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.addAch(signedInCaller(request), request.body);
      if (outcome.kind === 'notFound') return notFound(reply);
      if (outcome.kind === 'refused')
        return { ...errorEnvelope(outcome.error), PaymentMethod: null };
      return { ...okEnvelope(), PaymentMethod: outcome.value };
    },
  );

  app.post(
    PAYMENT_CALLS.validateAchPaymentMethod.path,
    {
      config: REQUIRED,
      schema: { body: ValidateAchPaymentMethodRequest, response: { 200: Envelope, ...NOT_FOUND } },
    },
    async (request, reply) => {
      const outcome = await service.validateAch(signedInCaller(request), request.body);
      if (outcome.kind === 'notFound') return notFound(reply);
      return outcome.kind === 'refused' ? errorEnvelope(outcome.error) : okEnvelope();
    },
  );

  app.post(
    PAYMENT_CALLS.deleteAchPaymentMethod.path,
    { config: REQUIRED, schema: { body: AchInfo, response: { 200: Envelope, ...NOT_FOUND } } },
    async (request, reply) => {
      const outcome = await service.remove(signedInCaller(request), {
        isCard: false,
        profileId: request.body.ProfileId,
        lastFour: request.body.AccountNumber,
      });
      if (outcome.kind === 'notFound') return notFound(reply);
      return outcome.kind === 'refused' ? errorEnvelope(outcome.error) : okEnvelope();
    },
  );

  app.post(
    PAYMENT_CALLS.deleteCardPaymentMethod.path,
    { config: REQUIRED, schema: { body: CardInfo, response: { 200: Envelope, ...NOT_FOUND } } },
    async (request, reply) => {
      const outcome = await service.remove(signedInCaller(request), {
        isCard: true,
        profileId: request.body.ProfileId,
        lastFour: request.body.CardNumber,
      });
      if (outcome.kind === 'notFound') return notFound(reply);
      return outcome.kind === 'refused' ? errorEnvelope(outcome.error) : okEnvelope();
    },
  );

  app.post(
    PAYMENT_CALLS.setDefaultPaymentMethod.path,
    {
      config: REQUIRED,
      schema: { body: SetDefaultPaymentMethodRequest, response: { 200: Envelope, ...NOT_FOUND } },
    },
    async (request, reply) => {
      const method = request.body.PaymentMethod;
      const outcome = await service.setDefault(
        signedInCaller(request),
        request.body.AccountNumber,
        {
          isCard: method.IsCard,
          profileId: method.IsCard ? method.CardInfo.ProfileId : method.AchInfo.ProfileId,
        },
      );
      if (outcome.kind === 'notFound') return notFound(reply);
      return outcome.kind === 'refused' ? errorEnvelope(outcome.error) : okEnvelope();
    },
  );

  // Issue 20 item 9: the delete dialog names the payments the deletion cancels.
  app.post(
    PAYMENT_CALLS.paymentsOfMethod.path,
    {
      config: REQUIRED,
      schema: {
        body: PaymentsOfMethodRequest,
        response: { 200: PaymentsOfMethodResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.paymentsOf(signedInCaller(request), {
        isCard: request.body.IsCard,
        profileId: request.body.ProfileId,
      });
      if (outcome.kind === 'notFound') return notFound(reply);
      if (outcome.kind === 'refused') return { ...errorEnvelope(outcome.error), Payments: [] };
      return { ...okEnvelope(), Payments: outcome.value };
    },
  );

  app.delete(
    PAYMENT_CALLS.removeDefaultPaymentMethod.path,
    {
      config: REQUIRED,
      schema: {
        querystring: RemoveDefaultPaymentMethodQuery,
        response: { 200: Envelope, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.removeDefault(
        signedInCaller(request),
        request.query.accountNumber,
      );
      if (outcome.kind === 'notFound') return notFound(reply);
      return outcome.kind === 'refused' ? errorEnvelope(outcome.error) : okEnvelope();
    },
  );

  app.get(
    PAYMENT_CALLS.achRoutingData.path,
    {
      config: REQUIRED,
      schema: {
        querystring: RoutingLookupQuery,
        response: { 200: RoutingLookupResponse, 401: Envelope },
      },
    },
    async (request) => {
      const lookup = await service.lookupRoutingNumber(request.query.routingNumber);
      const blank = { Address: '', City: '', State: '', Zip: '', RoutingNumber: '', Name: '' };
      if (lookup.kind === 'refused') {
        return { ...errorEnvelope(lookup.error), ...blank, BankExists: false };
      }
      if (lookup.kind === 'unknown') return { ...okEnvelope(), ...blank, BankExists: false };
      const { bank } = lookup;
      return {
        ...okEnvelope(),
        Address: bank.address ?? '',
        City: bank.city,
        State: bank.state,
        Zip: bank.zip ?? '',
        RoutingNumber: bank.routingNumber,
        BankExists: true,
        Name: bank.name,
      };
    },
  );
};
