import { paymentErrorDisplay, type PaymentErrorCatalogue } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { ApiError } from '../api-client';

/**
 * The envelope a failed call answered, read back from the client's error; a failure without an
 * answer (the network, an aborted call, anything but an ApiError) is 'networkFailure'.
 */
export function failedAnswerOf(error: unknown) {
  if (!(error instanceof ApiError) || error.status === 0) return 'networkFailure' as const;
  return {
    HasNoErrors: false,
    Errors: error.errors.map((message) => ({
      ErrorMessage: IDEMPOTENCY_WORDING[message] ?? message,
    })),
  };
}

/**
 * The Idempotency-Key refusals of a submit (not in the spec's catalogue; ARCHITECTURE.md): a key
 * already used with another request (IdempotencyKeyReused, 422), or a first submission still
 * running after the client's retries (IdempotencyKeyInProgress, 409). Either way a payment may
 * have been made under that key, so they are worded as section 8's Generic ('Please do not
 * submit your payment again or your account could be charged multiple times'), never as the
 * plain refusal (decided; found by the payment journeys, e2e/payments-jordan.spec.ts).
 */
const IDEMPOTENCY_WORDING: Readonly<Record<string, string>> = {
  IdempotencyKeyReused: 'Generic',
  IdempotencyKeyInProgress: 'Generic',
};

/**
 * What a failed payments call shows (spec 001 section 8 "Envelope rules", decided by the domain's
 * `paymentErrorDisplay`): the catalogue entry's wording from its settings text, or the host's
 * own message. 'Unauthorized' has already signed the user out (the API client does that); the
 * catalogue's fallback wording is shown meanwhile.
 */
export function paymentErrorText(
  settings: SettingsAccessor,
  catalogue: PaymentErrorCatalogue,
  error: unknown,
): string {
  const display = paymentErrorDisplay(catalogue, failedAnswerOf(error));
  switch (display.kind) {
    case 'catalogued':
      return String(settings.get(display.textKey));
    case 'hostError':
    case 'processingError':
      return display.message;
    case 'logOut':
    case 'none':
      return fallbackText(settings, catalogue);
  }
}

function fallbackText(settings: SettingsAccessor, catalogue: PaymentErrorCatalogue): string {
  // A failed answer without errors always gives the catalogue's fallback entry.
  const fallback = paymentErrorDisplay(catalogue, { HasNoErrors: false, Errors: [] });
  return fallback.kind === 'catalogued' ? String(settings.get(fallback.textKey)) : '';
}
