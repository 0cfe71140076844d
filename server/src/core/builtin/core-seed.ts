import {
  addDays,
  addMonths,
  type CalendarDate,
  type Cents,
  type LoanHold,
  nextBusinessDay,
} from '@portal/domain';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CoreAccountsTable } from './core.schema';
import type { CoreDatabase } from './core.schema';
import { END_OF_DAY_TIME, mailingLines, transactionRows } from './builtin-core';
import {
  insertAccount,
  insertApplications,
  insertInsurance,
  insertLoan,
  insertStatements,
  insertTransactions,
} from './core.repository';
import { generateDepositHistory, generateLoanHistory, type LoanBehaviour } from './demo-history';
import {
  amortizedInstallment,
  type BillingFrequency,
  type DayCount,
  type LoanTerms,
  type PaymentAllocation,
} from './loan-engine';

/**
 * Opening accounts in the built-in core with a generated past: the demo seed and the admin
 * preview's sample borrower describe accounts as scenarios, and these functions run them from
 * their opening to today through the core's own rules.
 */
interface DemoAccountCommon {
  /** Six-digit account part; the branch and a check digit are added per institution. */
  account: string;
  /**
   * The branch that services the account, when not the institution's own (the first part of
   * its number: a branch in the third-party route's range pays on another site).
   */
  branch?: string;
  type: number;
  description: string;
  statementPreference: 'ElectronicOnly' | 'PaperOnly';
  /** 'CLOSED', 'NOX$' ... (a paid-off loan is closed whatever this says). */
  comment?: string;
  hiddenFromWeb?: boolean;
  historyDenied?: boolean;
  /** A hold the core keeps on the account (the loan page shows its flag instead). */
  hold?: LoanHold;
  openedMonthsAgo: number;
  /** Days added to the opening date (spreads due dates over the month). */
  openedDayOffset?: number;
  rateHundredths: number;
  /** 0 built in (default); 1 or 3 the URL statement family; 4 the document family. */
  statementProvider?: number;
}

export interface DemoLoanDefinition extends DemoAccountCommon {
  kind: 'loan';
  principalCents: Cents;
  termPayments: number;
  frequency?: BillingFrequency;
  graceDays?: number;
  lateFeeCents?: Cents;
  /**
   * The loan's terms for dividing a payment and counting days (issue 24: terms of the loan, as a
   * bank's product sets them); written into every loan's stored terms, installment first and
   * Actual/365 when the definition does not say.
   */
  allocation?: PaymentAllocation;
  dayCount?: DayCount;
  /** Lines of credit: the limit and the minimum payment. */
  creditLimitCents?: Cents;
  minimumPaymentCents?: Cents;
  behaviour: LoanBehaviour;
  insurance?: readonly { type: string; coverage: 0 | 1 | 2; premiumCents: Cents }[];
  /** What the core says about paying it; unset facts take the core's defaults (migration 0021). */
  payment?: DemoPaymentFacts;
}

/** A demo loan's payment facts at the core (spec 001 "Payment info response", the host's part). */
export interface DemoPaymentFacts {
  allowAch?: boolean;
  allowCards?: boolean;
  recurringAllowed?: boolean;
  daysInPeriod?: number;
  /** First-party fees in cents, by method and kind. */
  fees?: {
    scheduledAchCents?: Cents;
    eCheckCents?: Cents;
    recurringAchCents?: Cents;
    debitCardCents?: Cents;
    creditCardCents?: Cents;
  };
  /** 1 or 2 turns on the small-dollar window (4 or 7 days). */
  mailPreference?: number;
  restrictionCode?: '' | 'InterestTooHighForDelayedPayment';
}

/** The `core_accounts` columns of a loan's payment facts; only those the definition sets. */
export function paymentFactColumns(facts: DemoPaymentFacts = {}): PaymentFactColumns {
  const fees = facts.fees ?? {};
  const set = <K extends keyof PaymentFactColumns>(column: K, value: PaymentFactColumns[K]) =>
    value === undefined ? {} : { [column]: value };
  return {
    ...set('allow_ach', facts.allowAch),
    ...set('allow_cards', facts.allowCards),
    ...set('recurring_allowed', facts.recurringAllowed),
    ...set('days_in_period', facts.daysInPeriod),
    ...set('scheduled_ach_fee_cents', fees.scheduledAchCents),
    ...set('echeck_fee_cents', fees.eCheckCents),
    ...set('recurring_ach_fee_cents', fees.recurringAchCents),
    ...set('debit_card_fee_cents', fees.debitCardCents),
    ...set('credit_card_fee_cents', fees.creditCardCents),
    ...set('mail_preference', facts.mailPreference),
    ...set('restriction_code', facts.restrictionCode),
  };
}

