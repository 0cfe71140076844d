import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The order payments were marked posted in, from the database rather than an instance's clock
 * (issue 24 review: a pay-now payment's payoff check counted the payments "posted since" the
 * core was asked by comparing `posted_at`, written by the instance that posted, with the deciding
 * instance's clock; two instances' clocks apart could miss one).
 *
 * - payments_posted_seq: one sequence for every institution; `nextval` never goes back and is
 *   shared by every instance on the database.
 * - payments.posted_seq: the sequence's value taken when the payment was marked posted
 *   (payments.repository `markPaymentPosted`). A submission takes one before it asks the core
 *   (`postingMark`), and under the loan's lock counts those posted with a higher one. Null for
 *   payments posted before this migration, which no submission decided since could miss.
 */
export const paymentPostingOrder: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create sequence payments_posted_seq`.execute(db);
    await sql`alter table payments add column posted_seq bigint`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table payments drop column posted_seq`.execute(db);
    await sql`drop sequence payments_posted_seq`.execute(db);
  },
};
