import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// ---- Audit -------------------------------------------------------------------------------------

export interface NewAuditEntry {
  institutionId: number;
  staffId: string | null;
  staffEmail: string;
  action: string;
  comment: string | null;
  changes: unknown;
  at: Date;
}

export async function insertAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('settings_audit')
    .values({
      institution_id: entry.institutionId,
      staff_id: entry.staffId,
      staff_email: entry.staffEmail,
      action: entry.action,
      comment: entry.comment,
      changes: JSON.stringify(entry.changes),
      at: entry.at,
    })
    .execute();
}

export async function listAudit(
  db: Db,
  query: { institutionId: number; before?: number; limit: number; staffSignIns: boolean },
) {
  let select = db
    .selectFrom('settings_audit')
    .selectAll()
    .where('institution_id', '=', query.institutionId);
  // Staff sign-in events are stored under the default institution but concern every one's staff.
  if (!query.staffSignIns) select = select.where('action', 'not like', 'staff.%');
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  return select.orderBy('id', 'desc').limit(query.limit).execute();
}
