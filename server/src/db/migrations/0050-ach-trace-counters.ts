import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Trace sequences that do not start again each processing day (issue 24 review: a return names
 * its debit by the trace number, and a borrower's monthly debit of the same amount, the first of
 * its day each month, had the same trace number every month, so a late return such as R10,
 * which may come 60 days on, matched the newer payment and reversed the wrong one).
 *
 * - ach_trace_counters: the last trace sequence an institution's ACH debits took, on any day. A
 *   debit takes the next one (1 after 9999999: ten million debits later) with a row lock held
 *   until its transaction ends, so a rolled-back debit gives its number back, as before.
 *   Seeded with the highest sequence the institution has used, so new numbers follow all of them.
 * - ach_processing_days.last_trace_sequence stays the last sequence taken on that day; the row is
 *   still the day's lock that making a file takes.
 */
export const achTraceCounters: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table ach_trace_counters (
      institution_id integer primary key references institutions (id) on delete cascade,
      last_trace_sequence integer not null check (last_trace_sequence between 1 and 9999999)
    )`.execute(db);
    await sql`insert into ach_trace_counters (institution_id, last_trace_sequence)
      select institution_id, max(last_trace_sequence) from ach_processing_days
      group by institution_id`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table ach_trace_counters`.execute(db);
  },
};
