import {
  DeletePaymentResponse,
  PAYMENT_CALLS,
  PaymentInfoResponse,
  type DeletePaymentRequest,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../accounts/get-account-list';
import { api, ApiError } from '../api-client';

/** A loan's payment info as GetPaymentInfo answers it on success (spec 001 section 3). */
export type PaymentInfo = Extract<PaymentInfoResponse, { HasNoErrors: true }>;

/** Query keys of the payments area. */
export const paymentKeys = {
  all: () => ['payments'] as const,
  info: (accountNumber: string) => [...paymentKeys.all(), 'info', accountNumber] as const,
  drafts: () => [...paymentKeys.all(), 'achDrafts'] as const,
};

/** API paths are relative to the page (see api-client.ts): the catalogue's, without the slash. */
export function relativePath(path: string): string {
  return path.replace(/^\/+/, '');
}

/** `GET /api/PaymentInformation/GetPaymentInfo?accountNumber={n}`. */
export async function getPaymentInfo(
  accountNumber: string,
  signal?: AbortSignal,
): Promise<PaymentInfo> {
  const query = new URLSearchParams({ accountNumber });
  const answer = await api.get(
    `${relativePath(PAYMENT_CALLS.getPaymentInfo.path)}?${query.toString()}`,
    PaymentInfoResponse,
    { signal },
  );
  // The client throws on HasNoErrors false already; this narrows the union for the type.
  if (!answer.HasNoErrors) {
    throw new ApiError(
      200,
      answer.Errors.map((error) => error.ErrorMessage),
    );
  }
  return answer;
}

/**
 * The loan's scheduled and recurring payments a refused GetPaymentInfo still carries (a refusal
 * about the loan: domain PaymentInfoResponse), or undefined for any other failure.
 */
export function paymentListsOfRefusal(
  error: unknown,
):
  | Pick<
      PaymentInfo,
      'ScheduledPayments' | 'RecurringPayment' | 'ReturnedPayments' | 'RecentPayments'
    >
  | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const parsed = PaymentInfoResponse.safeParse(error.body);
  if (!parsed.success || parsed.data.HasNoErrors) return undefined;
  const { ScheduledPayments, RecurringPayment, ReturnedPayments, RecentPayments } = parsed.data;
  if (ScheduledPayments === undefined && RecurringPayment === undefined) return undefined;
  return {
    ScheduledPayments: ScheduledPayments ?? [],
    RecurringPayment: RecurringPayment ?? null,
    ReturnedPayments: ReturnedPayments ?? [],
    RecentPayments: RecentPayments ?? [],
  };
}

/**
 * The loan's scheduled payments still to be made: the list also shows those posted today
 * (HasBeenPosted), which no longer count towards the scheduled-payment quota, the one-recurring
 * rule or DisabledPaymentsAfterCutoffTime.
 */
export function pendingScheduledPayments(
  info: Pick<PaymentInfo, 'ScheduledPayments'>,
): PaymentInfo['ScheduledPayments'] {
  return info.ScheduledPayments.filter((payment) => !payment.HasBeenPosted);
}

export const paymentInfoQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: paymentKeys.info(accountNumber),
    queryFn: ({ signal }) => getPaymentInfo(accountNumber, signal),
  });

export function usePaymentInfo(accountNumber: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...paymentInfoQuery(accountNumber),
    enabled: (options.enabled ?? true) && accountNumber !== '',
  });
}

/** Which of the four delete calls (spec 001 section 7) a deletion goes to. */
export interface DeletePaymentVariables {
  kind: 'recurring' | 'scheduled';
  /** The payment's IsCard: DeleteCard, else DeleteAch. */
  isCard: boolean;
  /**
   * EncryptedString is a scheduled payment's EncryptedString or a recurring payment's
   * EncryptedData; LoanAccountNumber the loan's number.
   */
  payment: DeletePaymentRequest['Payment'];
}

function deletePath(variables: Pick<DeletePaymentVariables, 'kind' | 'isCard'>): string {
  const calls = {
    recurring: {
      card: PAYMENT_CALLS.deleteRecurringCard,
      ach: PAYMENT_CALLS.deleteRecurringAch,
    },
    scheduled: {
      card: PAYMENT_CALLS.deleteScheduledCard,
      ach: PAYMENT_CALLS.deleteScheduledAch,
    },
  } as const;
  return relativePath(calls[variables.kind][variables.isCard ? 'card' : 'ach'].path);
}

/**
 * `POST /api/Payment{Recurring,Scheduled}/Delete{Ach,Card}`. Token is the spec's user token: the
 * session rides in a cookie, so it is '' and the answer's Token ('' too) has nothing to replace.
 */
export function postDeletePayment(variables: DeletePaymentVariables) {
  const body: DeletePaymentRequest = { Token: '', Payment: variables.payment };
  return api.post(deletePath(variables), body, DeletePaymentResponse);
}

/** The payment info without the payment just deleted. */
function withoutDeleted(info: PaymentInfo, variables: DeletePaymentVariables): PaymentInfo {
  const handle = variables.payment.EncryptedString;
  if (variables.kind === 'recurring') {
    return info.RecurringPayment?.EncryptedData === handle
      ? { ...info, RecurringPayment: null }
      : info;
  }
  return {
    ...info,
    ScheduledPayments: info.ScheduledPayments.filter(
      (payment) => payment.EncryptedString !== handle,
    ),
  };
}

/**
 * Deletes a recurring or scheduled payment. On success the cached payment info drops it at once
 * (spec 001 section 4: "the recurring payment is cleared, or the scheduled payment is removed
 * from the list"), then the loan's payment info and the account list (whose amounts and dates it
 * may change) are fetched again.
 */
export function useDeletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDeletePayment,
    onSuccess: async (_answer, variables) => {
      const infoKey = paymentKeys.info(variables.payment.LoanAccountNumber);
      queryClient.setQueryData<PaymentInfo>(infoKey, (info) =>
        info ? withoutDeleted(info, variables) : info,
      );
      await Promise.all([
        // Every payments query, the payoff quotes of Make Payment with them: a future payoff
        // counts the payments scheduled before its date, so one deleted changes it.
        queryClient.invalidateQueries({ queryKey: paymentKeys.all() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
      ]);
    },
  });
}
