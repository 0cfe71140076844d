import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { TEST_INSTITUTION, wireSettings } from '../../../testing/fixtures';
import { registrationConfig } from './registration-config';
import { emptyRegistrationValues, validateRegistration } from './registration-form';

const settings = createSettingsAccessor(wireSettings({}));
const config = registrationConfig(settings, TEST_INSTITUTION, new Date('2026-11-26T15:00:00Z'));

/** The account number's message for a number typed under a mask (or none). */
function accountNumberIssue(accountNumber: string, accountNumberMask: string | undefined) {
  const values = {
    ...emptyRegistrationValues(config),
    accountType: 'Loan' as const,
    accountNumber,
  };
  const issues = validateRegistration(values, {
    settings,
    config,
    accountNumberMask,
    validatePassword: () => undefined,
    today: new Date('2026-11-26T15:00:00Z'),
  });
  return issues.accountNumber;
}

const ACCOUNT_NUMBER_ERROR = settings.get('registrationErrorTexts.accountNumberErrorText');

// The server answers AccountNumberError with domain's accountNumberFormatOk; the form asks the
// same question of the number it would send, so it refuses exactly what the server refuses.
describe("the registration form's account number check", () => {
  it('is asked by default', () => {
    expect(config.accountNumberRequired).toBe(true);
  });

  it('refuses what the server refuses, without a mask', () => {
    expect(accountNumberIssue('12-', undefined)).toBe(ACCOUNT_NUMBER_ERROR);
    expect(accountNumberIssue('-12', undefined)).toBe(ACCOUNT_NUMBER_ERROR);
    expect(accountNumberIssue('12a4', undefined)).toBe(ACCOUNT_NUMBER_ERROR);
    expect(accountNumberIssue('001-400123-1', undefined)).toBeUndefined();
    expect(accountNumberIssue('0014001231', undefined)).toBeUndefined();
  });

  it('refuses an incomplete masked number', () => {
    expect(accountNumberIssue('001-4001', '000-000000-0')).toBe(ACCOUNT_NUMBER_ERROR);
    expect(accountNumberIssue('0014001231', '000-000000-0')).toBeUndefined();
    expect(accountNumberIssue('001-400123-1', '000-000000-0')).toBeUndefined();
  });
});
