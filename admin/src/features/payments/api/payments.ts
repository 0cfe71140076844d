import {
  type CloseUnpaidRequest,
  type RefundedElsewhereRequest,
  StaffPaymentDetail,
  StaffPaymentSearchResponse,
  type StaffPaymentSearchQuery,
} from '@portal/domain';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

export const paymentKeys = {
  all: (slug: string) => [...institutionKeys.detail(slug), 'payments'] as const,
  search: (slug: string, criteria: StaffPaymentSearchQuery) =>
    [...paymentKeys.all(slug), 'search', criteria] as const,
  payment: (slug: string, id: string) => [...paymentKeys.all(slug), 'payment', id] as const,
};

/** The criteria as the address's query (only those given). */
export function searchParamsOf(criteria: StaffPaymentSearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(criteria)) {
    if (typeof value === 'string' && value !== '') params.set(name, value);
  }
  return params;
}

/** `GET /admin-api/institutions/:slug/payments?...`: the institution's payments that match. */
export const paymentSearchQuery = (slug: string, criteria: StaffPaymentSearchQuery) =>
  queryOptions({
    queryKey: paymentKeys.search(slug, criteria),
    queryFn: ({ signal }) => {
      const search = searchParamsOf(criteria).toString();
      return api.get(
        `${adminPath('institutions', slug, 'payments')}${search ? `?${search}` : ''}`,
        StaffPaymentSearchResponse,
        { signal },
      );
    },
    // A new search keeps the last results on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const usePaymentSearch = (slug: string, criteria: StaffPaymentSearchQuery) =>
  useQuery(paymentSearchQuery(slug, criteria));

/** `GET /admin-api/institutions/:slug/payments/:id`: one payment with its timeline (audited). */
export const paymentQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: paymentKeys.payment(slug, id),
    queryFn: ({ signal }) =>
      api.get(adminPath('institutions', slug, 'payments', id), StaffPaymentDetail, { signal }),
    staleTime: 0,
  });

export const usePayment = (slug: string, id: string) => useQuery(paymentQuery(slug, id));

/**
 * `POST /admin-api/institutions/:slug/payments/:id/post-again`: a payment under review back to
 * processing and its posting queued again (editors and publishers; audited). The answer is the
 * payment as it is now; the searches are asked again (its status changed).
 */
export function usePostAgain(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(
        adminPath('institutions', slug, 'payments', id, 'post-again'),
        {},
        StaffPaymentDetail,
      ),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.payment(slug, id), payment);
      void queryClient.invalidateQueries({ queryKey: [...paymentKeys.all(slug), 'search'] });
    },
  });
}

/**
 * `POST /admin-api/institutions/:slug/payments/:id/refund`: a posted card payment given back (the
 * core's posting reversed, the card refunded, the borrower e-mailed; editors and publishers;
 * audited). The answer is the payment as it is now; the searches are asked again.
 */
export function useRefund(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(adminPath('institutions', slug, 'payments', id, 'refund'), {}, StaffPaymentDetail),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.payment(slug, id), payment);
      void queryClient.invalidateQueries({ queryKey: [...paymentKeys.all(slug), 'search'] });
    },
    // A refund that gave nothing back may still have changed the payment (the processor refused
    // and the core took it again; a half-done refund's timeline row): read it again at once.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.payment(slug, id) });
    },
  });
}

/**
 * `POST /admin-api/institutions/:slug/payments/:id/refunded-elsewhere`: a card payment whose
 * refund the processor refused, recorded as given back another way (the core's posting reversed;
 * editors and publishers; audited). The answer is the payment as it is now.
 */
export function useRefundedElsewhere(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RefundedElsewhereRequest) =>
      api.post(
        adminPath('institutions', slug, 'payments', id, 'refunded-elsewhere'),
        request,
        StaffPaymentDetail,
      ),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.payment(slug, id), payment);
      void queryClient.invalidateQueries({ queryKey: [...paymentKeys.all(slug), 'search'] });
    },
  });
}

/**
 * `POST /admin-api/institutions/:slug/payments/:id/close-unpaid`: a payment under review whose
 * money never arrived, closed as Failed (a posting the core holds reversed, the borrower e-mailed;
 * editors and publishers; audited). The answer is the payment as it is now.
 */
export function useCloseUnpaid(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CloseUnpaidRequest) =>
      api.post(
        adminPath('institutions', slug, 'payments', id, 'close-unpaid'),
        request,
        StaffPaymentDetail,
      ),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.payment(slug, id), payment);
      void queryClient.invalidateQueries({ queryKey: [...paymentKeys.all(slug), 'search'] });
    },
  });
}
