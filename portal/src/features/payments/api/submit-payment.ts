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
import { api, ApiError } from '../../../lib/api-client';

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

/**
 * A 409 IdempotencyKeyInProgress says the first submission under the key is still running on the
 * server (another tab, or a retry after a lost answer): the same request with the same key is
 * sent again after a short wait, and gets that submission's answer once it is stored. Decided:
 * up to 5 more tries, 1 s apart; after that the refusal stands (worded as Generic, 'do not
 * submit again': payment-error-text.ts) and the attempt keeps its key for a later retry.
 */
export const IN_PROGRESS_RETRIES = 5;
export const IN_PROGRESS_WAIT_MS = 1_000;

function stillInProgress(caught: unknown): boolean {
  return (
    caught instanceof ApiError &&
    caught.status === 409 &&
    caught.code === 'IdempotencyKeyInProgress'
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends one submit with its attempt's Idempotency-Key (the same key on a retry). */
export async function submitPayment(
  submission: PaymentSubmission,
  idempotencyKey: string,
  wait: (ms: number) => Promise<void> = sleep,
) {
  for (let retries = 0; ; retries += 1) {
    try {
      return await api.post(submission.path, submission.body, SubmitPaymentResponse, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      });
    } catch (caught) {
      if (retries >= IN_PROGRESS_RETRIES || !stillInProgress(caught)) throw caught;
      await wait(IN_PROGRESS_WAIT_MS);
    }
  }
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
