import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  countWorkItems,
  findWorkItem,
  insertWorkItem,
  listUserWorkItems,
  listWorkItems,
  type WorkItemRow,
} from './work-queue.repository';

/**
 * The staff work queue (issue 22): everything a borrower sends the institution (a question,
 * feedback, a contact-info change, a document, a loan application) becomes one item here, for
 * staff to pick up in the admin app: listed per institution by kind and status, assigned, handled
 * with a note, answered by e-mail. The modules where borrowers send things call `submit`, in
 * their own transaction when they have one, so the item exists exactly when what was sent does.
 */

export const WORK_ITEM_KINDS = [
  'question',
  'feedback',
  'contactChange',
  'document',
  'application',
] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

export const WORK_ITEM_STATUSES = ['new', 'assigned', 'handled'] as const;
export type WorkItemStatus = (typeof WORK_ITEM_STATUSES)[number];

export function isWorkItemKind(value: string): value is WorkItemKind {
  return WORK_ITEM_KINDS.some((kind) => kind === value);
}

export function isWorkItemStatus(value: string): value is WorkItemStatus {
  return WORK_ITEM_STATUSES.some((status) => status === value);
}

/** What a module sends to the queue. */
export interface NewWorkItem {
  institutionId: number;
  kind: WorkItemKind;
  /** The signed-in borrower; null for a sender of a public page. */
  userId: string | null;
  senderName: string;
  senderEmail: string;
  /** One line for the list. */
  summary: string;
  /** The rest, shown on the item's page (plain JSON: no card or account numbers in full). */
  details: Record<string, unknown>;
  /** The item in the sending module (a document's file id, an application's number). */
  reference?: string;
}

/** The most items one list answers (the admin app filters and pages within it). */
export const WORK_LIST_LIMIT = 200;

export interface WorkQueueDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export function createWorkQueueService(deps: WorkQueueDeps) {
  const { db, clock } = deps;
  return {
    /**
     * Puts an item in its institution's queue; its id. `executor` is the caller's transaction
     * when it has one (the item and what was sent are written together).
     */
    async submit(item: NewWorkItem, executor: Kysely<Database> = db): Promise<string> {
      const now = clock.now();
      return insertWorkItem(executor, {
        institution_id: item.institutionId,
        kind: item.kind,
        status: 'new',
        user_id: item.userId,
        sender_name: item.senderName,
        sender_email: item.senderEmail,
        summary: item.summary,
        details: JSON.stringify(item.details),
        reference: item.reference ?? null,
        created_at: now,
        updated_at: now,
      });
    },

    list: (filter: { institutionId: number; kind?: WorkItemKind; status?: WorkItemStatus }) =>
      listWorkItems(db, { ...filter, limit: WORK_LIST_LIMIT }),

    counts: (institutionId: number) => countWorkItems(db, institutionId),

    /** One item of the institution; undefined for another institution's (or none). */
    find: (institutionId: number, id: string): Promise<WorkItemRow | undefined> =>
      findWorkItem(db, institutionId, id),

    /** A borrower's own items of a kind (for the portal). */
    listForUser: (institutionId: number, userId: string, kind: WorkItemKind) =>
      listUserWorkItems(db, { institutionId, userId, kind }),
  };
}

export type WorkQueueService = ReturnType<typeof createWorkQueueService>;
