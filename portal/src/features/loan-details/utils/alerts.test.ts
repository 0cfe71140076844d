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
    AlertLoanDueDate1Before: false,
    AlertLoanDueDate2Before: false,
    AlertLoanDueDate3Before: false,
    AlertLoanDueDate4Before: false,
    AlertLoanDueDate1Days: '',
    AlertLoanDueDate2Days: '',
    AlertLoanDueDate3Days: '',
    AlertLoanDueDate4Days: '',
  },
};

describe('due-date alert defaults', () => {
  it('sets before and the default days when alert 1 is checked with no days', () => {
    const next = withDueDateAlertDefaults(OFF, { ...OFF.EmailAlerts, AlertLoanDueDate1: true }, 15);
    expect(next.EmailAlerts).toMatchObject({
      AlertLoanDueDate1Before: true,
      AlertLoanDueDate1Days: '15',
    });
  });

  it('keeps days the user typed, and does nothing for the other alerts', () => {
    const typed = withDueDateAlertDefaults(
      OFF,
      { ...OFF.EmailAlerts, AlertLoanDueDate1: true, AlertLoanDueDate1Days: '5' },
      15,
    );
    expect(typed.EmailAlerts.AlertLoanDueDate1Days).toBe('5');
    expect(typed.EmailAlerts.AlertLoanDueDate1Before).toBe(false);
    const second = withDueDateAlertDefaults(
      OFF,
      { ...OFF.EmailAlerts, AlertLoanDueDate2: true },
      15,
    );
    expect(second.EmailAlerts.AlertLoanDueDate2Days).toBe('');
    expect(second.EmailAlerts.AlertLoanDueDate1Days).toBe('');
  });
});
