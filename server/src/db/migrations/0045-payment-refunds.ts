import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Staff refund a posted card payment (issue 24, "Lifecycle of a payment"): the core's posting is
 * reversed, the card charge refunded, and the payment says Refunded.
 *
 * - payments.status takes 'refunded' (from 'posted' only, payments.repository
 *   `markPaymentRefunded`). The timeline's payment_events.status has allowed it since 0038 (a
 *   failed payment's card charge given back).
 */
export const paymentRefunds: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table payments drop constraint payments_status_check`.execute(db);
    await sql`
      alter table payments add constraint payments_status_check
      check (status in ('scheduled', 'settling', 'posted', 'failed', 'cancelled', 'needsReview', 'returned', 'refunded'))`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    // The money went back and the loan is as if it had not been paid: of the older statuses,
    // 'failed' is the nearest (a failed payment's timeline may end with its charge refunded too).
    await sql`update payments set status = 'failed' where status = 'refunded'`.execute(db);
    await sql`alter table payments drop constraint payments_status_check`.execute(db);
    await sql`
      alter table payments add constraint payments_status_check
      check (status in ('scheduled', 'settling', 'posted', 'failed', 'cancelled', 'needsReview', 'returned'))`.execute(
      db,
    );
  },
};
