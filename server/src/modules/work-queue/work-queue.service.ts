import {
  WORK_ITEM_KINDS,
  WORK_ITEM_STATUSES,
  WORK_ITEM_TRANSITIONS,
  type WorkItemAction,
  type WorkItemKind,
  type WorkItemStatus,
} from '@portal/domain';
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { WorkItemsTable } from '../../db/tables/work-items';
import type { Clock } from '../../lib/clock';
import { readInstitutionWithin } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import { sharedMailboxNotice, sharedMailboxOf } from './work-queue-mail';
import {
  countWorkItems,
  findWorkItem,
  hasWorkItemFor,
  insertWorkItem,
  listUserWorkItems,
  listWorkItems,
  updateWorkItem,
  type WorkItemRow,
} from './work-queue.repository';

/**
 * The staff work queue (issue 22): everything a borrower sends the institution (a question,
 * feedback, a contact-info change, a document, a loan application) becomes one item here, for
 * staff to pick up in the admin app: listed per institution by kind and status, assigned, handled
 * with a note, answered by e-mail. The modules where borrowers send things call `submit`, in
 * their own transaction when they have one, so the item exists exactly when what was sent does.
 *
 * Statuses (domain WORK_ITEM_TRANSITIONS): new -> assigned -> handled. Assigning (or reassigning)
 * takes new or assigned; handling takes new or assigned, records the note and the time, and
 * assigns the item to whoever handled it (the table keeps no other "handled by"); handled is final
 * for both, and only reopening takes a handled item back to assigned, to the one who handled it,
 * its note cleared (the audit log keeps it). Each change is guarded by the status in its own
 * UPDATE, so two staff acting at once cannot both move an item.
 *
 * Every new item, of every kind, is also told of to the institution's shared mailbox when it has
 * one (`messagesOptions.messageRecipientEmail`; issue 22: "a new item can notify the
 * institution's shared mailbox"), queued in the outbox in the item's transaction: its kind,
 * sender and summary only (work-queue-mail.ts), never the details.
 */

export { WORK_ITEM_KINDS, WORK_ITEM_STATUSES };
export type { WorkItemKind, WorkItemStatus };

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
  /** One line for the list (and the shared mailbox's e-mail): no account number in full. */
  summary: string;
  /**
   * The rest, shown on the item's page to the institution's staff (plain JSON): never a card or
   * bank account number; a loan number in full only where staff must act on it (the loans of a
   * contact-info change).
   */
  details: Record<string, unknown>;
  /** The item in the sending module (a document's file id, an application's number). */
  reference?: string;
}

/** The most items one list answers (the admin app filters and pages within it). */
export const WORK_LIST_LIMIT = 200;

export interface WorkQueueDeps {
  db: Kysely<Database>;
  clock: Clock;
  /**
   * The outbox, for the shared mailbox's notice of a new item; without it (a test building the
   * service alone) nothing is e-mailed.
   */
  mail?: Pick<MailService, 'enqueue' | 'deliverSoon'>;
}

/** Where an item is, and what an action found when it could not move it. */
export type WorkItemMove =
  | { ok: true; item: WorkItemRow }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'wrongStatus'; item: WorkItemRow };

