import {
  AddPaymentMethodResponse,
  Envelope,
  PAYMENT_CALLS,
  PaymentMethodsResponse,
  PaymentsOfMethodResponse,
  RoutingLookupResponse,
  type AddCardPaymentMethodRequest,
  type NewAchPaymentMethod,
  type SavedPaymentMethod,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentFeatureKeys } from './keys';

/** `POST /api/PaymentMethod/GetPaymentMethods`: the saved methods and the loan's default. */
export const paymentMethodsQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: paymentFeatureKeys.methods(accountNumber),
    queryFn: ({ signal }) =>
      api.post(
        PAYMENT_CALLS.getPaymentMethods.path,
        { AccountNumber: accountNumber },
        PaymentMethodsResponse,
        { signal },
      ),
    enabled: accountNumber !== '',
  });

export const usePaymentMethods = (accountNumber: string, enabled: boolean) =>
  useQuery({ ...paymentMethodsQuery(accountNumber), enabled: enabled && accountNumber !== '' });

/** `GET /api/ACHRoutingData?routingNumber=`: the bank of a routing number. */
export const routingLookupQuery = (routingNumber: string) =>
  queryOptions({
    queryKey: paymentFeatureKeys.routing(routingNumber),
    queryFn: ({ signal }) =>
      api.get(
        `${PAYMENT_CALLS.achRoutingData.path}?${new URLSearchParams({ routingNumber }).toString()}`,
        RoutingLookupResponse,
        { signal },
      ),
    staleTime: Infinity,
  });

/**
 * `POST /api/PaymentMethod/AddCardPaymentMethod`. The card number and security code travel in
 * this one request and are dropped from memory with the dialog's form once it answers.
 */
export function addCardPaymentMethod(request: AddCardPaymentMethodRequest) {
  return api.post(PAYMENT_CALLS.addCardPaymentMethod.path, request, AddPaymentMethodResponse);
}

export function addAchPaymentMethod(request: NewAchPaymentMethod) {
  return api.post(PAYMENT_CALLS.addAchPaymentMethod.path, request, AddPaymentMethodResponse);
}

/** `POST /api/PaymentMethod/ValidateAchPaymentMethod`: the error, if any, is Errors[0]. */
export function validateAchPaymentMethod(request: NewAchPaymentMethod) {
  return api.post(PAYMENT_CALLS.validateAchPaymentMethod.path, request, Envelope);
}

/** `POST /api/PaymentMethod/DeleteAchPayment` or `DeleteCardPayment` with the method's info. */
export function deleteSavedPaymentMethod(method: SavedPaymentMethod) {
  return method.IsCard
    ? api.post(PAYMENT_CALLS.deleteCardPaymentMethod.path, method.CardInfo, Envelope)
    : api.post(PAYMENT_CALLS.deleteAchPaymentMethod.path, method.AchInfo, Envelope);
}

/**
 * `POST /api/PaymentMethod/PaymentsOfMethod` (issue 20 item 9): the scheduled and recurring
 * payments deleting the method cancels, asked when the delete dialog opens (never cached: it
 * must be what the deletion would cancel now).
 */
export async function paymentsOfMethod(method: SavedPaymentMethod) {
  const answer = await api.post(
    PAYMENT_CALLS.paymentsOfMethod.path,
    {
      IsCard: method.IsCard,
      ProfileId: method.IsCard ? method.CardInfo.ProfileId : method.AchInfo.ProfileId,
    },
    PaymentsOfMethodResponse,
  );
  return answer.Payments;
}

/** `POST /api/PaymentMethod/SetDefaultPaymentMethod`. */
export function setDefaultPaymentMethod(accountNumber: string, method: SavedPaymentMethod) {
  return api.post(
    PAYMENT_CALLS.setDefaultPaymentMethod.path,
    { AccountNumber: accountNumber, PaymentMethod: method },
    Envelope,
  );
}

/** `DELETE api/PaymentMethod/RemoveDefaultPaymentMethod?accountNumber=` (the spec's method). */
export async function removeDefaultPaymentMethod(accountNumber: string): Promise<void> {
  await api.delete(
    `${PAYMENT_CALLS.removeDefaultPaymentMethod.path.replace(/^\//, '')}?${new URLSearchParams({ accountNumber }).toString()}`,
    Envelope,
  );
}
