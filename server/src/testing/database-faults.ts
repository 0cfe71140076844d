import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A database error mid-transaction, for the fault-injection suites: a trigger that fails every
 * `every`th row of `table` matching `when` (`before insert` or `before update`), counted by a
 * sequence (it does not roll back with the failed statement, so the count goes on). `name` names
 * the sequence, function and trigger; `when` and `table` are the suite's own SQL, never input.
 */
export async function failEveryNthRow(
  db: Kysely<Database>,
  fault: {
    name: string;
    every: number;
    on: 'insert' | 'update';
    table: string;
    when: string;
    message: string;
  },
): Promise<void> {
  const name = sql.raw(fault.name);
  const counter = sql.raw(`${fault.name}_counter`);
  await sql`create sequence ${counter}`.execute(db);
  await sql`
    create function ${name}() returns trigger language plpgsql as $$
    begin
      if nextval('${counter}') % ${sql.raw(String(fault.every))} = 0 then
        raise exception '${sql.raw(fault.message.replaceAll("'", "''"))}';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger ${name} before ${sql.raw(fault.on)} on ${sql.raw(fault.table)} for each row
    when (${sql.raw(fault.when)}) execute function ${name}()`.execute(db);
}
