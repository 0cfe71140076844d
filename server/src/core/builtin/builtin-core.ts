import {
  accountCategory,
  addDays,
  APPLICATION_RECEIVED,
  type CalendarDate,
  calendarDateIn,
  isCalendarDate,
  isLoanPastDue,
  type PastDueTexts,
  pastDueTextsOf,
} from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import type { CoreDatabase } from './core.schema';
import type { Clock } from '../../lib/clock';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import type { PdfBranding } from '../../lib/pdf/branded-pdf';
import type {
  CoreAccount,
  CoreApplication,
  CoreLoanInformation,
  CorePaymentRefusal,
  CorePaymentPostingResult,
  CorePaymentReversalResult,
  CorePaymentTerms,
  CorePostedPayment,
  CoreReversedPayment,
  CoreTransaction,
  CustomerRef,
  ServicingCore,
} from '../servicing-core';
import type { CoreDays, EndOfDayReport } from '../core-days';
import {
  type AccountWithLoan,
  endOfDayDone,
  findAccountForUpdate,
  findCustomerAccount,
  findCustomerAccountVersions,
  findCustomerLoanForUpdate,
  findHoldersByNumber,
  findLoan,
  findLoanForUpdate,
  findPosting,
  findStatement,
  insertPostingOnce,
  listClosedDays,
  findCustomerLoan,
  findLastInputLine,
  findLastInputLineBefore,
  insertPostingLine,
  listInputLines,
  listPaymentLinesOfDay,
  postLineWithState,
  restateInputLine,
  restatePrincipalBalances,
  insertStatements,
  insertTransactions,
  findApplicationByNumber,
  findApplicationByRequestKey,
  insertApplicationOnce,
  listApplications,
  listCustomerAccounts,
  nextApplicationNumber,
  updateApplicationStatus,
  listInsurance,
  listDeposits,
  listInterestBearingDeposits,
  listOpenLoans,
  listStatements,
  listTransactions,
  listTransactionsBetween,
  principalBalanceBefore,
  lastEndOfDay,
  markEndOfDay,
  saveLoanState,
  sumPaymentInterest,
  updateAccount,
} from './core.repository';
import type { CoreApplicationRow, CoreLoanRow, CoreTransactionRow } from './core.schema';
import {
  amountDue,
  applyPayment,
  daysPastDue,
  isLineOfCredit,
  isPastDue,
  type LoanInput,
  type LoanState,
  type LoanTransaction,
  nextDueDate,
  originateLoan,
  PaymentExceedsPayoffError,
  payoffQuote,
} from './loan-engine';
import {
  closeLoanDay,
  creditedAsOfReason,
  depositInterestOfDays,
  isMonthEnd,
  type LoanReplay,
  loanStatementSnapshot,
  replayAdjustments,
  replayLoan,
  returnedPaymentReason,
  reversalLine,
} from './servicing-day';
import { renderStatementPdf } from './statement-pdf';
import { projectPayoff } from './payoff-projection';

const DEFAULT_TIME = '00:00:00';

/** The time of day a system transaction posts: the end-of-day run. */
export const END_OF_DAY_TIME = '23:59:00';

/** The built-in core reads only its own tables (core.schema.ts). */
export interface BuiltinCoreOptions {
  db: Kysely<CoreDatabase>;
  clock: Clock;
  /** The institution's name, colour and logo for statements. */
  branding(institutionId: number): Promise<PdfBranding>;
  /**
   * The institution's past-due wording for statements (domain pastDueTextsOf of its settings);
   * without it, the settings' defaults.
   */
  pastDueTexts?(institutionId: number): Promise<PastDueTexts>;
  /**
   * The institution's time zone (IANA name), for its date when a payment is posted: the core
   * refuses a payment dated after the institution's today ('dayNotClosed'). Without it, the latest
   * date anywhere on Earth stands in (see `institutionToday`).
   */
  timeZone?(institutionId: number): Promise<string | undefined>;
}

/** The most closed days of each kind the payment info carries (its wire limit). */
const MAX_CLOSED_DAYS = 1_000;

/** How long the core reuses an institution's time zone (the server's settings cache age). */
const ZONE_CACHE_MS = 2_000;

/** UTC+14 (Kiribati's Line Islands): the first place where a calendar day begins. */
const LATEST_TIME_ZONE = 'Pacific/Kiritimati';

/**
 * Delinquent (spec 001 "Delinquent" of the payment info): 30 or more days past due, the point at
 * which servicers report a missed installment to the credit bureaus. Past due is any day after an
 * unpaid due date (the loan page's flag).
 */
export const DELINQUENT_DAYS_PAST_DUE = 30;

/** What closing one day of a loan did (summed into the end-of-day report). */
interface ClosedDay {
  interestCents: number;
  lateFees: number;
  statement: boolean;
}

/** A refusal found after the transaction changed something: thrown to roll it back. */
/** A payment this core cannot take back on its own (its loan's history cannot be replayed). */
class CannotReverse extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotReverse';
  }
}

class PostingRefused extends Error {
  /** 'alreadyPosted': the posting key was taken (its first line answers). */
  constructor(readonly reason: CorePaymentRefusal | 'alreadyPosted') {
    super(`The payment is refused: ${reason}.`);
    this.name = 'PostingRefused';
  }
}

/** The account as the interface shows it; loans run by the engine are computed as of `today`. */
export function toCoreAccount(row: AccountWithLoan, today: CalendarDate): CoreAccount {
  const base = {
    number: row.number,
    type: row.type,
    description: row.description,
    comment: row.comment,
    rate: row.rate,
    statementPreference:
      row.statement_preference === 'PaperOnly'
        ? ('PaperOnly' as const)
        : ('ElectronicOnly' as const),
    nameOnAccount: row.name_on_account,
    openedOn: row.opened_on,
    hiddenFromWeb: row.hidden_from_web,
    address: { address1: row.address1, city: row.city, state: row.state, zipCode: row.zip_code },
    maturityDate: row.maturity_date,
    hold: row.host_hold,
  };
  if (row.terms && row.loan_state) {
    const terms = row.terms;
    const state = row.loan_state;
    return {
      ...base,
      balanceCents: state.principalCents,
      availableBalanceCents: isLineOfCredit(terms)
        ? Math.max(0, (terms.creditLimitCents ?? 0) - state.principalCents)
        : 0,
      dueDate: nextDueDate(terms, state),
      amountDueCents: amountDue(terms, state, today),
      installmentCents: terms.installmentCents,
      feesDueCents: state.lateChargesDueCents + state.otherFeesDueCents,
      pastDue: isPastDue(terms, state, today),
    };
  }
  const category = accountCategory(row.type);
  const owes = category === 'loan' || category === 'lineOfCredit';
  return {
    ...base,
    balanceCents: row.balance_cents,
    availableBalanceCents: row.available_balance_cents,
    dueDate: row.loan_due_date,
    amountDueCents: row.loan_amount_due_cents,
    installmentCents: row.monthly_installment_cents,
    feesDueCents: row.fees_due_cents,
    pastDue:
      owes &&
      isLoanPastDue(
        { dueDate: row.loan_due_date, amountDueCents: row.loan_amount_due_cents },
        today,
      ),
  };
}

function toTransaction(row: CoreTransactionRow): CoreTransaction {
  // A returned payment's line is kept with the payment's own (positive) figures, which the
  // statements and reconciliation read; the history shows them taken back (CoreTransaction).
  const sign = row.kind === 'reversal' ? -1 : 1;
  return {
    id: String(row.id),
    date: row.date,
    time: row.time,
    description: row.description,
    principalCents: sign * row.principal_cents,
    interestCents: sign * row.interest_cents,
    otherCents: sign * row.other_cents,
    totalCents: sign * row.total_cents,
    principalBalanceCents: row.principal_balance_cents,
  };
}

/** An account's mailing address as printed on a statement. */
export function mailingLines(account: {
  address1: string;
  city: string;
  state: string;
  zip_code: string;
}): string[] {
  return [account.address1, `${account.city}, ${account.state} ${account.zip_code}`].filter(
    (line) => line.trim() !== ',',
  );
}

