import { describe, expect, it } from 'vitest';
import {
  AccountDetailsResponse,
  DEFAULT_ALERTS,
  dueDateAlertsWithoutDays,
  type EmailAlerts,
  isDueDateAlertDays,
  MAX_PROJECTED_EXTRA_PRINCIPAL_CENTS,
  paperlessWithoutEmail,
  PayoffProjectionQuery,
} from './account-details';
import { LOAN_HOLDS } from '../rules/loan-holds';

const NONE: EmailAlerts = DEFAULT_ALERTS.EmailAlerts;

describe('due-date alert days (spec 002 section 5)', () => {
  it('takes up to 3 digits for alerts 1 and 2 and up to 20 for alerts 3 and 4', () => {
    expect(isDueDateAlertDays(1, '123')).toBe(true);
    expect(isDueDateAlertDays(2, '1234')).toBe(false);
    expect(isDueDateAlertDays(3, '1'.repeat(20))).toBe(true);
    expect(isDueDateAlertDays(4, '1'.repeat(21))).toBe(false);
    expect(isDueDateAlertDays(1, '1a')).toBe(false);
    expect(isDueDateAlertDays(2, '')).toBe(true);
  });

  it('names the alerts that are on without days', () => {
    expect(dueDateAlertsWithoutDays(NONE)).toEqual([]);
    expect(
      dueDateAlertsWithoutDays({
        ...NONE,
        AlertLoanDueDate1: true,
        AlertLoanDueDate1Days: '15',
        AlertLoanDueDate2: true,
        AlertLoanDueDate4: true,
        AlertLoanDueDate4Days: '  ',
        AlertLoanDueDate3Days: '',
      }),
    ).toEqual([2, 4]);
  });
});

describe('paperless statements need an e-mail address', () => {
  it('refuses electronic statements without one, and never refuses paper', () => {
    expect(paperlessWithoutEmail('ElectronicOnly', '')).toBe(true);
    expect(paperlessWithoutEmail('ElectronicOnly', '   ')).toBe(true);
    expect(paperlessWithoutEmail('ElectronicOnly', 'sky@example.test')).toBe(false);
    expect(paperlessWithoutEmail('PaperOnly', '')).toBe(false);
  });
});

describe("the AccountDetails answer carries the loan's hold (an addition to spec 002)", () => {
  const answer = (hold: unknown) => ({
    HasNoErrors: true,
    Errors: [],
    Information: { HasNoErrors: true, Errors: [], Information: null },
    Hold: hold,
  });

  it('takes every hold the core keeps, or none', () => {
    for (const hold of [...LOAN_HOLDS, null]) {
      expect(AccountDetailsResponse.parse(answer(hold)).Hold).toBe(hold);
    }
  });

  it('refuses an answer without the field or with a hold it does not know', () => {
    expect(AccountDetailsResponse.safeParse(answer(undefined)).success).toBe(false);
    expect(AccountDetailsResponse.safeParse(answer('Frozen')).success).toBe(false);
  });
});

describe('the payoff projection query', () => {
  it('takes extra principal up to the most the portal allows, in cents once decoded', () => {
    const parse = (extraPrincipal: string) =>
      PayoffProjectionQuery.safeParse({ accountNumber: '001-100234-1', extraPrincipal });
    expect(parse('100000').data?.extraPrincipal).toBe(MAX_PROJECTED_EXTRA_PRINCIPAL_CENTS);
    expect(parse('100000.01').success).toBe(false);
    expect(parse('12.50').data?.extraPrincipal).toBe(1_250);
  });
});