type PaymentFactColumns = Partial<
  Pick<
    Insertable<CoreAccountsTable>,
    | 'allow_ach'
    | 'allow_cards'
    | 'recurring_allowed'
    | 'days_in_period'
    | 'scheduled_ach_fee_cents'
    | 'echeck_fee_cents'
    | 'recurring_ach_fee_cents'
    | 'debit_card_fee_cents'
    | 'credit_card_fee_cents'
    | 'mail_preference'
    | 'restriction_code'
  >
>;

export interface DemoDepositDefinition extends DemoAccountCommon {
  kind: 'deposit';
  openingCents: Cents;
  /** Certificates: the term in months (no deposits or withdrawals after the opening). */
  termMonths?: number;
}

export type DemoAccountDefinition = DemoLoanDefinition | DemoDepositDefinition;

export interface AccountOwner {
  institutionId: number;
  customerId: string;
  number: string;
  nameOnAccount: string;
  address: { address1: string; city: string; state: string; zipCode: string };
  today: CalendarDate;
  now: Date;
}

const PAYMENT_TIME = '10:42:00';

export function demoLoanTerms(definition: DemoLoanDefinition, today: CalendarDate): LoanTerms {
  const originationDate = addDays(
    addMonths(today, -definition.openedMonthsAgo),
    definition.openedDayOffset ?? 0,
  );
  const frequency = definition.frequency ?? 'monthly';
  const line = definition.creditLimitCents !== undefined;
  return {
    originationDate,
    originalPrincipalCents: line ? 0 : definition.principalCents,
    rateHundredths: definition.rateHundredths,
    termPayments: definition.termPayments,
    installmentCents: line
      ? (definition.minimumPaymentCents ?? 5_000)
      : amortizedInstallment(
          definition.principalCents,
          definition.rateHundredths,
          definition.termPayments,
          frequency,
        ),
    frequency,
    firstDueDate:
      frequency === 'monthly' || frequency === 'semiMonthly'
        ? addMonths(originationDate, 1)
        : addDays(originationDate, frequency === 'weekly' ? 7 : 14),
    graceDays: definition.graceDays ?? 10,
    lateFeeCents: definition.lateFeeCents ?? 2_500,
    allocation: definition.allocation ?? 'installmentFirst',
    dayCount: definition.dayCount ?? 'actual/365',
    ...(line ? { creditLimitCents: definition.creditLimitCents } : {}),
  };
}

