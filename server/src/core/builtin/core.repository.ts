import type { CalendarDate } from '@portal/domain';
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { CoreDatabase } from './core.schema';
import type {
  CoreAccountRow,
  CoreAccountsTable,
  CoreApplicationsTable,
  CoreLoanRow,
  CoreStatementRow,
  CoreTransactionRow,
  CoreTransactionsTable,
  StatementSnapshot,
} from './core.schema';
import type { LoanState, LoanTerms } from './loan-engine';

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;

/** An account with its loan (terms and state) when the engine runs it. */
export type AccountWithLoan = CoreAccountRow & {
  terms: LoanTerms | null;
  loan_state: LoanState | null;
  loan_version: number | null;
};

function accountsWithLoans(db: Db) {
  return db
    .selectFrom('core_accounts')
    .leftJoin('core_loans', 'core_loans.account_id', 'core_accounts.id')
    .selectAll('core_accounts')
    .select([
      'core_loans.terms as terms',
      'core_loans.state as loan_state',
      'core_loans.version as loan_version',
    ]);
}

/** The customer's accounts: the institution and the customer are both in the condition. */
export async function listCustomerAccounts(
  db: Db,
  institutionId: number,
  customerId: string,
): Promise<AccountWithLoan[]> {
  return accountsWithLoans(db)
    .where('core_accounts.institution_id', '=', institutionId)
    .where('core_accounts.customer_id', '=', customerId)
    .orderBy('core_accounts.type')
    .orderBy('core_accounts.number')
    .execute();
}

export async function findCustomerAccount(
  db: Db,
  institutionId: number,
  customerId: string,
  number: string,
): Promise<AccountWithLoan | undefined> {
  return accountsWithLoans(db)
    .where('core_accounts.institution_id', '=', institutionId)
    .where('core_accounts.customer_id', '=', customerId)
    .where('core_accounts.number', '=', number)
    .executeTakeFirst();
}

/** The versions of an account and of what goes with it (migration 0035). */
export interface AccountVersions {
  id: number;
  /** Raised by the database on every update of the account's row. */
  version: number;
  /** The loan's, raised with every state the core writes; null: not run by the engine. */
  loan_version: number | null;
  /** The institution's closed days'; null: unchanged since migration 0035. */
  calendar_version: number | null;
}

/**
 * The customer's account's versions: one small read that tells whether a copy kept in memory is
 * still the stored row (and the institution's closed days, the stored list).
 */
export async function findCustomerAccountVersions(
  db: Db,
  institutionId: number,
  customerId: string,
  number: string,
): Promise<AccountVersions | undefined> {
  // Written out rather than built: every read of an account runs it.
  const { rows } = await sql<AccountVersions>`
    select account.id, account.version, loan.version as loan_version,
      calendar.version as calendar_version
    from core_accounts account
    left join core_loans loan on loan.account_id = account.id
    left join core_calendar_versions calendar on calendar.institution_id = account.institution_id
    where account.institution_id = ${institutionId} and account.customer_id = ${customerId}
      and account.number = ${number}`.execute(db);
  return rows[0];
}

/**
 * Holders of an account with this number (branch-account-check, dashes included).
 * `withoutCheckDigit`: the number was typed without its check digits, so a stored number that
 * continues with '-<check digits>' matches too. The number is digits and dashes only (checked by
 * the caller), so it holds no LIKE wildcard.
 */
export async function findHoldersByNumber(
  db: Db,
  institutionId: number,
  number: string,
  withoutCheckDigit: boolean,
): Promise<{ customer_id: string; type: number }[]> {
  return db
    .selectFrom('core_accounts')
    .select(['customer_id', 'type'])
    .where('institution_id', '=', institutionId)
    .where((eb) =>
      withoutCheckDigit
        ? eb.or([eb('number', '=', number), eb('number', 'like', `${number}-%`)])
        : eb('number', '=', number),
    )
    .execute();
}

