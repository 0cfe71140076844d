import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The portal's payments (spec 001): every payment a borrower made or scheduled, and each loan's
 * recurring payment. The core keeps the ledger (what posted); these tables keep the instructions
 * and which of them posted, so that each occurrence posts exactly once:
 * - a payment row is one occurrence: an immediate payment, a scheduled one, or one date of a
 *   recurring payment (unique per recurring payment and date, so two instances materialising the
 *   same date make one row);
 * - posting is keyed by the payment's id at the core and the card processor (both idempotent per
 *   key), and the row is marked posted in the job's completing transaction.
 * The method is a snapshot taken at submission (a card's processor token, brand and last four; a
 * bank account's routing number and its number only encrypted), so deleting a saved method
 * cannot change what a scheduled payment draws on; deleting it cancels its pending payments.
 * Never a card number or security code.
 */
export const payments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('recurring_payments')
      .addColumn('id', 'uuid', (column) => column.primaryKey())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('customer_id', 'text', (column) => column.notNull())
      .addColumn('loan_number', 'text', (column) => column.notNull())
      .addColumn('reference_number', 'text', (column) => column.notNull())
      /** The request's option: Weekly, BiWeekly, SemiMonthly, DayOfMonth, DaysBeforeDue. */
      .addColumn('recurring_option', 'text', (column) =>
        column
          .notNull()
          .check(
            sql`recurring_option in ('Weekly', 'BiWeekly', 'SemiMonthly', 'DayOfMonth', 'DaysBeforeDue')`,
          ),
      )
      /** DaysBeforeDue only (0 on the due date). */
      .addColumn('days_before_due', 'integer', (column) => column.notNull().defaultTo(0))
      /** The first date the borrower chose (the schedule's anchor); null for DaysBeforeDue. */
      .addColumn('first_date', 'date')
      /** The next date to post; the posting job moves it on in the transaction that makes it. */
      .addColumn('next_date', 'date', (column) => column.notNull())
      .addColumn('amount_cents', 'bigint', (column) =>
        column.notNull().check(sql`amount_cents >= 0`),
      )
      /** A line of credit paying its total due: the amount is the total due on each date. */
      .addColumn('pays_total_due', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('additional_principal_cents', 'bigint', (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`additional_principal_cents >= 0`),
      )
      .addColumn('first_party_fee_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('third_party_fee_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('payment_method_id', 'bigint', (column) =>
        column.references('payment_methods.id').onDelete('set null'),
      )
      .addColumn('is_card', 'boolean', (column) => column.notNull())
      .addColumn('last_four', 'text', (column) =>
        column.notNull().check(sql`last_four ~ '^[0-9]{1,4}$'`),
      )
      .addColumn('card_type', 'text')
      .addColumn('debit_credit_type', 'text')
      /** The card processor's token (cards). */
      .addColumn('processor_token', 'text')
      .addColumn('ach_account_type', 'text')
      .addColumn('routing_number', 'text')
      .addColumn('account_number_sealed', 'text')
      .addColumn('owner_name_sealed', 'text')
      /** The signed ACH draft authorization, when the institution requires one. */
      .addColumn('ach_draft_id', 'uuid')
      /** 'active' or 'cancelled'. */
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('active', 'cancelled')`),
      )
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('cancelled_at', 'timestamptz')
      .addForeignKeyConstraint(
        'recurring_payments_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .addUniqueConstraint('recurring_payments_reference', ['institution_id', 'reference_number'])
      .addCheckConstraint(
        'recurring_payments_method',
        sql`(is_card and processor_token is not null and card_type is not null)
          or (not is_card and routing_number is not null and account_number_sealed is not null)`,
      )
      .execute();
    // One active recurring payment per loan, whichever instance or tab submits first.
    await db.schema
      .createIndex('recurring_payments_one_active')
      .on('recurring_payments')
      .columns(['institution_id', 'loan_number'])
      .unique()
      .where(sql.ref('status'), '=', 'active')
      .execute();
    await db.schema
      .createIndex('recurring_payments_due')
      .on('recurring_payments')
      .columns(['next_date'])
      .where(sql.ref('status'), '=', 'active')
      .execute();

    await db.schema
      .createTable('payments')
      .addColumn('id', 'uuid', (column) => column.primaryKey())
      .addColumn('institution_id', 'integer', (column) => column.notNull())
      .addColumn('user_id', 'uuid', (column) => column.notNull())
      .addColumn('customer_id', 'text', (column) => column.notNull())
      .addColumn('loan_number', 'text', (column) => column.notNull())
      /** The confirmation number the borrower sees (ReferenceNumber). */
      .addColumn('reference_number', 'text', (column) => column.notNull())
      /** 'immediate', 'scheduled', or 'recurring' (one date of a recurring payment). */
      .addColumn('kind', 'text', (column) =>
        column.notNull().check(sql`kind in ('immediate', 'scheduled', 'recurring')`),
      )
      .addColumn('recurring_payment_id', 'uuid', (column) =>
        column.references('recurring_payments.id').onDelete('cascade'),
      )
      .addColumn('pay_date', 'date', (column) => column.notNull())
      .addColumn('amount_cents', 'bigint', (column) =>
        column.notNull().check(sql`amount_cents >= 0`),
      )
      .addColumn('additional_principal_cents', 'bigint', (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`additional_principal_cents >= 0`),
      )
      .addColumn('first_party_fee_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('third_party_fee_cents', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('is_payoff', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('payment_method_id', 'bigint', (column) =>
        column.references('payment_methods.id').onDelete('set null'),
      )
      .addColumn('is_card', 'boolean', (column) => column.notNull())
      .addColumn('last_four', 'text', (column) =>
        column.notNull().check(sql`last_four ~ '^[0-9]{1,4}$'`),
      )
      .addColumn('card_type', 'text')
      .addColumn('debit_credit_type', 'text')
      .addColumn('processor_token', 'text')
      .addColumn('ach_account_type', 'text')
      .addColumn('routing_number', 'text')
      .addColumn('account_number_sealed', 'text')
      .addColumn('owner_name_sealed', 'text')
      /**
       * 'scheduled' (waiting for its date; the borrower may still cancel it), 'settling' (its
       * settlement has begun: money may have moved, so it can no longer be cancelled), 'posted',
       * 'failed' (refused when settling), 'cancelled'.
       */
      .addColumn('status', 'text', (column) =>
        column
          .notNull()
          .check(sql`status in ('scheduled', 'settling', 'posted', 'failed', 'cancelled')`),
      )
      /** The core's reference of the posted payment. */
      .addColumn('core_reference', 'text')
      /** Why posting failed (an error key of spec 001 section 8), for support and the receipt. */
      .addColumn('failure', 'text')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('posted_at', 'timestamptz')
      .addColumn('cancelled_at', 'timestamptz')
      .addForeignKeyConstraint(
        'payments_user',
        ['user_id', 'institution_id'],
        'users',
        ['id', 'institution_id'],
        (constraint) => constraint.onDelete('cascade'),
      )
      .addUniqueConstraint('payments_reference', ['institution_id', 'reference_number'])
      .addCheckConstraint(
        'payments_method',
        sql`(is_card and processor_token is not null and card_type is not null)
          or (not is_card and routing_number is not null and account_number_sealed is not null)`,
      )
      .addCheckConstraint(
        'payments_recurring_kind',
        sql`(kind = 'recurring') = (recurring_payment_id is not null)`,
      )
      .execute();
    // Each date of a recurring payment becomes one payment row, however many instances try.
    await db.schema
      .createIndex('payments_recurring_date')
      .on('payments')
      .columns(['recurring_payment_id', 'pay_date'])
      .unique()
      .where(sql.ref('recurring_payment_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('payments_due')
      .on('payments')
      .columns(['status', 'pay_date'])
      .execute();
    await db.schema
      .createIndex('payments_loan')
      .on('payments')
      .columns(['institution_id', 'loan_number', 'status'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('payments').execute();
    await db.schema.dropTable('recurring_payments').execute();
  },
};
