import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A card refund the processor refused for good (issue 24 review: the card closed or expired).
 * The core's reversal is undone by posting the payment again under a new key, as of its own date
 * (payments-staff.ts `refund`), and the payment stays Posted.
 *
 * - payments.refund_refusals counts those refusals: the core's live posting of the payment is
 *   under `corePostingKey(id, refund_refusals)` (core/posting-keys.ts), so a later refund
 *   reverses that one, and the reconciliation reads every key back to its payment.
 * - payments.refunded_elsewhere: staff gave the money back another way (a check) after such a
 *   refusal (payments-staff.ts `refundedElsewhere`): Refunded with the card charge kept, which the
 *   reconciliation then expects.
 */
export const refundRefusals: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table payments add column refund_refusals integer not null default 0
      check (refund_refusals >= 0)`.execute(db);
    await sql`alter table payments add column refunded_elsewhere boolean not null default false`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table payments drop column refunded_elsewhere`.execute(db);
    await sql`alter table payments drop column refund_refusals`.execute(db);
  },
};