/** History lines of the engine as rows of `core_transactions`. */
export function transactionRows(
  accountId: number,
  lines: readonly LoanTransaction[],
  time: (line: LoanTransaction) => string = () => DEFAULT_TIME,
) {
  return lines.map((line) => ({
    account_id: accountId,
    date: line.date,
    time: time(line),
    kind: line.kind,
    description: line.description,
    principal_cents: line.principalCents,
    interest_cents: line.interestCents,
    other_cents: line.otherCents,
    total_cents: line.totalCents,
    principal_balance_cents: line.principalBalanceCents,
    posting_key: null,
  }));
}

/** Payment posting keys live beside the core's own (`interest:<date>` on deposits). */
const PAYMENT_POSTING_PREFIX = 'payment:';
function paymentPostingKey(postingKey: string): string {
  return `${PAYMENT_POSTING_PREFIX}${postingKey}`;
}

/** A posted payment's figures, from its history line. */
function postedFigures(
  line: Pick<
    CoreTransactionRow,
    'id' | 'date' | 'principal_cents' | 'interest_cents' | 'other_cents' | 'total_cents'
  > & { principal_balance_cents: number },
  next: CalendarDate | null,
): CorePostedPayment {
  return {
    reference: String(line.id),
    date: line.date,
    amountCents: line.total_cents,
    principalCents: line.principal_cents,
    interestCents: line.interest_cents,
    feesCents: line.other_cents,
    newBalanceCents: line.principal_balance_cents,
    nextDueDate: next,
  };
}

/**
 * The input a line records: the one it kept (migration 0037), or for a line written before, the
 * one the engine was given to write it (payments then had no additional principal in the core's
 * history: a replay that does not give back the stored state is not used). Undefined for a line
 * that records no input.
 */
