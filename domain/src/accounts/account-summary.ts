import type { SettingKey } from '@portal/settings-schema';
import {
  accountCategory,
  type AccountCategory,
  type AccountListItem,
  isClosedComment,
} from '../api/accounts';
import { daysBetween, type CalendarDate } from '../rules/calendar';
import { type Cents } from '../rules/money';
import { isLoanPastDue } from '../payments/payment-rules';
import { amountDueBreakdown, type AmountDueBreakdown } from './amount-due';

/**
 * The words of the account list's AvailableBalance column for each list. Spec 002 labels it
 * "Payable Balance" everywhere, which reads as an amount owed: under it a line of credit shows
 * the credit still available, a deposit what can be withdrawn and a certificate (whose money is
 * locked until maturity) 0. Each list has its own words, each a setting; the column's value is
 * the same field. (Loans show no such column.)
 */
export const AVAILABLE_COLUMN_TEXT_KEYS = {
  lineOfCredit: 'dashboardTexts.lineOfCreditAvailableColumnText',
  deposit: 'dashboardTexts.availableBalanceColumnText',
  investment: 'dashboardTexts.investmentAvailableColumnText',
} as const satisfies Record<Exclude<AccountCategory, 'loan'>, SettingKey>;

/**
 * The one figure an account's phone card leads with (issue 20 item 18, Banno's account tiles):
 * a loan's amount due and its due date, a line's available credit, a deposit's available
 * balance, a certificate's or investment's balance (its available balance is 0 until maturity).
 * A closed loan owes nothing and has no due date: its balance (0) is shown.
 */
export type AccountKeyFigure =
  | { kind: 'amountDue'; cents: Cents; dueDate: CalendarDate | null }
  | { kind: 'availableCredit'; cents: Cents }
  | { kind: 'availableBalance'; cents: Cents }
  | { kind: 'balance'; cents: Cents };

export function accountKeyFigure(account: AccountListItem): AccountKeyFigure {
  const category = accountCategory(account.Type);
  if (category === 'loan') {
    if (isClosedComment(account.Comment)) {
      return { kind: 'balance', cents: account.Balance };
    }
    return {
      kind: 'amountDue',
      cents: account.LoanAmountDue,
      dueDate: account.LoanDueDate,
    };
  }
  if (category === 'lineOfCredit') {
    return { kind: 'availableCredit', cents: account.AvailableBalance };
  }
  if (category === 'deposit') {
    return { kind: 'availableBalance', cents: account.AvailableBalance };
  }
  return { kind: 'balance', cents: account.Balance };
}

/** A loan or line that is past due, as the dashboard's summary says it. */
export interface PastDueLoan {
  account: AccountListItem;
  /** The oldest unpaid installment's due date. */
  dueDate: CalendarDate;
  /** Days since it fell due. */
  daysPastDue: number;
  breakdown: AmountDueBreakdown;
}

/** A loan or line with a payment coming due, not yet late. */
export interface UpcomingDue {
  account: AccountListItem;
  dueDate: CalendarDate;
  amountCents: Cents;
}

export interface PaymentsSummary {
  /** Past-due loans, the longest late first. */
  pastDue: PastDueLoan[];
  /** The next payment due on a loan that is not late: the earliest due date, then the largest. */
  nextDue: UpcomingDue | undefined;
  /**
   * The payments due after it on the other loans and lines, soonest first: each thing owed is
   * named on the dashboard, not only the first (a line of credit's $75.00 due a few days later
   * was nowhere in the summary).
   */
  laterDue: UpcomingDue[];
}

/**
 * The amount due of an account list row, broken down (for Make Payment's chosen loan, whose
 * screen has the row): the row's FeesDue is late charges and fees in one figure, so the breakdown
 * has it all under late charges ('Late charges and fees'); past due by the domain's one rule.
 */
export function listedAmountDueBreakdown(
  account: Pick<
    AccountListItem,
    'LoanAmountDue' | 'MonthlyInstallment' | 'FeesDue' | 'LoanDueDate' | 'Status'
  >,
  today: CalendarDate,
): AmountDueBreakdown {
  const totalCents = account.LoanAmountDue;
  return amountDueBreakdown({
    totalCents,
    installmentCents: account.MonthlyInstallment,
    lateChargesCents: account.FeesDue,
    otherFeesCents: 0,
    pastDue: isLoanPastDue(
      {
        dueDate: account.LoanDueDate?.slice(0, 10) ?? null,
        amountDueCents: totalCents,
        status: account.Status,
      },
      today,
    ),
  });
}

function owesOnList(account: AccountListItem): boolean {
  const category = accountCategory(account.Type);
  return (
    (category === 'loan' || category === 'lineOfCredit') &&
    !isClosedComment(account.Comment) &&
    account.LoanDueDate !== null &&
    account.LoanAmountDue > 0
  );
}

/**
 * What the dashboard opens with (issue 20 item 17): every loan that is past due, with how late
 * it is and what brings it current, then the next payment due on the others. The account list
 * has no days past due: they are counted from the oldest unpaid due date (LoanDueDate) to today,
 * in the institution's calendar; the list's FeesDue (late charges and fees) is one figure, so
 * the breakdown has it all as late charges.
 */
export function paymentsSummary(
  accounts: readonly AccountListItem[],
  today: CalendarDate,
): PaymentsSummary {
  const owing = accounts.filter(owesOnList);
  const pastDue: PastDueLoan[] = [];
  const upcoming: UpcomingDue[] = [];
  for (const account of owing) {
    const dueDate = (account.LoanDueDate ?? '').slice(0, 10);
    const amountCents = account.LoanAmountDue;
    if (isLoanPastDue({ dueDate, amountDueCents: amountCents, status: account.Status }, today)) {
      pastDue.push({
        account,
        dueDate,
        daysPastDue: Math.max(0, daysBetween(dueDate, today)),
        breakdown: listedAmountDueBreakdown(account, today),
      });
    } else {
      upcoming.push({ account, dueDate, amountCents });
    }
  }
  pastDue.sort((a, b) => b.daysPastDue - a.daysPastDue);
  upcoming.sort((a, b) =>
    a.dueDate === b.dueDate ? b.amountCents - a.amountCents : a.dueDate < b.dueDate ? -1 : 1,
  );
  return { pastDue, nextDue: upcoming[0], laterDue: upcoming.slice(1) };
}
