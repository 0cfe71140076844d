import type { Kysely, Migration } from 'kysely';

/**
 * What the built-in core needs to credit a payment as of its date when it is posted after later
 * days were closed (issue 24, Regulation Z 1026.36(c)(1)): it replays the loan from that date
 * (core/builtin/builtin-core.ts, postPayment).
 *
 * - core_transactions.loan_input: on a line of what was given to a loan (a payment, a fee, an
 *   advance), the input as the engine took it (a payment's additional principal is not on the
 *   line otherwise), so a replay can apply it again.
 * - core_transactions.loan_state: with it, the loan's state just after the line: a replay starts
 *   from the last one before the date instead of from the origination.
 *
 * Both are null on the end of day's lines and on every line written before this migration; for
 * those loans the core infers the inputs from the lines and replays from the origination, and
 * uses the replay only when it gives back the stored state exactly.
 */
export const coreReplay: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('core_transactions')
      .addColumn('loan_input', 'jsonb')
      .addColumn('loan_state', 'jsonb')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('core_transactions')
      .dropColumn('loan_state')
      .dropColumn('loan_input')
      .execute();
  },
};
