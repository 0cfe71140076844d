import type { AccountAlerts } from '@portal/domain';

/**
 * Spec 002 section 4: checking due-date alert 1 with empty days sets before to true and the days
 * to the default (15).
 */
export function withDueDateAlertDefaults(
  current: AccountAlerts,
  next: AccountAlerts['EmailAlerts'],
  defaultDays: number,
): AccountAlerts {
  const turnedOn = next.AlertLoanDueDate1 && !current.EmailAlerts.AlertLoanDueDate1;
  if (turnedOn && next.AlertLoanDueDate1Days.trim() === '') {
    return {
      ...current,
      EmailAlerts: {
        ...next,
        AlertLoanDueDate1Before: true,
        AlertLoanDueDate1Days: String(defaultDays),
      },
    };
  }
  return { ...current, EmailAlerts: next };
}
