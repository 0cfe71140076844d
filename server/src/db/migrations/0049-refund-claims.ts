import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Which way a posted card payment is being given back, claimed before any money moves (issue 24
 * review: a card refund the processor accepted while other staff recorded the payment refunded
 * another way gave the borrower the money twice, and only the reconciliation said so).
 *
 * - payments.refund_claim: 'card' while a refund to the card is under way or was left unfinished
 *   (the processor did not answer: Refund again finishes it), 'elsewhere' while staff record it
 *   given back another way; null otherwise. Each way claims it only while it is null or its own
 *   (payments-staff.repository `claimRefund`), so the other is refused before it moves anything;
 *   a card refund the processor refuses for good releases it in the update that records the
 *   refusal, and a step the core refused releases it at once.
 */
export const refundClaims: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table payments add column refund_claim text
      check (refund_claim in ('card', 'elsewhere'))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table payments drop column refund_claim`.execute(db);
  },
};
