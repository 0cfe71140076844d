import {
  PAYMENT_TIMELINE_PATH,
  PaymentTimelineResponse,
  type PaymentEventStatus,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { paymentKeys, relativePath } from './payment-info';

/**
 * `GET /api/PaymentScheduled/Timeline?EncryptedString=&LoanAccountNumber=` (issue 24): where a
 * listed payment is now and each change of it, oldest first. Asked for when its details open,
 * never kept stale: a payment moves on by itself (processing, posted, returned).
 */
export const paymentTimelineQuery = (handle: string, accountNumber: string) =>
  queryOptions({
    queryKey: [...paymentKeys.all(), 'timeline', accountNumber, handle] as const,
    queryFn: ({ signal }) =>
      api.get(
        `${relativePath(PAYMENT_TIMELINE_PATH)}?${new URLSearchParams({
          EncryptedString: handle,
          LoanAccountNumber: accountNumber,
        }).toString()}`,
        PaymentTimelineResponse,
        { signal },
      ),
    staleTime: 0,
  });

/** The setting that names each status to the borrower (recurringPaymentTexts). */
export const PAYMENT_STATUS_TEXT_KEYS = {
  scheduled: 'recurringPaymentTexts.paymentStatusScheduledText',
  settling: 'recurringPaymentTexts.paymentStatusProcessingText',
  posted: 'recurringPaymentTexts.paymentStatusPostedText',
  failed: 'recurringPaymentTexts.paymentStatusFailedText',
  cancelled: 'recurringPaymentTexts.paymentStatusCancelledText',
  needsReview: 'recurringPaymentTexts.paymentStatusNeedsReviewText',
  returned: 'recurringPaymentTexts.paymentStatusReturnedText',
  refunded: 'recurringPaymentTexts.paymentStatusRefundedText',
} as const satisfies Record<PaymentEventStatus, string>;
