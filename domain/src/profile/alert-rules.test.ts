import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERTS, type EmailAlerts } from '../api/account-details';
import {
  dueDateAlertsDue,
  dueDateAlertsFor,
  isNewSignInDevice,
  loanAlertChosen,
  signInDeviceOf,
} from './alert-rules';
import { DEFAULT_NOTIFICATION_PREFERENCES } from './notification-preferences';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CHROME_WINDOWS_NEWER = CHROME_WINDOWS.replace('Chrome/124', 'Chrome/126');
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function emailAlerts(changes: Partial<EmailAlerts>): EmailAlerts {
  return { ...DEFAULT_ALERTS.EmailAlerts, ...changes };
}

describe('the loan alert rules', () => {
  it("sends a loan's alert only when chosen on the loan and not silenced on the profile", () => {
    const preferences = DEFAULT_NOTIFICATION_PREFERENCES;
    expect(loanAlertChosen(preferences, 'email', true)).toBe(true);
    expect(loanAlertChosen(preferences, 'text', true)).toBe(true);
    expect(loanAlertChosen(preferences, 'email', false)).toBe(false);
    expect(loanAlertChosen({ ...preferences, turnOffAllAlerts: true }, 'text', true)).toBe(false);
    const noEmail = {
      ...preferences,
      emailAlerts: { ...preferences.emailAlerts, optInOutEmailAlerts: false },
    };
    expect(loanAlertChosen(noEmail, 'email', true)).toBe(false);
    expect(loanAlertChosen(noEmail, 'text', true)).toBe(true);
  });

  it("silences a loan's alerts in a channel opted out of transactional messages, only there", () => {
    const preferences = DEFAULT_NOTIFICATION_PREFERENCES;
    const noTransactionalTexts = {
      ...preferences,
      textAlerts: { ...preferences.textAlerts, optOutTransactionalAlerts: true },
    };
    expect(loanAlertChosen(noTransactionalTexts, 'text', true)).toBe(false);
    expect(loanAlertChosen(noTransactionalTexts, 'email', true)).toBe(true);
    const noTransactionalEmail = {
      ...preferences,
      emailAlerts: { ...preferences.emailAlerts, optOutTransactionalAlerts: true },
    };
    expect(loanAlertChosen(noTransactionalEmail, 'email', true)).toBe(false);
    expect(loanAlertChosen(noTransactionalEmail, 'text', true)).toBe(true);
  });

  it('places each due-date alert that is on N days before or after the due date', () => {
    const alerts = emailAlerts({
      AlertLoanDueDate1: true,
      AlertLoanDueDate1Days: '15',
      AlertLoanDueDate2: true,
      AlertLoanDueDate2Before: false,
      AlertLoanDueDate2Days: '3',
      // Off, or without days: never sent.
      AlertLoanDueDate3: false,
      AlertLoanDueDate3Days: '5',
      AlertLoanDueDate4: true,
      AlertLoanDueDate4Days: '',
    });
    expect(dueDateAlertsFor(alerts, '2025-04-14')).toEqual([
      { alert: 1, before: true, days: 15, day: '2025-03-30' },
      { alert: 2, before: false, days: 3, day: '2025-04-17' },
    ]);
  });

  it('sends a due-date alert from its day on, a "before" one never after the due date', () => {
    const alerts = emailAlerts({
      AlertLoanDueDate1: true,
      AlertLoanDueDate1Days: '5',
      AlertLoanDueDate2: true,
      AlertLoanDueDate2Before: false,
      AlertLoanDueDate2Days: '2',
    });
    const due = (today: string) =>
      dueDateAlertsDue(alerts, '2025-04-14', today).map((alert) => alert.alert);
    expect(due('2025-04-08')).toEqual([]);
    expect(due('2025-04-09')).toEqual([1]);
    expect(due('2025-04-14')).toEqual([1]);
    expect(due('2025-04-15')).toEqual([]);
    expect(due('2025-04-16')).toEqual([2]);
  });

  it('names the device of a sign-in without the browser version', () => {
    expect(signInDeviceOf(CHROME_WINDOWS)).toBe('Chrome on Windows computer');
    expect(signInDeviceOf(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(signInDeviceOf('curl/8.0')).toBe('');
  });

  it('calls a sign-in new only from a device not seen before', () => {
    expect(isNewSignInDevice(CHROME_WINDOWS, [])).toBe(true);
    expect(isNewSignInDevice(CHROME_WINDOWS_NEWER, [CHROME_WINDOWS])).toBe(false);
    expect(isNewSignInDevice(SAFARI_IPHONE, [CHROME_WINDOWS])).toBe(true);
    expect(isNewSignInDevice('curl/8.0', [])).toBe(false);
  });
});
