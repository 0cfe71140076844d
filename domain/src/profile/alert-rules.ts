import type { EmailAlerts } from '../api/account-details';
import { addDays, type CalendarDate } from '../rules/calendar';
import { describeUserAgent } from '../rules/user-agent';
import { type NotificationPreferences, transactionalOptedOut } from './notification-preferences';

/**
 * Which of a loan's alerts go out, and when (spec 002 "Account alerts section": delinquent and
 * e-statement alerts by text and by e-mail, up to four due-date alerts by e-mail, each N days
 * before or after the due date). The server's notifications decide with these; the loan page's
 * toggles are what they read.
 */

export type AlertChannel = 'email' | 'text';

/**
 * Whether a loan's alert goes by this channel: chosen on the loan, and not silenced on the
 * profile ("Turn off all alerts", and for e-mail the "E-mail alerts" switch). Text also needs a
 * phone subscribed to account texts, which the texting service decides.
 */
export function loanAlertChosen(
  preferences: Pick<NotificationPreferences, 'turnOffAllAlerts' | 'emailAlerts' | 'textAlerts'>,
  channel: AlertChannel,
  chosenOnLoan: boolean,
): boolean {
  if (!chosenOnLoan || preferences.turnOffAllAlerts) return false;
  // A loan's alerts (due, past due, statement ready) are transactional messages.
  if (transactionalOptedOut(preferences, channel)) return false;
  return channel === 'text' || preferences.emailAlerts.optInOutEmailAlerts;
}

export type DueDateAlertNumber = 1 | 2 | 3 | 4;

export interface DueDateAlert {
  alert: DueDateAlertNumber;
  /** True: `days` before the due date; false: after it. */
  before: boolean;
  days: number;
  /** The day the alert is for: the due date less (or plus) the days. */
  day: CalendarDate;
}

const DAYS = /^\d{1,3}$/;

/** The loan's due-date alerts that are on with a number of days, for a due date. */
export function dueDateAlertsFor(alerts: EmailAlerts, dueDate: CalendarDate): DueDateAlert[] {
  return ([1, 2, 3, 4] as const).flatMap((alert) => {
    const typed = alerts[`AlertLoanDueDate${alert}Days`].trim();
    if (!alerts[`AlertLoanDueDate${alert}`] || !DAYS.test(typed)) return [];
    const days = Number(typed);
    const before = alerts[`AlertLoanDueDate${alert}Before`];
    return [{ alert, before, days, day: addDays(dueDate, before ? -days : days) }];
  });
}

/**
 * The due-date alerts whose day has come by `today` for the installment due on `dueDate` (the
 * oldest unpaid one: once it is paid the core names the next, so an "after" reminder of a paid
 * installment is never sent). A day missed (an outage, or an alert turned on after its day) is
 * sent late rather than lost, but a "before" reminder never after its due date: the past-due
 * alert speaks then.
 */
export function dueDateAlertsDue(
  alerts: EmailAlerts,
  dueDate: CalendarDate,
  today: CalendarDate,
): DueDateAlert[] {
  return dueDateAlertsFor(alerts, dueDate).filter(
    (alert) => alert.day <= today && (!alert.before || today <= dueDate),
  );
}

/**
 * The device a sign-in came from, as a borrower would recognise it ('Chrome on Windows computer'):
 * the browser without its version (an update is not a new device) and the kind of device.
 */
export function signInDeviceOf(userAgent: string): string {
  const { browser, device } = describeUserAgent(userAgent);
  const name = browser.replace(/\s*\d+$/, '');
  if (name === '' && device === '') return '';
  if (name === '') return device;
  return device === '' ? name : `${name} on ${device}`;
}

/**
 * Whether a sign-in is from a device the user has not signed in from before (the userLogsOn
 * alert): none of the earlier successful sign-ins' user agents names the same device. A header
 * that names no device is never "new" (it cannot be told apart from any other).
 */
export function isNewSignInDevice(
  userAgent: string,
  earlierUserAgents: readonly string[],
): boolean {
  const device = signInDeviceOf(userAgent);
  if (device === '') return false;
  return !earlierUserAgents.some((earlier) => signInDeviceOf(earlier) === device);
}
