import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The built-in ACH processor's own tables (server/src/core/builtin/ach/builtin-ach-processor.ts) and the
 * loaded FedACH routing directory (server/src/core/builtin/ach/stored-routing-directory.ts).
 *
 * - ach_debits: one WEB debit per institution and idempotency key (a unique constraint, so two
 *   server instances sending the same payment make one entry). The account number and the owner's
 *   name are only stored encrypted (DataProtector.encrypt); the routing number and the loan
 *   number are not secret. Each debit has a trace sequence that runs 1, 2, 3... without gaps
 *   through its institution's processing day, so the day's NACHA file, written in that order,
 *   carries exactly the trace numbers the processor answered.
 * - ach_processing_days: the last trace sequence handed out per institution and processing day.
 *   Taking the next one locks the row until the debit's transaction ends, which is what keeps the
 *   sequence free of gaps and duplicates across instances.
 * - ach_routing_directory: the Federal Reserve's E-Payments (FedACH) directory as an operator last
 *   loaded it (`fedach load`); empty until then. The routing lookup reads it first, then the
 *   bundled banks.
 */
export const achDebits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ach_processing_days')
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('processing_date', 'date', (column) => column.notNull())
      .addColumn('last_trace_sequence', 'integer', (column) =>
        column.notNull().check(sql`last_trace_sequence between 1 and 9999999`),
      )
      .addPrimaryKeyConstraint('ach_processing_days_pkey', ['institution_id', 'processing_date'])
      .execute();

    await db.schema
      .createTable('ach_debits')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('idempotency_key', 'text', (column) => column.notNull())
      /** A keyed digest of the request, to tell a repeat from a different debit under a used key. */
      .addColumn('request_digest', 'text', (column) => column.notNull())
      /** The institution's calendar day the debit was submitted: its file's day. */
      .addColumn('processing_date', 'date', (column) => column.notNull())
      .addColumn('trace_sequence', 'integer', (column) =>
        column.notNull().check(sql`trace_sequence between 1 and 9999999`),
      )
      .addColumn('trace_number', 'text', (column) =>
        column.notNull().check(sql`trace_number ~ '^[0-9]{15}$'`),
      )
      /** The payment's date as the caller sent it. */
      .addColumn('requested_effective_date', 'date', (column) => column.notNull())
      .addColumn('routing_number', 'text', (column) =>
        column.notNull().check(sql`routing_number ~ '^[0-9]{9}$'`),
      )
      .addColumn('account_type', 'text', (column) =>
        column.notNull().check(sql`account_type in ('Checking', 'Savings')`),
      )
      .addColumn('account_number_sealed', 'text', (column) => column.notNull())
      .addColumn('owner_name_sealed', 'text', (column) => column.notNull())
      .addColumn('loan_number', 'text', (column) => column.notNull())
      .addColumn('amount_cents', 'bigint', (column) =>
        column.notNull().check(sql`amount_cents between 1 and 9999999999`),
      )
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      // One debit per key, whichever server instance gets there first.
      .addUniqueConstraint('ach_debits_idempotency', ['institution_id', 'idempotency_key'])
      .addUniqueConstraint('ach_debits_trace', [
        'institution_id',
        'processing_date',
        'trace_sequence',
      ])
      .execute();

    await db.schema
      .createTable('ach_routing_directory')
      .addColumn('routing_number', 'text', (column) =>
        column.primaryKey().check(sql`routing_number ~ '^[0-9]{9}$'`),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('address', 'text')
      .addColumn('city', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('zip', 'text')
      /** 0 a Federal Reserve Bank, 1 use this number, 2 use new_routing_number. */
      .addColumn('record_type_code', 'text', (column) =>
        column.notNull().check(sql`record_type_code in ('0', '1', '2')`),
      )
      .addColumn('new_routing_number', 'text')
      .addColumn('change_date', 'date', (column) => column.notNull())
      .addColumn('loaded_at', 'timestamptz', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ach_routing_directory').execute();
    await db.schema.dropTable('ach_debits').execute();
    await db.schema.dropTable('ach_processing_days').execute();
  },
};
