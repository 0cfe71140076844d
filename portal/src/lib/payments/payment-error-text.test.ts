import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { wireSettings } from '../../testing/fixtures';
import { ApiError } from '../api-client';
import { paymentErrorText } from './payment-error-text';

const settings = createSettingsAccessor(wireSettings({}));

// The refusals the server answers that the portal's catalogues must word (found by running the
// payment journeys against the real server, e2e/payments-jordan.spec.ts).
describe('the wording of refusals the payments server answers', () => {
  it("words a scheduled payment's HasBeenPosted refusal as the scheduled delete-blocked text", () => {
    const refused = new ApiError(200, ['HasBeenPosted']);
    expect(paymentErrorText(settings, 'scheduledDeletion', refused)).toBe(
      'Cannot delete scheduled payment.',
    );
  });

  it('follows the institution wording of the delete-blocked text', () => {
    const custom = createSettingsAccessor(
      wireSettings({ 'recurringPaymentTexts.scheduledDeleteBlockedText': 'Already on its way.' }),
    );
    expect(
      paymentErrorText(custom, 'scheduledDeletion', new ApiError(200, ['HasBeenPosted'])),
    ).toBe('Already on its way.');
  });

  it('words a reused Idempotency-Key (422) as the Generic submit error: do not submit again', () => {
    const reused = new ApiError(422, ['IdempotencyKeyReused']);
    expect(paymentErrorText(settings, 'submit', reused)).toBe(
      String(settings.get('paymentErrorTexts.genericSubmitText')),
    );
    expect(paymentErrorText(settings, 'submit', reused)).toMatch(
      /^An error occurred\. Please do not submit/,
    );
  });

  it('words a submission still running after the retries (409) the same way', () => {
    const running = new ApiError(409, ['IdempotencyKeyInProgress']);
    expect(paymentErrorText(settings, 'submit', running)).toMatch(
      /^An error occurred\. Please do not submit/,
    );
  });
});
