import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The built-in core's payment facts (spec 001 section 3 "Payment info response", the host's
 * part): per loan, which methods and kinds the core accepts, how far ahead a one-time payment may
 * be dated, the five first-party fees, the mail preference and the restriction code; per
 * institution, the core's own closed days (beyond the Federal Reserve holidays, which the domain
 * rules apply everywhere).
 *
 * Defaults describe an ordinary loan: ACH, cards and recurring payments accepted, no fees, no
 * small-dollar window, no restriction. `days_in_period` defaults to 60: a monthly-billed loan's
 * next due date is at most 31 days ahead and its grace period adds 10 to 15 days, so 60 days lets
 * a borrower date a payment on or after any installment's due date while keeping scheduled
 * payments near enough that the amount still fits the loan (the core's payoff quotes and amounts
 * due look at most a cycle ahead).
 */
export const corePaymentTerms: Migration = {
  async up(db: Kysely<unknown>) {
    // A fee is at most $1,000: anything above is a typing error at the core.
    const cents = (name: string) => sql`${sql.ref(name)} between 0 and 100000`;
    await db.schema
      .alterTable('core_accounts')
      .addColumn('allow_ach', 'boolean', (column) => column.notNull().defaultTo(true))
      .addColumn('allow_cards', 'boolean', (column) => column.notNull().defaultTo(true))
      .addColumn('recurring_allowed', 'boolean', (column) => column.notNull().defaultTo(true))
      .addColumn('days_in_period', 'integer', (column) =>
        column
          .notNull()
          .defaultTo(60)
          .check(sql`days_in_period between 0 and 3660`),
      )
      .addColumn('scheduled_ach_fee_cents', 'integer', (column) =>
        column.notNull().defaultTo(0).check(cents('scheduled_ach_fee_cents')),
      )
      .addColumn('echeck_fee_cents', 'integer', (column) =>
        column.notNull().defaultTo(0).check(cents('echeck_fee_cents')),
      )
      .addColumn('recurring_ach_fee_cents', 'integer', (column) =>
        column.notNull().defaultTo(0).check(cents('recurring_ach_fee_cents')),
      )
      .addColumn('debit_card_fee_cents', 'integer', (column) =>
        column.notNull().defaultTo(0).check(cents('debit_card_fee_cents')),
      )
      .addColumn('credit_card_fee_cents', 'integer', (column) =>
        column.notNull().defaultTo(0).check(cents('credit_card_fee_cents')),
      )
      .addColumn('mail_preference', 'integer', (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`mail_preference between 0 and 99`),
      )
      .addColumn('restriction_code', 'text', (column) =>
        column
          .notNull()
          .defaultTo('')
          .check(sql`restriction_code in ('', 'InterestTooHighForDelayedPayment')`),
      )
      .execute();

    // The core's own closed days: 'noPayment' takes no payment at all (NonPaymentDays),
    // 'noSchedule' takes none scheduled for it (NonSchedulablePaymentDays).
    await db.schema
      .createTable('core_calendar_days')
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('date', 'date', (column) => column.notNull())
      .addColumn('kind', 'text', (column) =>
        column.notNull().check(sql`kind in ('noPayment', 'noSchedule')`),
      )
      .addPrimaryKeyConstraint('core_calendar_days_pk', ['institution_id', 'date', 'kind'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('core_calendar_days').execute();
    await db.schema
      .alterTable('core_accounts')
      .dropColumn('allow_ach')
      .dropColumn('allow_cards')
      .dropColumn('recurring_allowed')
      .dropColumn('days_in_period')
      .dropColumn('scheduled_ach_fee_cents')
      .dropColumn('echeck_fee_cents')
      .dropColumn('recurring_ach_fee_cents')
      .dropColumn('debit_card_fee_cents')
      .dropColumn('credit_card_fee_cents')
      .dropColumn('mail_preference')
      .dropColumn('restriction_code')
      .execute();
  },
};
