import {
  AchDraftPreviewRequest,
  AchDraftPreviewResponse,
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_CALLS,
  PaymentRequest,
  RecurringPaymentRequest,
  SubmitPaymentResponse,
  toWire,
  type PaymentKind,
  type PaymentType,
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
  /** Money in cents, as the app holds it. */
  body: PaymentRequest | RecurringPaymentRequest;
}

/**
 * A submit's body as the wire has it: its schema encodes the cents as decimal dollars. A recurring
 * body is the one with the draft token ('' when none was needed).
 */
function wireBodyOf(body: PaymentRequest | RecurringPaymentRequest) {
  return 'AchDraftAgreementToken' in body
    ? toWire(RecurringPaymentRequest, body)
    : toWire(PaymentRequest, body);
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
  const body = wireBodyOf(submission.body);
  for (let retries = 0; ; retries += 1) {
    try {
      return await api.post(submission.path, body, SubmitPaymentResponse, {
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
 * preview and then goes with the recurring request as AchDraftAgreementToken. The request's money
 * is cents; its schema sends it as the wire's dollars.
 */
export function prepareAchDraftPreview(request: AchDraftPreviewRequest) {
  return api.post(
    PAYMENT_CALLS.prepareAchDraftAgreementPreview.path,
    toWire(AchDraftPreviewRequest, request),
    AchDraftPreviewResponse,
  );
}

/** The address that renders the preview in a new tab. */
export function achDraftPreviewUrl(token: string): string {
  const path = PAYMENT_CALLS.renderAchDraftAgreementPreview.path.replace(/^\//, '');
  return `${path}?${new URLSearchParams({ token }).toString()}`;
}