function inputOfLine(line: CoreTransactionRow): LoanInput | undefined {
  if (line.loan_input) return { ...line.loan_input, date: line.date };
  switch (line.kind) {
    case 'payment':
      return {
        kind: 'payment',
        date: line.date,
        amountCents: line.total_cents,
        additionalPrincipalCents: 0,
      };
    case 'fee':
      return {
        kind: 'fee',
        date: line.date,
        amountCents: line.other_cents,
        description: line.description,
      };
    case 'disbursement':
      return line.description === 'Advance'
        ? { kind: 'advance', date: line.date, amountCents: line.principal_cents }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * A loan's history as a replay takes it: the state to start from and the lines of the inputs
 * after it, with their inputs. The start is the state kept on `last`, the last input's line before
 * where the replay begins (findLastInputLine, findLastInputLineBefore); a loan whose line keeps
 * none (written before migration 0037) starts from its origination, its lines' inputs inferred
 * (inputOfLine), which the caller checks by replaying them to the stored state. Undefined when a
 * line's input cannot be told.
 */
async function replayableHistory(
  db: Kysely<CoreDatabase> | Transaction<CoreDatabase>,
  loan: CoreLoanRow,
  last: CoreTransactionRow | undefined,
): Promise<
  { checkpoint: LoanState; lines: CoreTransactionRow[]; inputs: LoanInput[] } | undefined
> {
  let checkpoint: LoanState;
  let lines: CoreTransactionRow[];
  if (last?.loan_state) {
    checkpoint = last.loan_state;
    lines = await listInputLines(db, loan.account_id, last);
  } else {
    const origination = originateLoan(loan.terms);
    checkpoint = origination.state;
    const [disbursement] = origination.transactions;
    lines = (await listInputLines(db, loan.account_id, undefined)).filter(
      (line) =>
        line.loan_input !== null ||
        line.kind !== 'disbursement' ||
        line.description !== disbursement?.description,
    );
  }
  const inputs: LoanInput[] = [];
  for (const line of lines) {
    const input = inputOfLine(line);
    if (!input) return undefined;
    inputs.push(input);
  }
  return { checkpoint, lines, inputs };
}

/**
 * Restates the input lines a replay applied again (`lines[from]` on): line `index` was
 * `before.inputs[index]` and is now `after.inputs[afterIndex(index)]`. What each paid and the
 * state it left are set again; a line whose input now writes no line (a returned payment: its line
 * stays as it happened, the reversal mirrors it) keeps its figures and takes the new input and
 * state only.
 */
async function restateReplayedLines(
  trx: Transaction<CoreDatabase>,
  lines: readonly CoreTransactionRow[],
  before: LoanReplay,
  after: LoanReplay,
  from: number,
  afterIndex: (index: number) => number,
): Promise<void> {
  for (let index = from; index < lines.length; index += 1) {
    const stored = lines[index];
    const now = after.inputs[afterIndex(index)];
    if (!stored || !now) throw new Error('The replay lost an input.');
    const [nowLine] = now.transactions;
    if (!nowLine) {
      await restateInputLine(trx, stored.id, {
        loan_input: JSON.stringify(now.input),
        loan_state: JSON.stringify(now.state),
      });
      continue;
    }
    const [wasLine] = before.inputs[index]?.transactions ?? [];
    if (!wasLine) throw new Error('The replay lost an input.');
    // The line's own words stay ('(ACH)', a description given); only the engine's part
    // changes, when a later payment now pays the loan off.
    const description = stored.description.startsWith(wasLine.description)
      ? nowLine.description + stored.description.slice(wasLine.description.length)
      : stored.description;
    await restateInputLine(trx, stored.id, {
      principal_cents: nowLine.principalCents,
      interest_cents: nowLine.interestCents,
      other_cents: nowLine.otherCents,
      description,
      loan_input: JSON.stringify(now.input),
      loan_state: JSON.stringify(now.state),
    });
  }
}

/** Reversal keys live beside the payments' (`payment:<key>`), unique per account. */
function reversalPostingKey(reversalKey: string): string {
  return `reversal:${reversalKey}`;
}

/** The fee line's text when the reversal names none. */
export const RETURNED_PAYMENT_FEE = 'Returned payment fee';

/** A reversal's figures, from its history line. */
function reversedFigures(
  line: Pick<
    CoreTransactionRow,
    | 'id'
    | 'date'
    | 'principal_cents'
    | 'interest_cents'
    | 'other_cents'
    | 'total_cents'
    | 'principal_balance_cents'
  >,
  next: CalendarDate | null,
): CoreReversedPayment {
  return {
    reference: String(line.id),
    date: line.date,
    amountCents: line.total_cents,
    principalCents: line.principal_cents,
    interestCents: line.interest_cents,
    feesCents: line.other_cents,
    newBalanceCents: line.principal_balance_cents,
    nextDueDate: next,
  };
}

/** Where the built-in core says an application made in the portal was taken. */
export const APPLICATIONS_OFFICE = 'Online';

function toCoreApplication(row: CoreApplicationRow): CoreApplication {
  return {
    number: row.number,
    status: row.status,
    amountRequestedCents: row.amount_requested_cents,
    amountApprovedCents: row.amount_approved_cents,
    lastModified: row.last_modified,
    office: row.office,
    fundsExpected: row.funds_expected,
    product: row.product,
    termMonths: row.term_months,
    requiredDocuments: row.required_documents,
  };
}

function yearOf(date: CalendarDate): number {
  return Number(date.slice(0, 4));
}

function freezeAccount(row: AccountWithLoan): AccountWithLoan {
  if (row.terms) Object.freeze(row.terms);
  if (row.loan_state) Object.freeze(row.loan_state);
  return Object.freeze(row);
}

/** The figures of a loan's information the engine derives (the year's interest aside). */
type LoanFigures = Omit<CoreLoanInformation, 'interestThisYearCents' | 'interestLastYearCents'>;

/**
 * An account as last read, and what was derived from it, kept while its versions are the stored
 * ones (`readAccount` in createBuiltinCore). Frozen row; the derived parts are computed once per
 * day (the engine's figures depend on the day asked) and shared by every caller, frozen too.
 */
interface KeptAccount {
  readonly row: AccountWithLoan;
  day?: CalendarDate;
  summary?: CoreAccount;
  /** undefined: not derived yet for `day`; null: not a loan or line of credit. */
  figures?: LoanFigures | null;
  information?: CoreLoanInformation | null;
}

/** An account as read now, with the institution's closed days' version read with it. */
interface AccountRead {
  kept: KeptAccount;
  calendarVersion: number | null;
}

interface ClosedDays {
  noPayment: readonly CalendarDate[];
  noSchedule: readonly CalendarDate[];
}

/** Accounts kept in memory at most (beyond, the oldest kept go first). */
const MAX_KEPT_ACCOUNTS = 5_000;

function frozenSummary(summary: CoreAccount): CoreAccount {
  Object.freeze(summary.address);
  return Object.freeze(summary);
}

/**
 * The built-in core: the servicing core's promises, and the days it closes itself (the portal's
 * end-of-day worker runs them).
 */
export type BuiltinCore = ServicingCore & CoreDays;

export function createBuiltinCore(options: BuiltinCoreOptions): BuiltinCore {
  const { db, clock } = options;
  // The institution's time zone is asked for on every posting; the app's answer reads its
  // settings and checks the zone's name (an Intl construction, about a third of a millisecond).
  // Decision: reused for ZONE_CACHE_MS, the age of the server's settings cache, so a moved time
  // zone reaches the core's date as soon as it reaches the rest of the server.
  const zones = createRefreshingCache<number, string | undefined>({
    clock,
    maxAgeMs: ZONE_CACHE_MS,
  });

  // The payment calls ask for an account and its payment terms at once (payment-context.ts,
  // Promise.all): reads of one account asked for in the same turn of the event loop share one
  // statement. Only the same turn: a read asked for later must see what happened since.
  const sameTurnReads = new Map<string, Promise<AccountRead | undefined>>();

  // Every read of an account reads its stored versions first (one small statement: the
  // account's, which the database raises on any update of its row, its loan's, which every state
  // the core writes raises, and the institution's closed days', migration 0035), and reuses the
  // row last read, and what the engine derived from it, while they are the same. Decision: the
  // versions are read on every call, never trusted from memory, so another server on the same
  // database (its payments, its end of day) is seen at once; what is kept saves the row's reading
  // and the engine's work (the payoff, the amount due, the days past due, the year's interest
  // summed over the history), not the check. A loan's history lines are written only with its
  // state (postLineWithState, the end of day's closeLockedLoanDay), so its year's interest is
  // kept under its version too.
  const keptAccounts = new Map<string, KeptAccount>();
  const keptClosedDays = new Map<
    number,
    { from: CalendarDate; version: number | null; days: Promise<ClosedDays> }
  >();

  async function readAccount(
    key: string,
    customer: CustomerRef,
    number: string,
  ): Promise<AccountRead | undefined> {
    const stored = await findCustomerAccountVersions(
      db,
      customer.institutionId,
      customer.customerId,
      number,
    );
    if (!stored) {
      keptAccounts.delete(key);
      return undefined;
    }
    const kept = keptAccounts.get(key);
    if (
      kept?.row.id === stored.id &&
      kept.row.version === stored.version &&
      kept.row.loan_version === stored.loan_version
    ) {
      return { kept, calendarVersion: stored.calendar_version };
    }
    const row = await findCustomerAccount(db, customer.institutionId, customer.customerId, number);
    if (!row) {
      keptAccounts.delete(key);
      return undefined;
    }
    // Frozen: every caller holds the same object, so none may change it for another. Kept under
    // the versions read with it (at least as new as those read before it).
    const fresh: KeptAccount = { row: freezeAccount(row) };
    keptAccounts.delete(key);
    if (keptAccounts.size >= MAX_KEPT_ACCOUNTS) {
      const [oldest] = keptAccounts.keys();
      if (oldest !== undefined) keptAccounts.delete(oldest);
    }
    keptAccounts.set(key, fresh);
    return { kept: fresh, calendarVersion: stored.calendar_version };
  }

  function accountRead(customer: CustomerRef, number: string): Promise<AccountRead | undefined> {
    const key = `${customer.institutionId}|${customer.customerId}|${number}`;
    const shared = sameTurnReads.get(key);
    if (shared) return shared;
    const read = readAccount(key, customer, number);
    sameTurnReads.set(key, read);
    queueMicrotask(() => sameTurnReads.delete(key));
    return read;
  }

  async function keptAccount(
    customer: CustomerRef,
    number: string,
  ): Promise<KeptAccount | undefined> {
    return (await accountRead(customer, number))?.kept;
  }

  /**
   * The institution's closed days from `from`, kept while its calendar's version (read with the
   * account, `read`) is the same and the day is.
   */
  function closedDaysOf(
    institutionId: number,
    from: CalendarDate,
    version: number | null,
  ): Promise<ClosedDays> {
    const kept = keptClosedDays.get(institutionId);
    if (kept?.from === from && kept.version === version) return kept.days;
    const days = listClosedDays(db, institutionId, from, MAX_CLOSED_DAYS).then((closed) => ({
      noPayment: Object.freeze(closed.noPayment),
      noSchedule: Object.freeze(closed.noSchedule),
    }));
    keptClosedDays.set(institutionId, { from, version, days });
    // A failed read is not kept.
    days.catch(() => {
      if (keptClosedDays.get(institutionId)?.days === days) keptClosedDays.delete(institutionId);
    });
    return days;
  }

  async function account(
    customer: CustomerRef,
    number: string,
  ): Promise<AccountWithLoan | undefined> {
    return (await keptAccount(customer, number))?.row;
  }

  /** The parts derived for `day` (computed again when the day asked changes). */
  function derivedFor(kept: KeptAccount, day: CalendarDate): KeptAccount {
    if (kept.day !== day) {
      kept.day = day;
      kept.summary = undefined;
      kept.figures = undefined;
      kept.information = undefined;
    }
    return kept;
  }

  function summaryOf(kept: KeptAccount, today: CalendarDate): CoreAccount {
    const derived = derivedFor(kept, today);
    derived.summary ??= frozenSummary(toCoreAccount(kept.row, today));
    return derived.summary;
  }

  function figuresOf(kept: KeptAccount, today: CalendarDate): LoanFigures | undefined {
    const derived = derivedFor(kept, today);
    if (derived.figures === undefined) {
      const figures = loanFiguresOf(kept.row, today, summaryOf(kept, today));
      derived.figures = figures ? Object.freeze(figures) : null;
    }
    return derived.figures ?? undefined;
  }

  /**
   * Closes one day of a loan the caller holds locked (`findLoanForUpdate` in `trx`): the same
   * closing the end of day runs (interest through the day, late fees, the statement on a
   * statement date). Answers what it did and the loan's row after it (the version raised when it
   * wrote), so a caller closing several days in one transaction goes on from there.
   */
  async function closeLockedLoanDay(
    trx: Transaction<CoreDatabase>,
    accountId: number,
    loan: CoreLoanRow,
    date: CalendarDate,
  ): Promise<{ closed: ClosedDay; loan: CoreLoanRow }> {
    const nothing = { interestCents: 0, lateFees: 0, statement: false };
    // Already closed for this day or a later one: two instances catching up several days run
    // them side by side, and one may reach this loan's next day before the other reaches
    // this one; a payment may have closed it too. Closing it again would record the later
    // day's interest under this date.
    if (loan.state.accruedTo > date) return { closed: nothing, loan };
    const day = closeLoanDay(loan.terms, loan.state, date);
    // A loan the day leaves as it was (paid off long ago) is not rewritten every night.
    if (
      day.transactions.length === 0 &&
      !day.statement &&
      isDeepStrictEqual(day.state, loan.state)
    ) {
      return { closed: nothing, loan };
    }
    const interestCents = day.state.interestAccruedCents - loan.state.interestAccruedCents;
    await insertTransactions(
      trx,
      transactionRows(accountId, day.transactions, () => END_OF_DAY_TIME),
    );
    let statement = false;
    if (day.statement) {
      const period = await listTransactionsBetween(trx, accountId, day.statement.periodStart, date);
      const opening = await principalBalanceBefore(trx, accountId, day.statement.periodStart);
      const snapshot = loanStatementSnapshot(
        loan.terms,
        day.state,
        date,
        period.map((line) => ({
          date: line.date,
          kind: line.kind as LoanTransaction['kind'],
          description: line.description,
          principalCents: line.principal_cents,
          interestCents: line.interest_cents,
          otherCents: line.other_cents,
          totalCents: line.total_cents,
          principalBalanceCents: line.principal_balance_cents,
        })),
        opening,
      );
      const held = await findAccountForUpdate(trx, accountId);
      statement =
        (await insertStatements(trx, accountId, [
          {
            date,
            periodStart: day.statement.periodStart,
            provider: 0,
            snapshot: { ...snapshot, ...(held ? { mailingAddress: mailingLines(held) } : {}) },
          },
        ])) > 0;
    }
    const at = clock.now();
    if (!(await saveLoanState(trx, accountId, loan.version, day.state, at))) {
      throw new Error(`The loan ${accountId} changed during its end of day.`);
    }
    return {
      closed: {
        interestCents,
        lateFees: day.transactions.filter((line) => line.kind === 'lateFee').length,
        statement,
      },
      loan: { ...loan, state: day.state, version: loan.version + 1, updated_at: at },
    };
  }

  async function closeLoan(accountId: number, date: CalendarDate): Promise<ClosedDay> {
    return db.transaction().execute(async (trx) => {
      const loan = await findLoanForUpdate(trx, accountId);
      if (!loan) return { interestCents: 0, lateFees: 0, statement: false };
      return (await closeLockedLoanDay(trx, accountId, loan, date)).closed;
    });
  }

  /** A loan's or line of credit's information as of `today` (undefined for other accounts). */
  async function loanInformationOf(
    kept: KeptAccount,
    today: CalendarDate,
  ): Promise<CoreLoanInformation | undefined> {
    const derived = derivedFor(kept, today);
    if (derived.information !== undefined) return derived.information ?? undefined;
    const figures = figuresOf(kept, today);
    if (!figures) {
      derived.information = null;
      return undefined;
    }
    const { thisYear, lastYear } = await sumPaymentInterest(db, kept.row.id, yearOf(today));
    const information = Object.freeze({
      ...figures,
      interestThisYearCents: thisYear,
      interestLastYearCents: lastYear,
    });
    // Kept unless the day asked moved on meanwhile (then `derived` holds another day's parts).
    if (kept.day === today) kept.information = information;
    return information;
  }

  /** The information without the year's interest (a sum over the history the terms need not). */
  function loanFiguresOf(
    row: AccountWithLoan,
    today: CalendarDate,
    summary: CoreAccount,
  ): LoanFigures | undefined {
    const category = accountCategory(row.type);
    if (category !== 'loan' && category !== 'lineOfCredit') return undefined;
    if (!row.terms || !row.loan_state) {
      return {
        account: summary,
        principalCents: row.balance_cents,
        payoffTodayCents: row.balance_cents + row.fees_due_cents,
        originalPrincipalCents: row.balance_cents,
        originationDate: row.opened_on,
        maturityDate: row.maturity_date,
        nextDueDate: row.loan_due_date,
        nextPaymentCents: row.loan_amount_due_cents,
        totalAmountDueCents: row.loan_amount_due_cents,
        installmentCents: row.monthly_installment_cents,
        billingFrequency: 'monthly',
        lateChargesDueCents: 0,
        totalFeesCents: row.fees_due_cents,
        lastPaymentDate: null,
        lastPaymentCents: 0,
        creditLimitCents: row.balance_cents + row.available_balance_cents,
        availableCreditCents: row.available_balance_cents,
        daysPastDue: 0,
      };
    }
    const terms = row.terms;
    const state = row.loan_state;
    const quote = payoffQuote(terms, state, today);
    const due = amountDue(terms, state, today);
    return {
      account: summary,
      principalCents: state.principalCents,
      payoffTodayCents: quote.totalCents,
      originalPrincipalCents: terms.originalPrincipalCents,
      originationDate: terms.originationDate,
      maturityDate: row.maturity_date,
      nextDueDate: nextDueDate(terms, state),
      // The next installment: the regular amount, or what is left when that is less.
      nextPaymentCents:
        nextDueDate(terms, state) === null ? 0 : Math.min(terms.installmentCents, quote.totalCents),
      totalAmountDueCents: due,
      installmentCents: terms.installmentCents,
      billingFrequency: terms.frequency,
      lateChargesDueCents: state.lateChargesDueCents,
      totalFeesCents: state.lateChargesDueCents + state.otherFeesDueCents,
      lastPaymentDate: state.lastPaymentDate,
      lastPaymentCents: state.lastPaymentCents,
      creditLimitCents: terms.creditLimitCents ?? 0,
      availableCreditCents: summary.availableBalanceCents,
      daysPastDue: daysPastDue(terms, state, today),
    };
  }

  /**
   * The institution's date now, when the app told the core its time zone. Without it the core
   * cannot know the institution's date: it then takes the latest date anywhere on Earth (UTC+14),
   * which never refuses a payment dated the institution's today.
   */
  async function institutionToday(institutionId: number): Promise<CalendarDate> {
    const lookUp = options.timeZone;
    const zone =
      (lookUp ? await zones.get(institutionId, () => lookUp(institutionId)) : undefined) ??
      LATEST_TIME_ZONE;
    return calendarDateIn(zone, clock.now());
  }

  /**
   * A deposit's statement for the month ending `date`: the month's lines summed (deposits,
   * withdrawals, interest, fees), opening at the balance before the month. Written once (one
   * statement per account and date).
   */
  async function writeDepositStatement(accountId: number, date: CalendarDate): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const account = await findAccountForUpdate(trx, accountId);
      if (!account || account.opened_on > date) return false;
      const monthStart = `${date.slice(0, 8)}01`;
      const periodStart = account.opened_on > monthStart ? account.opened_on : monthStart;
      const period = await listTransactionsBetween(trx, accountId, periodStart, date);
      const opening = await principalBalanceBefore(trx, accountId, periodStart);
      const sum = (pick: (line: CoreTransactionRow) => number) =>
        period.reduce((total, line) => total + pick(line), 0);
      const snapshot = {
        openingBalanceCents: opening,
        closingBalanceCents: opening + sum((line) => line.total_cents),
        amountDueCents: 0,
        dueDate: null,
        interestCents: sum((line) => (line.kind === 'dividend' ? line.interest_cents : 0)),
        feesCents: sum((line) => (line.kind === 'fee' ? -line.total_cents : 0)),
        paymentsCents: sum((line) =>
          line.kind !== 'dividend' && line.kind !== 'fee' && line.total_cents > 0
            ? line.total_cents
            : 0,
        ),
        withdrawalsCents: sum((line) =>
          line.kind !== 'fee' && line.total_cents < 0 ? -line.total_cents : 0,
        ),
        mailingAddress: mailingLines(account),
      };
      return (
        (await insertStatements(trx, accountId, [{ date, periodStart, provider: 0, snapshot }])) > 0
      );
    });
  }

  /**
   * The customer's loan or line of credit, locked for a change; else what a posting or a
   * reversal answers: 'notFound' for an account not the customer's (as for none), 'notALoan' for
   * their account the engine does not run (a deposit). In the transaction: PGlite has one
   * connection, which the transaction holds.
   */
  async function lockCustomerLoan(
    trx: Transaction<CoreDatabase>,
    customer: CustomerRef,
    number: string,
  ): Promise<
    | { locked: NonNullable<Awaited<ReturnType<typeof findCustomerLoanForUpdate>>> }
    | { refused: { status: 'notFound' } | { status: 'refused'; reason: 'notALoan' } }
  > {
    const locked = await findCustomerLoanForUpdate(
      trx,
      customer.institutionId,
      customer.customerId,
      number,
    );
    if (!locked) {
      const row = await findCustomerAccount(
        trx,
        customer.institutionId,
        customer.customerId,
        number,
      );
      return { refused: row ? { status: 'refused', reason: 'notALoan' } : { status: 'notFound' } };
    }
    const category = accountCategory(locked.type);
    if (category !== 'loan' && category !== 'lineOfCredit') {
      return { refused: { status: 'refused', reason: 'notALoan' } };
    }
    return { locked };
  }

  /** A deposit's month-end interest, posted once (its posting key is the date). */
  async function creditDepositInterest(accountId: number, date: CalendarDate): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const account = await findAccountForUpdate(trx, accountId);
      if (!account || !isMonthEnd(date)) return 0;
      // Each day's closing balance of the month (before this interest), from the month's lines.
      const monthStart = `${date.slice(0, 8)}01`;
      const lines = await listTransactionsBetween(trx, accountId, monthStart, date);
      let closing = await principalBalanceBefore(trx, accountId, monthStart);
      const daily: number[] = [];
      let next = 0;
      for (let day = monthStart; day <= date; day = addDays(day, 1)) {
        for (; next < lines.length && (lines[next]?.date ?? '') <= day; next += 1) {
          const line = lines[next];
          if (line && line.posting_key !== `interest:${date}`) {
            closing = line.principal_balance_cents;
          }
        }
        daily.push(day < account.opened_on ? 0 : closing);
      }
      const interest = depositInterestOfDays(daily, account.rate);
      if (interest === 0) return 0;
      const balance = account.balance_cents + interest;
      const posted = await insertPostingOnce(trx, {
        account_id: accountId,
        date,
        time: END_OF_DAY_TIME,
        kind: 'dividend',
        description: 'Interest paid',
        principal_cents: 0,
        interest_cents: interest,
        other_cents: 0,
        total_cents: interest,
        principal_balance_cents: balance,
        posting_key: `interest:${date}`,
      });
      if (!posted) return 0;
      // A certificate's money stays unavailable until it matures.
      const certificate = account.maturity_date !== null;
      await updateAccount(trx, accountId, {
        balance_cents: balance,
        available_balance_cents: certificate ? account.available_balance_cents : balance,
      });
      return interest;
    });
  }

  return {
    async findAccountHolders(institutionId, number, withoutCheckDigit) {
      const rows = await findHoldersByNumber(db, institutionId, number, withoutCheckDigit);
      return rows.map((row) => ({ customerId: row.customer_id, accountType: row.type }));
    },

    async listAccounts(customer, today) {
      const rows = await listCustomerAccounts(db, customer.institutionId, customer.customerId);
      return rows.map((row) => toCoreAccount(row, today));
    },

    async findAccount(customer, number, today) {
      const kept = await keptAccount(customer, number);
      return kept ? summaryOf(kept, today) : undefined;
    },

    async loanInformation(customer, number, today): Promise<CoreLoanInformation | undefined> {
      const kept = await keptAccount(customer, number);
      return kept ? loanInformationOf(kept, today) : undefined;
    },

    /**
     * The host's payment facts of a loan: its own columns (methods, kinds, fees, mail
     * preference, restriction) and the institution's closed days, with the amounts, dates and
     * flags `loanInformation` shows the same day (its figures, without the year's interest,
     * which the terms do not carry), so the payment screen and the loan page show the same
     * numbers.
     */
    async paymentTerms(customer, number, today): Promise<CorePaymentTerms | undefined> {
      const read = await accountRead(customer, number);
      if (!read) return undefined;
      const { kept, calendarVersion } = read;
      const { row } = kept;
      const information = figuresOf(kept, today);
      if (!information) return undefined;
      const closed = await closedDaysOf(customer.institutionId, today, calendarVersion);
      return {
        allowAch: row.allow_ach,
        allowCards: row.allow_cards,
        daysInPeriod: row.days_in_period,
        recurringAllowed: row.recurring_allowed,
        fees: {
          scheduledAchCents: row.scheduled_ach_fee_cents,
          eCheckCents: row.echeck_fee_cents,
          recurringAchCents: row.recurring_ach_fee_cents,
          debitCardCents: row.debit_card_fee_cents,
          creditCardCents: row.credit_card_fee_cents,
        },
        // The loan page's next payment: the installment, or what is left when that is less
        // (0 once paid off, and on a line of credit owing nothing).
        regularPaymentCents: information.nextPaymentCents,
        totalAmountDueCents: information.totalAmountDueCents,
        payoffTodayCents: information.payoffTodayCents,
        feesAndChargesCents: information.totalFeesCents,
        dueDate: information.nextDueDate,
        billingFrequency: information.billingFrequency,
        pastDue: information.account.pastDue,
        delinquent: information.daysPastDue >= DELINQUENT_DAYS_PAST_DUE,
        restrictionCode: row.restriction_code,
        nonPaymentDays: closed.noPayment,
        nonSchedulableDays: closed.noSchedule,
        mailPreference: row.mail_preference,
        hold: row.host_hold,
      };
    },

    async history(customer, number, from) {
      const row = await account(customer, number);
      if (!row) return undefined;
      if (row.history_denied) return 'denied';
      return (await listTransactions(db, row.id, from)).map(toTransaction);
    },

    async statements(customer, number, year) {
      const row = await account(customer, number);
      if (!row) return undefined;
      return (await listStatements(db, row.id, year)).map((statement) => ({
        id: String(statement.id),
        date: statement.date,
        periodStart: statement.period_start,
        provider: statement.provider,
        type: statement.type,
      }));
    },

    async statementDocument(customer, number, statementId) {
      const row = await account(customer, number);
      const id = Number(statementId);
      if (!row || !Number.isSafeInteger(id) || id <= 0 || id > 2 ** 53) return undefined;
      const statement = await findStatement(db, row.id, id);
      if (!statement) return undefined;
      const [branding, pastDueTexts] = await Promise.all([
        options.branding(customer.institutionId),
        options.pastDueTexts?.(customer.institutionId) ??
          pastDueTextsOf(createSettingsAccessor({ shared: {}, english: {} })),
      ]);
      const lines = await listTransactionsBetween(
        db,
        row.id,
        statement.period_start,
        statement.date,
      );
      return renderStatementPdf({
        branding,
        account: {
          number: row.number,
          description: row.description,
          name: row.name_on_account,
          // The address it was sent to; older statements kept none, so today's.
          address: statement.snapshot.mailingAddress ?? mailingLines(row),
        },
        statementDate: statement.date,
        periodStart: statement.period_start,
        snapshot: statement.snapshot,
        lines: lines.map(toTransaction),
        pastDueTexts,
      });
    },

    async insurance(customer, number) {
      const row = await account(customer, number);
      if (!row) return undefined;
      return (await listInsurance(db, row.id)).map((item) => ({
        type: item.type,
        coverage: item.coverage,
        premiumCents: item.premium_cents,
      }));
    },

    async payoffQuote(customer, number, asOf) {
      const row = await account(customer, number);
      if (!row?.terms || !row.loan_state) return undefined;
      return payoffQuote(row.terms, row.loan_state, asOf);
    },

    async payoffProjection(customer, number, today, extraPrincipalCents) {
      const row = await account(customer, number);
      if (!row?.terms || !row.loan_state) return undefined;
      return {
        regular: projectPayoff(row.terms, row.loan_state, today, 0),
        extra: projectPayoff(row.terms, row.loan_state, today, extraPrincipalCents),
      };
    },

    async updateAddress(customer, number, address) {
      const row = await account(customer, number);
      if (!row) return false;
      await updateAccount(db, row.id, {
        address1: address.address1,
        city: address.city,
        state: address.state,
        zip_code: address.zipCode,
      });
      return true;
    },

    async hideFromWeb(customer, number) {
      const row = await account(customer, number);
      if (!row) return false;
      await updateAccount(db, row.id, { hidden_from_web: true });
      return true;
    },

    async setStatementFormat(customer, number, format) {
      const row = await account(customer, number);
      if (!row) return false;
      await updateAccount(db, row.id, { statement_preference: format });
      return true;
    },

    async applications(customer, since) {
      const rows = await listApplications(db, customer.institutionId, customer.customerId, since);
      return rows.map(toCoreApplication);
    },

    /**
     * Numbered from the core's sequence and inserted under its request key (unique per
     * institution): a repeat, or a concurrent twin, finds the first one's row. The number a
     * refused insert drew is skipped, as sequences do.
     */
    async createApplication(customer, application) {
      const inserted = await insertApplicationOnce(db, {
        institution_id: customer.institutionId,
        customer_id: customer.customerId,
        number: await nextApplicationNumber(db),
        status: APPLICATION_RECEIVED,
        amount_requested_cents: application.amountRequestedCents,
        amount_approved_cents: 0,
        last_modified: application.date,
        office: APPLICATIONS_OFFICE,
        funds_expected: null,
        product_id: application.productId,
        product: application.productName,
        term_months: application.termMonths,
        purpose: application.purpose,
        annual_income_cents: application.annualIncomeCents,
        employment_status: application.employmentStatus,
        contact_consent_at: application.contactConsentAt,
        required_documents: JSON.stringify(application.requiredDocuments),
        request_key: application.requestKey,
      });
      if (inserted) return { status: 'created', application: toCoreApplication(inserted) };
      const first = await findApplicationByRequestKey(
        db,
        customer.institutionId,
        application.requestKey,
      );
      // The key is the portal's per user: another customer's row under it is a broken caller.
      if (!first || first.customer_id !== customer.customerId) {
        throw new Error('The application request key belongs to another application');
      }
      return { status: 'alreadyCreated', application: toCoreApplication(first) };
    },

    async findApplication(institutionId, number) {
      const row = await findApplicationByNumber(db, institutionId, number);
      return row && { ...toCoreApplication(row), customerId: row.customer_id };
    },

    async setApplicationStatus(institutionId, number, change) {
      const current = await findApplicationByNumber(db, institutionId, number);
      if (!current) return { status: 'notFound' };
      const updated = await updateApplicationStatus(
        db,
        { institutionId, number, from: change.from },
        {
          status: change.to,
          amount_approved_cents:
            change.to === 'Approved' && change.amountApprovedCents !== undefined
              ? change.amountApprovedCents
              : change.to === 'Declined'
                ? 0
                : current.amount_approved_cents,
          funds_expected:
            change.fundsExpected === undefined ? current.funds_expected : change.fundsExpected,
          last_modified: change.date,
          status_changed_by: change.changedBy,
        },
      );
      if (updated) return { status: 'updated', application: toCoreApplication(updated) };
      const now = await findApplicationByNumber(db, institutionId, number);
      return now
        ? { status: 'statusChanged', application: toCoreApplication(now) }
        : { status: 'notFound' };
    },

    /**
     * The loan is read, the payment applied by the engine, and its line written under the
     * account's unique posting key in the statement that saves the loan's new state under the
     * version read (postLineWithState): the unique key makes a second line impossible, and a
     * concurrent change of the loan (another posting, the end of day) moves the version, when
     * the posting is made again in a transaction that locks the loan. That transaction is also
     * the way when the end of day has not closed the days before the payment's date: it closes
     * them first (the same per-loan closing it runs, so its later run finds them closed and skips
     * them). A repeat answers the first figures: when the key is found taken, or when the payment
     * would be refused (a repeat of a payoff finds the loan paid off), nothing is written (the
     * transaction rolls back) and the line posted under the key, if any, answers. A refusal found
     * after days were closed rolls them back too: a refused payment changes nothing.
     *
     * Speed (a day's scheduled payments post one after another, every statement in turn on
     * PGlite): a first posting is two statements (the loan, and the line with the state), and the
     * key is looked up only when the payment cannot be posted as new.
     */
    async postPayment(customer, number, payment): Promise<CorePaymentPostingResult> {
      const postingKey = paymentPostingKey(payment.postingKey);
      const today = await institutionToday(customer.institutionId);
      let accountId: number | undefined;

      const input: Extract<LoanInput, { kind: 'payment' }> = {
        kind: 'payment',
        date: payment.date,
        amountCents: payment.amountCents,
        additionalPrincipalCents: payment.additionalPrincipalCents,
        ...(payment.description === undefined ? {} : { description: payment.description }),
      };

      /** The payment's history line from the engine's, with what it kept for a replay. */
      function paymentLine(accountId: number, line: LoanTransaction | undefined, state: LoanState) {
        if (!line) throw new Error('A payment writes one history line.');
        // The additional principal goes to principal only when the regular part of the payment
        // covers the interest owed (and whatever charges it paid beyond the installments due).
        if (
          line.otherCents + line.interestCents >
          payment.amountCents - payment.additionalPrincipalCents
        ) {
          throw new PostingRefused('additionalPrincipalBeforeInterest');
        }
        const description =
          payment.description ??
          `${line.description} (${payment.method === 'ach' ? 'ACH' : 'card'})`;
        const [values] = transactionRows(accountId, [{ ...line, description }]);
        if (!values) throw new Error('A payment writes one history line.');
        return {
          ...values,
          posting_key: postingKey,
          loan_input: JSON.stringify({ ...input, date: line.date }),
          loan_state: JSON.stringify(state),
        };
      }

      /**
       * The payment applied to the loan on `date`, the days before it closed already: its own
       * date, or (only for a loan whose history cannot be replayed, see creditAsOfDate) the
       * loan's open day.
       */
      function planOf(loan: CoreLoanRow, date: CalendarDate) {
        let change;
        try {
          change = applyPayment(loan.terms, loan.state, { ...input, date });
        } catch (error) {
          if (error instanceof PaymentExceedsPayoffError) throw new PostingRefused('exceedsPayoff');
          throw error;
        }
        const [line] = change.transactions;
        const values = paymentLine(loan.account_id, line, change.state);
        if (!line) throw new Error('A payment writes one history line.');
        return { date, line, values, state: change.state };
      }

      /**
       * A payment dated before the loan's open day, credited as of its date (Regulation Z
       * 1026.36(c)(1)): the loan is replayed from the last input before the date (the state its
       * line kept) through the open day twice, without the payment and with it. The first must
       * give back the stored state exactly (the check that the history is the loan's); the
       * second is the loan as it is now. The later inputs' lines are restated (what each paid,
       * the state it left), the interest and late fees the days no longer charge are reversed in
       * lines dated the open day (replayAdjustments), the principal balances from the date on
       * are set again, and the state is saved, all under the loan's lock in `trx`. Undefined when
       * the history cannot be replayed (lines written before migration 0037 that do not give
       * back the stored state): the caller then posts as of the open day, as before.
       */
      async function creditAsOfDate(
        trx: Transaction<CoreDatabase>,
        loan: CoreLoanRow,
      ): Promise<CorePaymentPostingResult | undefined> {
        const accountId = loan.account_id;
        // A repeat is answered before any work (the key's line answers, in the catch below).
        if (await findPosting(trx, accountId, postingKey))
          throw new PostingRefused('alreadyPosted');
        const history = await replayableHistory(
          trx,
          loan,
          await findLastInputLine(trx, accountId, payment.date, DEFAULT_TIME),
        );
        if (!history) return undefined;
        const { checkpoint, lines, inputs } = history;
        const through = loan.state.accruedTo;
        // The payment takes its place among the inputs as its line will in the history.
        const at = lines.filter(
          (line) =>
            line.date < payment.date || (line.date === payment.date && line.time <= DEFAULT_TIME),
        ).length;
        let before: LoanReplay;
        let after: LoanReplay;
        try {
          before = replayLoan(loan.terms, checkpoint, inputs, through);
        } catch (error) {
          if (error instanceof RangeError || error instanceof PaymentExceedsPayoffError) {
            return undefined;
          }
          throw error;
        }
        if (!isDeepStrictEqual(before.state, loan.state)) return undefined;
        try {
          after = replayLoan(
            loan.terms,
            checkpoint,
            [...inputs.slice(0, at), input, ...inputs.slice(at)],
            through,
          );
        } catch (error) {
          // The payment, or a later one re-applied after it, is more than the loan then owes.
          if (error instanceof PaymentExceedsPayoffError) throw new PostingRefused('exceedsPayoff');
          // Dated before the loan's origination.
          if (error instanceof RangeError) return undefined;
          throw error;
        }
        const credited = after.inputs[at];
        if (!credited) throw new Error('The replay lost the payment.');
        const [line] = credited.transactions;
        const id = await insertPostingLine(trx, paymentLine(accountId, line, credited.state));
        if (id === undefined || !line) throw new PostingRefused('alreadyPosted');
        await restateReplayedLines(trx, lines, before, after, at, (index) => index + 1);
        await insertTransactions(
          trx,
          transactionRows(
            accountId,
            replayAdjustments(before, after, creditedAsOfReason(payment.date), through),
          ),
        );
        const balances = await restatePrincipalBalances(trx, accountId, payment.date);
        const savedAt = clock.now();
        if (!(await saveLoanState(trx, accountId, loan.version, after.state, savedAt))) {
          throw new Error(`The loan ${accountId} changed during a payment posting.`);
        }
        return {
          status: 'posted',
          ...postedFigures(
            {
              id,
              date: payment.date,
              principal_cents: line.principalCents,
              interest_cents: line.interestCents,
              other_cents: line.otherCents,
              total_cents: line.totalCents,
              principal_balance_cents: balances.get(id) ?? line.principalBalanceCents,
            },
            nextDueDate(loan.terms, after.state),
          ),
        };
      }

      /** The refusals before anything is applied (the loan as read). */
      function refuseEarly(loan: CoreLoanRow) {
        const { amountCents, additionalPrincipalCents } = payment;
        if (
          !Number.isSafeInteger(amountCents) ||
          amountCents <= 0 ||
          !Number.isSafeInteger(additionalPrincipalCents) ||
          additionalPrincipalCents < 0 ||
          additionalPrincipalCents > amountCents
        ) {
          throw new PostingRefused('invalidAmount');
        }
        if (loan.state.paidOffDate !== null) throw new PostingRefused('paidOff');
        // A day after the institution's today has not begun: closing the days before it would
        // accrue interest, charge late fees and write statements ahead of time.
        if (payment.date > today) throw new PostingRefused('dayNotClosed');
      }

      /** Writes the plan under the version read; undefined when the loan changed meanwhile. */
      async function write(
        executor: Kysely<CoreDatabase>,
        loan: CoreLoanRow,
        plan: ReturnType<typeof planOf>,
      ): Promise<CorePaymentPostingResult | undefined> {
        const posted = await postLineWithState(executor, plan.values, {
          accountId: loan.account_id,
          version: loan.version,
          state: plan.state,
          at: clock.now(),
        });
        // The key is taken: a repeat (its line answers, below).
        if (posted === 'keyTaken') throw new PostingRefused('alreadyPosted');
        if (posted === 'changed') return undefined;
        return {
          status: 'posted',
          ...postedFigures(
            {
              id: posted.id,
              date: plan.date,
              principal_cents: plan.line.principalCents,
              interest_cents: plan.line.interestCents,
              other_cents: plan.line.otherCents,
              total_cents: plan.line.totalCents,
              principal_balance_cents: plan.line.principalBalanceCents,
            },
            nextDueDate(loan.terms, plan.state),
          ),
        };
      }

      try {
        // Without a lock, when the loan's days before the date are closed (nearly always).
        const read = await findCustomerLoan(
          db,
          customer.institutionId,
          customer.customerId,
          number,
        );
        const category = read && accountCategory(read.type);
        if (read && (category === 'loan' || category === 'lineOfCredit')) {
          accountId = read.account_id;
          refuseEarly(read);
          // The date is the loan's open day: nothing after it to replay, nothing before it to
          // close.
          if (read.state.accruedTo === payment.date) {
            const posted = await write(db, read, planOf(read, payment.date));
            if (posted) return posted;
          }
        }
        return await db.transaction().execute(async (trx): Promise<CorePaymentPostingResult> => {
          const found = await lockCustomerLoan(trx, customer, number);
          if ('refused' in found) return found.refused;
          const { locked } = found;
          accountId = locked.account_id;
          let loan: CoreLoanRow = {
            account_id: locked.account_id,
            terms: locked.terms,
            state: locked.state,
            version: locked.version,
            updated_at: locked.updated_at,
          };
          refuseEarly(loan);
          if (payment.date < loan.state.accruedTo) {
            const credited = await creditAsOfDate(trx, loan);
            if (credited) return credited;
          }
          // Interest is accrued for every day before `accruedTo` (the loan's open day). A payment
          // made after midnight but before the night's end of day finds yesterday still open:
          // the days before its date are closed here first, as the end of day would close them.
          for (let day = loan.state.accruedTo; day < payment.date; day = addDays(day, 1)) {
            loan = (await closeLockedLoanDay(trx, locked.account_id, loan, day)).loan;
          }
          const date = payment.date < loan.state.accruedTo ? loan.state.accruedTo : payment.date;
          const posted = await write(trx, loan, planOf(loan, date));
          if (!posted) {
            throw new Error(`The loan ${locked.account_id} changed during a payment posting.`);
          }
          return posted;
        });
      } catch (error) {
        if (!(error instanceof PostingRefused) || accountId === undefined) throw error;
        // Nothing written. A key posted before answers its first figures, whatever this request
        // says.
        const [earlier, loan] = await Promise.all([
          findPosting(db, accountId, postingKey),
          findLoan(db, accountId),
        ]);
        if (earlier && loan) {
          return {
            status: 'alreadyPosted',
            ...postedFigures(earlier, nextDueDate(loan.terms, loan.state)),
          };
        }
        if (error.reason === 'alreadyPosted') {
          throw new Error(`The posting ${postingKey} was taken and is not found.`);
        }
        return { status: 'refused', reason: error.reason };
      }
    },

    /**
     * A returned payment undone as of its own date, in one transaction under the loan's lock:
     * the days before the return date are closed first (as a posting closes them), then the loan
     * is replayed from the last input before the payment through the open day twice, with the
     * payment and with it replaced by its `returnedPayment` input (and the returned-payment fee
     * added on the return date). The first replay must give back the stored state (the check that
     * the history is the loan's); the second is the loan now. The payment's line stays (it
     * happened) and keeps the new input; a reversal line dated the return date puts back what it
     * had paid; the later inputs' lines are restated, the late fees and interest the days now
     * charge differently are adjusted (replayAdjustments), the principal balances from the
     * payment's date on set again, and the state saved under the version read. The late fees
     * follow the engine's DECISION (loan-engine.ts, the header): none before the return date
     * because of it.
     *
     * Once: the reversal's line is written under `reversal:<reversalKey>` (unique per account),
     * and the payment's line then names the reversal, so a repeat under either key, waiting on the
     * lock, finds the first and answers it. A loan whose history cannot be replayed (written
     * before migration 0037 and not giving back its state) is not reversed: an error says so.
     */
    async reversePayment(customer, number, reversal): Promise<CorePaymentReversalResult> {
      const paymentKey = paymentPostingKey(reversal.postingKey);
      const reversalKey = reversalPostingKey(reversal.reversalKey);
      const { feeCents, returnedOn } = reversal;
      if (!Number.isSafeInteger(feeCents) || feeCents < 0) {
        throw new RangeError('A returned-payment fee is a whole number of cents, 0 or more.');
      }
      const today = await institutionToday(customer.institutionId);
      // A payment that cannot be taken back is refused with everything of this call rolled back
      // (the days it closed included): the caller puts it before staff.
      const refusedUnlessReversible = (error: unknown): CorePaymentReversalResult => {
        if (error instanceof CannotReverse) return { status: 'refused', reason: 'cannotReverse' };
        throw error;
      };
      return db
        .transaction()
        .execute(async (trx): Promise<CorePaymentReversalResult> => {
          const found = await lockCustomerLoan(trx, customer, number);
          if ('refused' in found) return found.refused;
          const { locked } = found;
          const accountId = locked.account_id;
          const { terms } = locked;
          const alreadyReversed = (line: CoreTransactionRow): CorePaymentReversalResult => ({
            status: 'alreadyReversed',
            ...reversedFigures(line, nextDueDate(terms, locked.state)),
          });
          const repeat = await findPosting(trx, accountId, reversalKey);
          if (repeat?.kind === 'reversal') return alreadyReversed(repeat);
          const paid = await findPosting(trx, accountId, paymentKey);
          if (paid?.kind !== 'payment') return { status: 'notFound' };
          if (paid.loan_input?.kind === 'returnedPayment') {
            // Returned once already, under another reversal key: a payment is returned once.
            const first = await findPosting(
              trx,
              accountId,
              reversalPostingKey(paid.loan_input.reversalKey),
            );
            if (!first) throw new Error(`The reversal of ${paymentKey} is not found.`);
            return alreadyReversed(first);
          }
          if (returnedOn > today) return { status: 'refused', reason: 'dayNotClosed' };
          if (returnedOn < paid.date) {
            throw new RangeError(`A payment of ${paid.date} cannot be returned on ${returnedOn}.`);
          }

          let loan: CoreLoanRow = {
            account_id: accountId,
            terms,
            state: locked.state,
            version: locked.version,
            updated_at: locked.updated_at,
          };
          for (let day = loan.state.accruedTo; day < returnedOn; day = addDays(day, 1)) {
            loan = (await closeLockedLoanDay(trx, accountId, loan, day)).loan;
          }
          const through = loan.state.accruedTo;
          const unreplayable = () =>
            new CannotReverse(
              `The loan ${accountId}'s history cannot be replayed: ${paymentKey} stays.`,
            );
          const history = await replayableHistory(
            trx,
            loan,
            await findLastInputLineBefore(trx, accountId, paid),
          );
          if (!history) throw unreplayable();
          const { checkpoint, lines, inputs } = history;
          const at = lines.findIndex((line) => line.id === paid.id);
          const returned = inputs[at];
          if (returned?.kind !== 'payment') throw unreplayable();
          // The reversal's lines go where a line of the return date goes: after that day's lines
          // (after the payment's own, when it is returned the day it was made).
          const time =
            returnedOn === paid.date && paid.time > DEFAULT_TIME ? paid.time : DEFAULT_TIME;
          const feeAt = lines.filter(
            (line) => line.date < returnedOn || (line.date === returnedOn && line.time <= time),
          ).length;
          const { kind: _payment, ...payment } = returned;
          const marker: LoanInput = {
            kind: 'returnedPayment',
            date: paid.date,
            returnedOn,
            payment,
            reversalKey: reversal.reversalKey,
          };
          const fee: LoanInput | undefined =
            feeCents > 0
              ? {
                  kind: 'fee',
                  date: returnedOn,
                  amountCents: feeCents,
                  description: reversal.feeDescription ?? RETURNED_PAYMENT_FEE,
                }
              : undefined;
          let before: LoanReplay;
          try {
            before = replayLoan(terms, checkpoint, inputs, through);
          } catch (error) {
            if (error instanceof RangeError || error instanceof PaymentExceedsPayoffError) {
              throw unreplayable();
            }
            throw error;
          }
          if (!isDeepStrictEqual(before.state, loan.state)) throw unreplayable();
          const after = replayLoan(
            terms,
            checkpoint,
            [
              ...inputs.slice(0, at),
              marker,
              ...inputs.slice(at + 1, feeAt),
              ...(fee ? [fee] : []),
              ...inputs.slice(feeAt),
            ],
            through,
          );

          const [reversalValues] = transactionRows(
            accountId,
            [
              reversalLine(
                {
                  principalCents: paid.principal_cents,
                  interestCents: paid.interest_cents,
                  otherCents: paid.other_cents,
                  totalCents: paid.total_cents,
                },
                returnedOn,
                reversal.reason,
                // The running balance, set below with the others'.
                paid.principal_balance_cents,
              ),
            ],
            () => time,
          );
          if (!reversalValues) throw new Error('A reversal writes one history line.');
          const id = await insertPostingLine(trx, { ...reversalValues, posting_key: reversalKey });
          if (id === undefined) throw new Error(`The key ${reversalKey} was taken under the lock.`);
          if (fee) {
            const charged = after.inputs[feeAt];
            const [feeValues] = transactionRows(accountId, charged?.transactions ?? [], () => time);
            if (!charged || !feeValues) throw new Error('The replay lost the fee.');
            await insertTransactions(trx, [
              {
                ...feeValues,
                loan_input: JSON.stringify(fee),
                loan_state: JSON.stringify(charged.state),
              },
            ]);
          }
          await restateReplayedLines(trx, lines, before, after, at, (index) =>
            fee && index >= feeAt ? index + 1 : index,
          );
          await insertTransactions(
            trx,
            transactionRows(
              accountId,
              replayAdjustments(before, after, returnedPaymentReason(paid.date), through),
            ),
          );
          const balances = await restatePrincipalBalances(trx, accountId, paid.date);
          if (!(await saveLoanState(trx, accountId, loan.version, after.state, clock.now()))) {
            throw new Error(`The loan ${accountId} changed during a payment reversal.`);
          }
          return {
            status: 'reversed',
            ...reversedFigures(
              {
                id,
                date: returnedOn,
                principal_cents: paid.principal_cents,
                interest_cents: paid.interest_cents,
                other_cents: paid.other_cents,
                total_cents: paid.total_cents,
                principal_balance_cents: balances.get(id) ?? paid.principal_balance_cents,
              },
              nextDueDate(terms, after.state),
            ),
          };
        })
        .catch(refusedUnlessReversible);
    },

    async lastClosedDay(institutionId) {
      return lastEndOfDay(db, institutionId);
    },

    async listPostings(institutionId, date) {
      if (!isCalendarDate(date)) return [];
      const lines = await listPaymentLinesOfDay(db, institutionId, date);
      return lines.map((line) => ({
        postingKey: line.posting_key.slice(PAYMENT_POSTING_PREFIX.length),
        reference: String(line.id),
        date: line.date,
        amountCents: line.total_cents,
        reversed: line.reversed,
      }));
    },

    async endOfDay(institutionId, date): Promise<EndOfDayReport> {
      const report: EndOfDayReport = {
        date,
        loans: 0,
        interestCents: 0,
        lateFees: 0,
        statements: 0,
      };
      if (await endOfDayDone(db, institutionId, date)) return report;
      for (let after = 0; ;) {
        const page = await listOpenLoans(db, institutionId, after, 200);
        if (page.length === 0) break;
        for (const loan of page) {
          const closed = await closeLoan(loan.account_id, date);
          report.loans += 1;
          report.interestCents += closed.interestCents;
          report.lateFees += closed.lateFees;
          report.statements += closed.statement ? 1 : 0;
        }
        after = page.at(-1)?.account_id ?? after;
      }
      for (let after = 0; ;) {
        const page = await listInterestBearingDeposits(db, institutionId, after, 500);
        if (page.length === 0) break;
        for (const deposit of page)
          report.interestCents += await creditDepositInterest(deposit.id, date);
        after = page.at(-1)?.id ?? after;
      }
      // Deposits and investments get their statement on the month's last day (after its
      // interest), as the demo history gives them.
      if (addDays(date, 1).endsWith('-01')) {
        for (let after = 0; ;) {
          const page = await listDeposits(db, institutionId, after, 500);
          if (page.length === 0) break;
          for (const deposit of page)
            report.statements += (await writeDepositStatement(deposit.id, date)) ? 1 : 0;
          after = page.at(-1)?.id ?? after;
        }
      }
      await markEndOfDay(db, institutionId, date);
      return report;
    },
  };
}
