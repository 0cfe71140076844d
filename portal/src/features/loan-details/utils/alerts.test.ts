import { describe, expect, it } from 'vitest';
import type { AccountAlerts } from '@portal/domain';
import { withDueDateAlertDefaults } from './alerts';

const OFF: AccountAlerts = {
  TextAlerts: { AlertLoanDelinquent: false, EstatementAlert: false },
  EmailAlerts: {
    AlertLoanDelinquent: false,
    EstatementAlert: false,
    AlertLoanDueDate1: false,
    AlertLoanDueDate2: false,
    AlertLoanDueDate3: false,
    AlertLoanDueDate4: false,
    AlertLoanDueDateNBefore: false,
    AlertLoanDueDateNDays: '',
  },
};

describe('due-date alert defaults', () => {
  it('sets before and the default days when alert 1 is checked with no days', () => {
    const next = withDueDateAlertDefaults(OFF, { ...OFF.EmailAlerts, AlertLoanDueDate1: true }, 15);
    expect(next.EmailAlerts).toMatchObject({
      AlertLoanDueDateNBefore: true,
      AlertLoanDueDateNDays: '15',
    });
  });

  it('keeps days the user typed, and does nothing for the other alerts', () => {
    const typed = withDueDateAlertDefaults(
      OFF,
      { ...OFF.EmailAlerts, AlertLoanDueDate1: true, AlertLoanDueDateNDays: '5' },
      15,
    );
    expect(typed.EmailAlerts.AlertLoanDueDateNDays).toBe('5');
    expect(typed.EmailAlerts.AlertLoanDueDateNBefore).toBe(false);
    const second = withDueDateAlertDefaults(
      OFF,
      { ...OFF.EmailAlerts, AlertLoanDueDate2: true },
      15,
    );
    expect(second.EmailAlerts.AlertLoanDueDateNDays).toBe('');
  });
});