export async function listTransactions(
  db: Db,
  accountId: number,
  from: CalendarDate,
): Promise<CoreTransactionRow[]> {
  return db
    .selectFrom('core_transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('date', '>=', from)
    .orderBy('date', 'desc')
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listStatements(
  db: Db,
  accountId: number,
  year: number,
): Promise<CoreStatementRow[]> {
  return db
    .selectFrom('core_statements')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('date', '>=', `${year}-01-01`)
    .where('date', '<=', `${year}-12-31`)
    .orderBy('date', 'desc')
    .execute();
}

export async function findStatement(
  db: Db,
  accountId: number,
  statementId: number,
): Promise<CoreStatementRow | undefined> {
  return db
    .selectFrom('core_statements')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', statementId)
    .executeTakeFirst();
}

export async function listInsurance(db: Db, accountId: number) {
  return db
    .selectFrom('core_insurance')
    .select(['type', 'coverage', 'premium_cents'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
}

export async function listApplications(
  db: Db,
  institutionId: number,
  customerId: string,
  since: CalendarDate,
) {
  return db
    .selectFrom('core_applications')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('customer_id', '=', customerId)
    .where('last_modified', '>=', since)
    .orderBy('last_modified', 'desc')
    .orderBy('number')
    .execute();
}

/** The next application number of the built-in core ('A-250001', 'A-250002', …). */
export async function nextApplicationNumber(db: Db): Promise<string> {
  const { rows } = await sql<{
    value: string;
  }>`select nextval('core_application_numbers')::text as value`.execute(db);
  const value = rows[0]?.value;
  if (!value) throw new Error('The application number sequence gave nothing');
  return `A-${value}`;
}

/**
 * Inserts an application under its request key; the row inserted, or undefined when the key was
 * taken already (on PostgreSQL a concurrent insert of the same key waits for the other's commit).
 */
export async function insertApplicationOnce(
  db: Db,
  application: Insertable<CoreApplicationsTable> & { request_key: string },
) {
  return db
    .insertInto('core_applications')
    .values(application)
    .onConflict((conflict) => conflict.columns(['institution_id', 'request_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findApplicationByRequestKey(
  db: Db,
  institutionId: number,
  requestKey: string,
) {
  return db
    .selectFrom('core_applications')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/** One application of the institution by its number, whoever made it. */
export async function findApplicationByNumber(db: Db, institutionId: number, number: string) {
  return db
    .selectFrom('core_applications')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/**
 * Changes an application while its status is still `from` (the check and the change in one
 * statement); the changed row, or undefined when it is not there or has moved.
 */
export async function updateApplicationStatus(
  db: Db,
  target: { institutionId: number; number: string; from: string },
  change: Pick<
    Updateable<CoreApplicationsTable>,
    'status' | 'amount_approved_cents' | 'funds_expected' | 'last_modified' | 'status_changed_by'
  >,
) {
  return db
    .updateTable('core_applications')
    .set(change)
    .where('institution_id', '=', target.institutionId)
    .where('number', '=', target.number)
    .where('status', '=', target.from)
    .returningAll()
    .executeTakeFirst();
}

export async function updateAccount(
  db: Db,
  accountId: number,
  changes: Partial<
    Pick<
      Insertable<CoreAccountsTable>,
      | 'address1'
      | 'city'
      | 'state'
      | 'zip_code'
      | 'hidden_from_web'
      | 'statement_preference'
      | 'comment'
      | 'balance_cents'
      | 'available_balance_cents'
    >
  >,
): Promise<void> {
  await db.updateTable('core_accounts').set(changes).where('id', '=', accountId).execute();
}

export async function insertAccount(
  db: Db,
  account: Insertable<CoreAccountsTable>,
): Promise<number> {
  const row = await db
    .insertInto('core_accounts')
    .values(account)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLoan(
  db: Db,
  accountId: number,
  terms: LoanTerms,
  state: LoanState,
  at: Date,
): Promise<void> {
  await db
    .insertInto('core_loans')
    .values({
      account_id: accountId,
      terms: JSON.stringify(terms),
      state: JSON.stringify(state),
      updated_at: at,
    })
    .execute();
}

/**
 * Stores a loan's new state if nobody changed it since `version` was read; false when someone did
 * (the caller reads again and retries).
 */
export async function saveLoanState(
  db: Db,
  accountId: number,
  version: number,
  state: LoanState,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('core_loans')
    .set({ state: JSON.stringify(state), version: version + 1, updated_at: at })
    .where('account_id', '=', accountId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertTransactions(
  db: Db,
  lines: readonly Insertable<CoreTransactionsTable>[],
): Promise<void> {
  // Large histories go in slices: one statement's parameters stay well under the protocol limit.
  for (let start = 0; start < lines.length; start += 500) {
    await db
      .insertInto('core_transactions')
      .values(lines.slice(start, start + 500))
      .execute();
  }
}

export async function insertStatements(
  db: Db,
  accountId: number,
  statements: readonly {
    date: CalendarDate;
    periodStart: CalendarDate;
    provider: number;
    snapshot: StatementSnapshot;
  }[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < statements.length; start += 500) {
    const result = await db
      .insertInto('core_statements')
      .values(
        statements.slice(start, start + 500).map((statement) => ({
          account_id: accountId,
          date: statement.date,
          period_start: statement.periodStart,
          provider: statement.provider,
          snapshot: JSON.stringify(statement.snapshot),
        })),
      )
      .onConflict((conflict) => conflict.columns(['account_id', 'date']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

export async function insertInsurance(
  db: Db,
  accountId: number,
  items: readonly { type: string; coverage: number; premiumCents: number }[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('core_insurance')
    .values(
      items.map((item) => ({
        account_id: accountId,
        type: item.type,
        coverage: item.coverage,
        premium_cents: item.premiumCents,
      })),
    )
    .execute();
}

export async function insertApplications(
  db: Db,
  applications: readonly Insertable<CoreApplicationsTable>[],
): Promise<void> {
  if (applications.length === 0) return;
  await db.insertInto('core_applications').values(applications).execute();
}

/** Loans of the institution the end of day must close, in id order, a page at a time. */
export async function listOpenLoans(
  db: Db,
  institutionId: number,
  afterId: number,
  limit: number,
): Promise<(CoreLoanRow & { institution_id: number })[]> {
  return db
    .selectFrom('core_loans')
    .innerJoin('core_accounts', 'core_accounts.id', 'core_loans.account_id')
    .selectAll('core_loans')
    .select('core_accounts.institution_id')
    .where('core_accounts.institution_id', '=', institutionId)
    .where('core_loans.account_id', '>', afterId)
    .orderBy('core_loans.account_id')
    .limit(limit)
    .execute();
}

/**
 * The customer's loan run by the engine, locked until the transaction ends, with its account's
 * id and type: one statement where a payment posting needs the account, then the loan locked.
 * Undefined when the customer has no such account or it has no engine loan (the caller tells
 * the two apart with findCustomerAccount: PostgreSQL cannot lock the nullable side of an outer
 * join).
 */
export async function findCustomerLoanForUpdate(
  db: Transaction<CoreDatabase>,
  institutionId: number,
  customerId: string,
  number: string,
): Promise<(CoreLoanRow & { type: number }) | undefined> {
  return customerLoan(db, institutionId, customerId, number)
    .forUpdate('core_loans')
    .executeTakeFirst();
}

/** The same, not locked (a posting that writes under the version it read). */
export async function findCustomerLoan(
  db: Db,
  institutionId: number,
  customerId: string,
  number: string,
): Promise<(CoreLoanRow & { type: number }) | undefined> {
  return customerLoan(db, institutionId, customerId, number).executeTakeFirst();
}

function customerLoan(db: Db, institutionId: number, customerId: string, number: string) {
  return db
    .selectFrom('core_accounts')
    .innerJoin('core_loans', 'core_loans.account_id', 'core_accounts.id')
    .selectAll('core_loans')
    .select('core_accounts.type')
    .where('core_accounts.institution_id', '=', institutionId)
    .where('core_accounts.customer_id', '=', customerId)
    .where('core_accounts.number', '=', number);
}

/** A loan's row as it is (no lock). */
export async function findLoan(db: Db, accountId: number): Promise<CoreLoanRow | undefined> {
  return db
    .selectFrom('core_loans')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export async function findLoanForUpdate(
  db: Transaction<CoreDatabase>,
  accountId: number,
): Promise<CoreLoanRow | undefined> {
  return db
    .selectFrom('core_loans')
    .selectAll()
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
}

/** Transactions of an account in a period (a statement's), oldest first. */
export async function listTransactionsBetween(
  db: Db,
  accountId: number,
  from: CalendarDate,
  to: CalendarDate,
): Promise<CoreTransactionRow[]> {
  return db
    .selectFrom('core_transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('time')
    .orderBy('id')
    .execute();
}

/** The principal balance after the account's last transaction before `date` (0 before any). */
export async function principalBalanceBefore(
  db: Db,
  accountId: number,
  date: CalendarDate,
): Promise<number> {
  const row = await db
    .selectFrom('core_transactions')
    .select('principal_balance_cents')
    .where('account_id', '=', accountId)
    .where('date', '<', date)
    .orderBy('date', 'desc')
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.principal_balance_cents ?? 0;
}

export async function endOfDayDone(
  db: Db,
  institutionId: number,
  date: CalendarDate,
): Promise<boolean> {
  const row = await db
    .selectFrom('core_end_of_day')
    .select('date')
    .where('institution_id', '=', institutionId)
    .where('date', '=', date)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markEndOfDay(db: Db, institutionId: number, date: CalendarDate) {
  await db
    .insertInto('core_end_of_day')
    .values({ institution_id: institutionId, date })
    .onConflict((conflict) => conflict.columns(['institution_id', 'date']).doNothing())
    .execute();
}

export type { CoreAccountRow };

export async function lastEndOfDay(db: Db, institutionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('core_end_of_day')
    .select('date')
    .where('institution_id', '=', institutionId)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.date;
}

/** Deposit and investment accounts (no engine loan) of the institution with a rate, a page at a time. */
/** Every deposit and investment (not run by the loan engine), a page at a time. */
export async function listDeposits(db: Db, institutionId: number, afterId: number, limit: number) {
  return db
    .selectFrom('core_accounts')
    .leftJoin('core_loans', 'core_loans.account_id', 'core_accounts.id')
    .select(['core_accounts.id'])
    .where('core_accounts.institution_id', '=', institutionId)
    .where('core_loans.account_id', 'is', null)
    .where('core_accounts.type', 'in', [1, 3, 5, 6, 7, 8])
    .where('core_accounts.id', '>', afterId)
    .orderBy('core_accounts.id')
    .limit(limit)
    .execute();
}

export async function listInterestBearingDeposits(
  db: Db,
  institutionId: number,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('core_accounts')
    .leftJoin('core_loans', 'core_loans.account_id', 'core_accounts.id')
    .select(['core_accounts.id', 'core_accounts.type'])
    .where('core_accounts.institution_id', '=', institutionId)
    .where('core_loans.account_id', 'is', null)
    .where('core_accounts.rate', '>', 0)
    .where('core_accounts.type', 'in', [1, 3, 5, 6, 7, 8])
    .where('core_accounts.id', '>', afterId)
    .orderBy('core_accounts.id')
    .limit(limit)
    .execute();
}

export async function findAccountForUpdate(db: Transaction<CoreDatabase>, accountId: number) {
  return db
    .selectFrom('core_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts a posting once: false when its key was posted already (the account's unique key). */
export async function insertPostingOnce(
  db: Db,
  line: Insertable<CoreTransactionsTable> & { posting_key: string },
): Promise<boolean> {
  const result = await db
    .insertInto('core_transactions')
    .values(line)
    .onConflict((conflict) => conflict.columns(['account_id', 'posting_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Inserts a posting's line once: its id, or undefined when its key was posted already. */
export async function insertPostingLine(
  db: Db,
  line: Insertable<CoreTransactionsTable> & { posting_key: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('core_transactions')
    .values(line)
    .onConflict((conflict) => conflict.columns(['account_id', 'posting_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row && Number(row.id);
}

/** Where a line stands in a loan's history: by date, time of day, then the order written. */
export interface HistoryPosition {
  date: CalendarDate;
  time: string;
  id: number;
}

/** The kinds of line that record what was given to a loan (a replay's inputs). */
const INPUT_KINDS = ['payment', 'fee', 'disbursement'] as const;

/**
 * The loan's last line of an input on or before `date` at `time` (where a payment posted now as
 * of that date takes its place), with the state it left when it kept one (migration 0037).
 */
export async function findLastInputLine(
  db: Db,
  accountId: number,
  date: CalendarDate,
  time: string,
): Promise<CoreTransactionRow | undefined> {
  return db
    .selectFrom('core_transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', 'in', INPUT_KINDS)
    .where((eb) =>
      eb.or([eb('date', '<', date), eb.and([eb('date', '=', date), eb('time', '<=', time)])]),
    )
    .orderBy('date', 'desc')
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The loan's last line of an input before the line at `position` (a payment being returned). */
export async function findLastInputLineBefore(
  db: Db,
  accountId: number,
  position: HistoryPosition,
): Promise<CoreTransactionRow | undefined> {
  return db
    .selectFrom('core_transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', 'in', INPUT_KINDS)
    .where((eb) =>
      eb(
        eb.refTuple('date', 'time', 'id'),
        '<',
        eb.tuple(position.date, position.time, position.id),
      ),
    )
    .orderBy('date', 'desc')
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The loan's lines of inputs after `after` (all of them without it), in the history's order. */
export async function listInputLines(
  db: Db,
  accountId: number,
  after: HistoryPosition | undefined,
): Promise<CoreTransactionRow[]> {
  let query = db
    .selectFrom('core_transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', 'in', INPUT_KINDS);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('date', 'time', 'id'), '>', eb.tuple(after.date, after.time, after.id)),
    );
  }
  return query.orderBy('date').orderBy('time').orderBy('id').execute();
}

/** An input's line as a replay restates it: what it paid, and the state it left. */
export async function restateInputLine(
  db: Db,
  id: number,
  line: Pick<
    Updateable<CoreTransactionsTable>,
    | 'principal_cents'
    | 'interest_cents'
    | 'other_cents'
    | 'description'
    | 'loan_input'
    | 'loan_state'
  >,
): Promise<void> {
  await db.updateTable('core_transactions').set(line).where('id', '=', id).execute();
}

/**
 * Sets the principal balance on each line of the account from `from` on to the running balance
 * (disbursements and reversals of returned payments add their principal, payments take theirs
 * off), where it differs; answers the balance each line now shows, by id.
 */
export async function restatePrincipalBalances(
  db: Db,
  accountId: number,
  from: CalendarDate,
): Promise<Map<number, number>> {
  let balance = await principalBalanceBefore(db, accountId, from);
  const lines = await db
    .selectFrom('core_transactions')
    .select(['id', 'kind', 'principal_cents', 'principal_balance_cents'])
    .where('account_id', '=', accountId)
    .where('date', '>=', from)
    .orderBy('date')
    .orderBy('time')
    .orderBy('id')
    .execute();
  const balances = new Map<number, number>();
  for (const line of lines) {
    if (line.kind === 'disbursement' || line.kind === 'reversal') balance += line.principal_cents;
    if (line.kind === 'payment') balance -= line.principal_cents;
    balances.set(Number(line.id), balance);
    if (line.principal_balance_cents === balance) continue;
    await db
      .updateTable('core_transactions')
      .set({ principal_balance_cents: balance })
      .where('id', '=', line.id)
      .execute();
  }
  return balances;
}

/** The line posted under a posting key on the account, if any. */
export async function findPosting(
  db: Db,
  accountId: number,
  postingKey: string,
): Promise<CoreTransactionRow | undefined> {
  return db
    .selectFrom('core_transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('posting_key', '=', postingKey)
    .executeTakeFirst();
}

/**
 * A payment's posting as one statement: the loan's new state saved under the version read and,
 * only with it, the payment's line inserted under its posting key. Answers the line's id;
 * 'changed' when the version moved (a concurrent posting or end of day: nothing was written),
 * 'keyTaken' when the key was posted already (the statement failed whole: nothing was written).
 * Safe without a lock: a statement is atomic, and the version guards the state read.
 */
export async function postLineWithState(
  db: Db,
  line: Insertable<CoreTransactionsTable> & { posting_key: string },
  loan: { accountId: number; version: number; state: LoanState; at: Date },
): Promise<{ id: number } | 'keyTaken' | 'changed'> {
  try {
    const row = await db
      .with('saved', (cte) =>
        cte
          .updateTable('core_loans')
          .set({
            state: JSON.stringify(loan.state),
            version: loan.version + 1,
            updated_at: loan.at,
          })
          .where('account_id', '=', loan.accountId)
          .where('version', '=', loan.version)
          .returning('account_id'),
      )
      .insertInto('core_transactions')
      .columns([
        'account_id',
        'date',
        'time',
        'kind',
        'description',
        'principal_cents',
        'interest_cents',
        'other_cents',
        'total_cents',
        'principal_balance_cents',
        'posting_key',
        'loan_input',
        'loan_state',
      ])
      // The parameters take their columns' types (PostgreSQL types an insert's select list).
      .expression((eb) =>
        eb
          .selectFrom('saved')
          .select([
            'saved.account_id',
            eb.val(line.date).as('date'),
            eb.val(line.time ?? '00:00:00').as('time'),
            eb.val(line.kind).as('kind'),
            eb.val(line.description).as('description'),
            eb.val(line.principal_cents).as('principal_cents'),
            eb.val(line.interest_cents).as('interest_cents'),
            eb.val(line.other_cents).as('other_cents'),
            eb.val(line.total_cents).as('total_cents'),
            eb.val(line.principal_balance_cents).as('principal_balance_cents'),
            eb.val(line.posting_key).as('posting_key'),
            eb.val(line.loan_input ?? null).as('loan_input'),
            eb.val(line.loan_state ?? null).as('loan_state'),
          ]),
      )
      .returning('id')
      .executeTakeFirst();
    return row ? { id: Number(row.id) } : 'changed';
  } catch (error) {
    if (isPostingKeyTaken(error)) return 'keyTaken';
    throw error;
  }
}

/**
 * PostgreSQL's unique_violation on the posting key (migration 0011's constraint), the only
 * unique constraint of the lines today; one added later is not mistaken for it.
 */
function isPostingKeyTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code !== '23505') return false;
  return !('constraint' in error) || error.constraint === 'core_transactions_posting';
}

/**
 * The interest the account's payments paid in each of two calendar years (one query), less the
 * interest of those returned (a reversal line takes it off in the year it is dated).
 */
export async function sumPaymentInterest(
  db: Db,
  accountId: number,
  year: number,
): Promise<{ thisYear: number; lastYear: number }> {
  const row = await db
    .selectFrom('core_transactions')
    .select((eb) => {
      const paid = eb
        .case()
        .when('kind', '=', 'reversal')
        .then(eb.neg(eb.ref('interest_cents')))
        .else(eb.ref('interest_cents'))
        .end();
      return [
        eb.fn
          .sum<string | number | null>(
            eb.case().when('date', '>=', `${year}-01-01`).then(paid).else(0).end(),
          )
          .as('this_year'),
        eb.fn
          .sum<string | number | null>(
            eb.case().when('date', '<', `${year}-01-01`).then(paid).else(0).end(),
          )
          .as('last_year'),
      ];
    })
    .where('account_id', '=', accountId)
    .where('kind', 'in', ['payment', 'reversal'])
    .where('date', '>=', `${year - 1}-01-01`)
    .where('date', '<=', `${year}-12-31`)
    .executeTakeFirst();
  return { thisYear: Number(row?.this_year ?? 0), lastYear: Number(row?.last_year ?? 0) };
}

/**
 * The institution's own closed days of both kinds on or after `from`, in date order: the first
 * `limit` of each (the payment info carries at most 1,000 of each), in one statement.
 */
export async function listClosedDays(
  db: Db,
  institutionId: number,
  from: CalendarDate,
  limit: number,
): Promise<{ noPayment: CalendarDate[]; noSchedule: CalendarDate[] }> {
  const { rows } = await sql<{ kind: string; date: CalendarDate }>`
    select kind, date from (
      select kind, date, row_number() over (partition by kind order by date) as position
      from core_calendar_days
      where institution_id = ${institutionId} and date >= ${from}
        and kind in ('noPayment', 'noSchedule')
    ) days
    where position <= ${limit}
    order by date`.execute(db);
  return {
    noPayment: rows.filter((row) => row.kind === 'noPayment').map((row) => row.date),
    noSchedule: rows.filter((row) => row.kind === 'noSchedule').map((row) => row.date),
  };
}

/**
 * The payment lines dated `date` on the institution's accounts (`posting_key` 'payment:...'),
 * with whether each was returned since: a reversed payment keeps its line, and its input names
 * the reversal (`kind: 'returnedPayment'`, builtin-core.ts `reversePayment`). The index on the
 * payment lines' date is migration 0042's.
 */
export async function listPaymentLinesOfDay(
  db: Db,
  institutionId: number,
  date: string,
): Promise<
  { id: number; posting_key: string; date: string; total_cents: number; reversed: boolean }[]
> {
  const rows = await db
    .selectFrom('core_transactions as line')
    .innerJoin('core_accounts as account', 'account.id', 'line.account_id')
    .select([
      'line.id',
      'line.date',
      'line.total_cents',
      sql<string>`line.posting_key`.as('posting_key'),
      sql<boolean>`coalesce(line.loan_input ->> 'kind' = 'returnedPayment', false)`.as('reversed'),
    ])
    .where('account.institution_id', '=', institutionId)
    .where('line.date', '=', date)
    .where('line.kind', '=', 'payment')
    .where('line.posting_key', 'like', 'payment:%')
    .orderBy('line.id')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), total_cents: Number(row.total_cents) }));
}