export function createWorkQueueService(deps: WorkQueueDeps) {
  const { db, clock, mail } = deps;

  /** Moves an item by the action's transition, with the action's own changes. */
  async function move(
    executor: Kysely<Database>,
    target: { institutionId: number; id: string },
    action: WorkItemAction,
    change: Updateable<WorkItemsTable>,
  ): Promise<WorkItemMove> {
    const { from, to } = WORK_ITEM_TRANSITIONS[action];
    const moved = await updateWorkItem(
      executor,
      { ...target, from },
      { ...change, status: to, updated_at: clock.now() },
    );
    if (moved) return { ok: true, item: moved };
    const current = await findWorkItem(executor, target.institutionId, target.id);
    return current
      ? { ok: false, reason: 'wrongStatus', item: current }
      : { ok: false, reason: 'notFound' };
  }

  const service = {
    /**
     * Puts an item in its institution's queue; its id. `executor` is the caller's transaction
     * when it has one (the item, what was sent and the shared mailbox's notice are written
     * together); without one the item and the notice get a transaction of their own.
     */
    async submit(item: NewWorkItem, executor: Kysely<Database> = db): Promise<string> {
      const now = clock.now();
      let noticed = false;
      const write = async (trx: Kysely<Database>): Promise<string> => {
        const id = await insertWorkItem(trx, {
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
        if (mail) {
          // Read through the transaction: on PGlite another connection would wait for it forever.
          const institution = await readInstitutionWithin(trx, item.institutionId);
          const to = sharedMailboxOf.address(institution.settings);
          if (to) {
            await mail.enqueue(
              sharedMailboxNotice({
                item,
                to,
                at: now,
                institutionName: institution.institution?.name ?? '',
                timeZone: institution.timeZone,
              }),
              trx,
            );
            noticed = true;
          }
        }
        return id;
      };
      const id = executor.isTransaction
        ? await write(executor)
        : await executor.transaction().execute(write);
      // Inside a caller's transaction the nudge may come before its commit: the queue's next
      // round then finds the notice's delivery job.
      if (noticed) mail?.deliverSoon();
      return id;
    },

    /**
     * Puts an item in the queue unless the institution has one of its kind for its reference
     * already; its id, or undefined when it had one. For a sender that meets the same thing on
     * every run (the ACH returns job reads each return file again for days): one job runs at a
     * time (the job queue's lease), so the check and the insert need no lock of their own.
     */
    async submitOnce(item: NewWorkItem & { reference: string }): Promise<string | undefined> {
      const seen = await hasWorkItemFor(db, {
        institutionId: item.institutionId,
        kind: item.kind,
        reference: item.reference,
      });
      return seen ? undefined : service.submit(item);
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

    /** Assigns (or reassigns) a new or assigned item to a staff member. */
    assign: (
      executor: Kysely<Database>,
      target: { institutionId: number; id: string },
      staffId: string,
    ) => move(executor, target, 'assign', { assigned_to: staffId }),

    /**
     * Assigns a new item to a staff member, and only a new one (a reply takes an untouched
     * question; it never takes an item from whoever has it): the item, or undefined.
     */
    async take(
      executor: Kysely<Database>,
      target: { institutionId: number; id: string },
      staffId: string,
    ): Promise<WorkItemRow | undefined> {
      return updateWorkItem(
        executor,
        { ...target, from: ['new'] },
        { assigned_to: staffId, status: WORK_ITEM_TRANSITIONS.assign.to, updated_at: clock.now() },
      );
    },

    /** Marks a new or assigned item handled with the note; it is then assigned to the handler. */
    handle: (
      executor: Kysely<Database>,
      target: { institutionId: number; id: string },
      handled: { staffId: string | null; note: string },
    ) =>
      move(executor, target, 'handle', {
        assigned_to: handled.staffId,
        handled_note: handled.note,
        handled_at: clock.now(),
      }),

    /** Takes a handled item back to assigned (to the one who handled it), its note cleared. */
    reopen: (executor: Kysely<Database>, target: { institutionId: number; id: string }) =>
      move(executor, target, 'reopen', { handled_note: null, handled_at: null }),

    /**
     * Marks an item changed now, its status as it is: what it is about changed in its sending
     * module (an application's status moved). False when the item is not there.
     */
    touch: async (
      executor: Kysely<Database>,
      target: { institutionId: number; id: string },
    ): Promise<boolean> =>
      (await updateWorkItem(
        executor,
        { ...target, from: WORK_ITEM_STATUSES },
        { updated_at: clock.now() },
      )) !== undefined,
  };
  return service;
}

export type WorkQueueService = ReturnType<typeof createWorkQueueService>;
