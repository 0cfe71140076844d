import { Envelope, GetSubscriptionInfoResponse, type SubscriptionChange } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/session/get-profile';

export const textingKeys = {
  subscriptions: (phoneNumber: string) =>
    [...profileKeys.all(), 'text-subscriptions', phoneNumber] as const,
};

/** `POST /api/SolutionsByText/GetSubscriptionInfo`: the phone's opt-ins per programme. */
export function postGetSubscriptionInfo(phoneNumber: string, signal?: AbortSignal) {
  return api.post(
    'api/SolutionsByText/GetSubscriptionInfo',
    { PhoneNumber: phoneNumber },
    GetSubscriptionInfoResponse,
    { signal },
  );
}

/** Read each time the dialog opens (an agreement may just have been accepted): never cached. */
export const subscriptionInfoQuery = (phoneNumber: string) =>
  queryOptions({
    queryKey: textingKeys.subscriptions(phoneNumber),
    queryFn: ({ signal }) => postGetSubscriptionInfo(phoneNumber, signal),
    gcTime: 0,
    staleTime: 0,
  });

/** `POST /api/SolutionsByText/ModifySubscriptions`: the changed programmes only. */
export function postModifySubscriptions(phoneNumber: string, options: SubscriptionChange[]) {
  return api.post(
    'api/SolutionsByText/ModifySubscriptions',
    { PhoneNumber: phoneNumber, Options: options },
    Envelope,
  );
}
