import { AuditEntry, DiffEntry } from '@portal/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { StaffPrincipal } from '../staff/staff-principal';
import { insertAudit, listAudit } from './audit.repository';

export type AuditAction = z.infer<typeof AuditEntry>['action'];
const StoredChanges = z.array(DiffEntry);

export interface AuditPage {
  entries: {
    id: string;
    at: string;
    staff: string;
    action: AuditAction;
    comment: string | null;
    changes: DiffEntry[];
  }[];
  nextBefore: string | null;
}

/** The institution's audit log: every configuration, asset and staff sign-in event. */
export interface AuditLog {
  /**
   * Records one event. Pass the transaction of the change it describes: the entry then exists
   * exactly when the change does. A staff principal without an id (the operator) is named only.
   */
  record(
    executor: Kysely<Database>,
    entry: {
      staff: StaffPrincipal;
      institutionId: number;
      action: AuditAction;
      changes?: DiffEntry[];
      comment?: string | null;
    },
  ): Promise<void>;
  /** Newest first, `limit` (1-200, default 50) at a time, before an entry id. */
  list(
    institutionId: number,
    query: { before?: number; limit?: number; staffSignIns?: boolean },
  ): Promise<AuditPage>;
}

export function createAuditLog(options: { db: Kysely<Database>; clock: Clock }): AuditLog {
  const { db, clock } = options;
  return {
    async record(executor, entry) {
      await insertAudit(executor, {
        institutionId: entry.institutionId,
        staffId: entry.staff.staffId === '' ? null : entry.staff.staffId,
        staffEmail: entry.staff.email,
        action: entry.action,
        comment: entry.comment ?? null,
        changes: entry.changes ?? [],
        at: clock.now(),
      });
    },

    async list(institutionId, query) {
      const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
      const rows = await listAudit(db, {
        institutionId,
        before: query.before,
        limit: limit + 1,
        staffSignIns: query.staffSignIns ?? false,
      });
      const page = rows.slice(0, limit);
      return {
        entries: page.map((row) => ({
          id: String(row.id),
          at: row.at.toISOString(),
          staff: row.staff_email,
          action: AuditEntry.shape.action.catch('draft.save').parse(row.action),
          comment: row.comment,
          changes: StoredChanges.catch([]).parse(row.changes),
        })),
        nextBefore:
          rows.length > limit && page.length > 0 ? String(page[page.length - 1]?.id) : null,
      };
    },
  };
}
