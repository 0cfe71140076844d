import {
  AchDraftPreviewResponse,
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_CALLS,
  SubmitPaymentResponse,
  type AchDraftPreviewRequest,
  type PaymentKind,
  type PaymentRequest,
  type PaymentType,
  type RecurringPaymentRequest,
} from '@portal/domain';
import { api } from '../../../lib/api-client';

/** Which of the six submit calls a payment goes to (spec 001 section 7). */
export function submitCallOf(kind: PaymentKind, paymentType: PaymentType) {
  const card = paymentType === 'Card';
  switch (kind) {
    case 'immediate':
      return card ? PAYMENT_CALLS.submitImmediateCard : PAYMENT_CALLS.submitImmediateAch;
    case 'scheduled':
      return card ? PAYMENT_CALLS.submitScheduledCard : PAYMENT_CALLS.submitScheduledAch;
    case 'recurring':
      return card ? PAYMENT_CALLS.submitRecurringCard : PAYMENT_CALLS.submitRecurringAch;
  }
}

export interface PaymentSubmission {
  path: string;
  body: PaymentRequest | RecurringPaymentRequest;
}

/** Sends one submit with its attempt's Idempotency-Key (the same key on a retry). */
export function submitPayment(submission: PaymentSubmission, idempotencyKey: string) {
  return api.post(submission.path, submission.body, SubmitPaymentResponse, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * `POST /api/AchDraftAgreement/PrepareAchDraftAgreementPreview`: the PassableToken that opens the
 * preview and then goes with the recurring request as AchDraftAgreementToken.
 */
export function prepareAchDraftPreview(request: AchDraftPreviewRequest) {
  return api.post(
    PAYMENT_CALLS.prepareAchDraftAgreementPreview.path,
    request,
    AchDraftPreviewResponse,
  );
}

/** The address that renders the preview in a new tab. */
export function achDraftPreviewUrl(token: string): string {
  const path = PAYMENT_CALLS.renderAchDraftAgreementPreview.path.replace(/^\//, '');
  return `${path}?${new URLSearchParams({ token }).toString()}`;
}