/** Writes one account with its generated history and statements; returns its id. */
export async function openDemoAccount(
  db: Kysely<CoreDatabase> | Transaction<CoreDatabase>,
  owner: AccountOwner,
  definition: DemoAccountDefinition,
): Promise<number> {
  // The seed numbers the account; a branch of its own must be the number's first part.
  if (definition.branch !== undefined && !owner.number.startsWith(`${definition.branch}-`)) {
    throw new Error(`${owner.number} is not numbered at its branch ${definition.branch}.`);
  }
  const mailingAddress = mailingLines({
    address1: owner.address.address1,
    city: owner.address.city,
    state: owner.address.state,
    zip_code: owner.address.zipCode,
  });
  const common = {
    institution_id: owner.institutionId,
    customer_id: owner.customerId,
    number: owner.number,
    type: definition.type,
    description: definition.description,
    statement_preference: definition.statementPreference,
    name_on_account: owner.nameOnAccount,
    hidden_from_web: definition.hiddenFromWeb ?? false,
    history_denied: definition.historyDenied ?? false,
    host_hold: definition.hold ?? null,
    address1: owner.address.address1,
    city: owner.address.city,
    state: owner.address.state,
    zip_code: owner.address.zipCode,
    rate: definition.rateHundredths,
  };
  const provider = definition.statementProvider ?? 0;
  if (definition.kind === 'loan') {
    const terms = demoLoanTerms(definition, owner.today);
    const generated = generateLoanHistory(terms, definition.behaviour, owner.today);
    const closed = generated.state.paidOffDate !== null;
    const accountId = await insertAccount(db, {
      ...common,
      ...paymentFactColumns(definition.payment),
      comment: closed ? 'CLOSED' : (definition.comment ?? ''),
      opened_on: terms.originationDate,
      maturity_date:
        terms.creditLimitCents === undefined
          ? addMonths(terms.firstDueDate, terms.termPayments - 1)
          : null,
    });
    await insertLoan(db, accountId, terms, generated.state, owner.now);
    await insertTransactions(
      db,
      transactionRows(accountId, generated.transactions, (line) =>
        line.kind === 'payment' ? PAYMENT_TIME : END_OF_DAY_TIME,
      ),
    );
    await insertStatements(
      db,
      accountId,
      generated.statements.map((statement) => ({
        ...statement,
        provider,
        snapshot: { ...statement.snapshot, mailingAddress },
      })),
    );
    await insertInsurance(db, accountId, definition.insurance ?? []);
    return accountId;
  }
  const openedOn = addDays(
    addMonths(owner.today, -definition.openedMonthsAgo),
    definition.openedDayOffset ?? 0,
  );
  const certificate = definition.termMonths !== undefined;
  const generated = generateDepositHistory({
    number: owner.number,
    openedOn,
    openingCents: definition.openingCents,
    rateHundredths: definition.rateHundredths,
    fixed: certificate,
    today: owner.today,
  });
  const accountId = await insertAccount(db, {
    ...common,
    comment: definition.comment ?? '',
    opened_on: openedOn,
    balance_cents: generated.balanceCents,
    // A certificate's money is not available before it matures.
    available_balance_cents: certificate ? 0 : generated.balanceCents,
    maturity_date: certificate ? addMonths(openedOn, definition.termMonths ?? 12) : null,
  });
  await insertTransactions(
    db,
    generated.lines.map((line) => ({
      account_id: accountId,
      date: line.date,
      time: line.kind === 'dividend' ? END_OF_DAY_TIME : PAYMENT_TIME,
      kind: line.kind,
      description: line.description,
      // Interest credited shows in the interest column only, so principal + interest + other is
      // the total on every row (the running balance still grows by it).
      principal_cents:
        line.kind === 'withdrawal'
          ? -line.amountCents
          : line.kind === 'dividend'
            ? 0
            : line.amountCents,
      interest_cents: line.kind === 'dividend' ? line.amountCents : 0,
      other_cents: 0,
      total_cents: line.kind === 'withdrawal' ? -line.amountCents : line.amountCents,
      principal_balance_cents: line.balanceCents,
      posting_key: null,
    })),
  );
  await insertStatements(
    db,
    accountId,
    generated.statements.map((statement) => ({
      ...statement,
      provider,
      snapshot: { ...statement.snapshot, mailingAddress },
    })),
  );
  return accountId;
}

export interface DemoApplication {
  number: string;
  status: string;
  amountRequestedCents: Cents;
  amountApprovedCents: Cents;
  daysAgo: number;
  office: string;
  fundsExpectedInDays: number | null;
}

export async function openDemoApplications(
  db: Kysely<CoreDatabase> | Transaction<CoreDatabase>,
  owner: Pick<AccountOwner, 'institutionId' | 'customerId' | 'today'>,
  applications: readonly DemoApplication[],
): Promise<void> {
  await insertApplications(
    db,
    applications.map((application) => ({
      institution_id: owner.institutionId,
      customer_id: owner.customerId,
      number: application.number,
      status: application.status,
      amount_requested_cents: application.amountRequestedCents,
      amount_approved_cents: application.amountApprovedCents,
      last_modified: addDays(owner.today, -application.daysAgo),
      office: application.office,
      funds_expected:
        application.fundsExpectedInDays === null
          ? null
          : // Funds move on business days (weekends and Federal Reserve holidays are skipped).
            nextBusinessDay(addDays(owner.today, application.fundsExpectedInDays)),
    })),
  );
}
