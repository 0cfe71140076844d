import {
  ADMIN_ERROR_CODES,
  isEmailAddress,
  REPLYABLE_WORK_ITEM_KINDS,
  WORK_ITEM_KIND_LABELS,
  type WorkItemAssigneesResponse,
  type WorkItemCount,
  type WorkItemDetail,
  type WorkItemKind,
  type WorkItemListResponse,
  type WorkItemStatus,
  type WorkItemSummary,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AdminError, forbidden, notFound } from '../admin/admin-errors';
import type { AccessibleInstitution, AdminService } from '../admin/admin.service';
import type { AuditAction, AuditLog } from '../audit/audit.service';
import { readInstitutionWithin } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import {
  actingStaffMember,
  actingStaffOf,
  staffNamesById,
  type StaffMemberRef,
} from '../staff/staff-directory';
import type { StaffPrincipal } from '../staff/staff-principal';
import { replyMail } from './work-queue-mail';
import type { WorkItemRow } from './work-queue.repository';
import {
  isWorkItemKind,
  isWorkItemStatus,
  WORK_LIST_LIMIT,
  type WorkItemMove,
  type WorkQueueService,
} from './work-queue.service';

/**
 * The staff side of the work queue, for the admin API: who may do what, the audit log, and the
 * answers' shapes (domain/src/api/work-queue.ts).
 *
 * - Every role of the institution reads (list, counts, an item, who it can go to); editors and
 *   publishers (implementers act as publishers) act: assign, handle, reopen, reply. A viewer who
 *   acts gets 403; staff of another institution get 404 for its queue and its items alike.
 * - An item goes to oneself or to another enabled editor or publisher of the institution.
 * - Each action is written with its audit entry in one transaction (`workItem.*`, the comment
 *   naming the item); a reply is queued in the outbox in that transaction too, to the sender's
 *   address, and leaves by its delivery job. Reading is not audited, as reading the
 *   configuration is not: the log holds what staff changed or sent.
 * - Only a question is answered by e-mail (REPLYABLE_WORK_ITEM_KINDS), and only when its sender
 *   gave an address; a reply to a new item assigns it to whoever replied (in the reply's
 *   transaction, audited), so the queue no longer shows an answered question as untouched; a
 *   reply to an assigned or handled item leaves its status alone.
 */
export interface WorkQueueStaffDeps {
  db: Kysely<Database>;
  admin: Pick<AdminService, 'access'>;
  workQueue: WorkQueueService;
  auditLog: AuditLog;
  mail: Pick<MailService, 'enqueue' | 'deliverSoon'>;
}

export type WorkQueueStaffService = ReturnType<typeof createWorkQueueStaffService>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function canReply(row: WorkItemRow): boolean {
  return (
    REPLYABLE_WORK_ITEM_KINDS.some((kind) => kind === row.kind) && isEmailAddress(row.sender_email)
  );
}

function summaryOf(
  row: WorkItemRow & { kind: WorkItemKind; status: WorkItemStatus },
  names: Map<string, StaffMemberRef>,
): WorkItemSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    summary: row.summary,
    senderName: row.sender_name,
    senderEmail: row.sender_email,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    assignedTo: row.assigned_to ? (names.get(row.assigned_to) ?? null) : null,
  };
}

/** A row whose kind and status are the contract's (a row of another kind is not shown). */
function typed(
  row: WorkItemRow,
): (WorkItemRow & { kind: WorkItemKind; status: WorkItemStatus }) | undefined {
  const { kind, status } = row;
  return isWorkItemKind(kind) && isWorkItemStatus(status) ? { ...row, kind, status } : undefined;
}

const notInQueue = () => notFound('There is no such item in this institution’s work queue.');

export function createWorkQueueStaffService(deps: WorkQueueStaffDeps) {
  const { db, admin, workQueue, auditLog, mail } = deps;

  /** The institution if the staff member may read its queue (404 for another institution's). */
  const reading = (staff: StaffPrincipal, slug: string) => admin.access(staff, slug, 'read');

  /** The institution if the staff member may act on its queue: editors and publishers. */
  async function acting(staff: StaffPrincipal, slug: string): Promise<AccessibleInstitution> {
    const institution = await reading(staff, slug);
    if (institution.role === 'viewer') {
      throw forbidden('Your role (viewer) can read the work queue but not act on it.');
    }
    return institution;
  }

  async function detailOf(row: WorkItemRow): Promise<WorkItemDetail> {
    const item = typed(row);
    if (!item) throw notInQueue();
    const names = await staffNamesById(db, item.assigned_to ? [item.assigned_to] : []);
    return {
      ...summaryOf(item, names),
      details: isRecord(item.details) ? item.details : { value: item.details },
      reference: item.reference,
      fromBorrower: item.user_id !== null,
      handledNote: item.handled_note,
      handledAt: item.handled_at?.toISOString() ?? null,
      canReply: canReply(item),
    };
  }

  function comment(item: WorkItemRow, text: string): string {
    const kind = isWorkItemKind(item.kind) ? WORK_ITEM_KIND_LABELS[item.kind] : item.kind;
    return `${kind} ${item.id} (“${item.summary}” from ${item.sender_name}): ${text}`;
  }

  /** The move and its audit entry in one transaction; the moved item, or the refusal. */
  async function act(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
    id: string,
    change: (trx: Kysely<Database>) => Promise<WorkItemMove>,
    audit: { action: AuditAction; text: (item: WorkItemRow) => string },
    refusal: string,
  ): Promise<WorkItemDetail> {
    const moved = await db.transaction().execute(async (trx) => {
      const outcome = await change(trx);
      if (outcome.ok) {
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: audit.action,
          comment: comment(outcome.item, audit.text(outcome.item)),
        });
      }
      return outcome;
    });
    if (!moved.ok) {
      if (moved.reason === 'notFound') throw notInQueue();
      throw new AdminError(409, ADMIN_ERROR_CODES.conflict, refusal);
    }
    return detailOf(moved.item);
  }

  return {
    /** The filter's items, newest first, and the whole queue's counts by kind and status. */
    async list(
      staff: StaffPrincipal,
      slug: string,
      filter: { kind?: WorkItemKind; status?: WorkItemStatus },
    ): Promise<WorkItemListResponse> {
      const institution = await reading(staff, slug);
      const [rows, counts] = await Promise.all([
        workQueue.list({ institutionId: institution.id, ...filter }),
        workQueue.counts(institution.id),
      ]);
      const items = rows.flatMap((row) => typed(row) ?? []);
      const names = await staffNamesById(
        db,
        items.flatMap((item) => (item.assigned_to ? [item.assigned_to] : [])),
      );
      return {
        items: items.map((item) => summaryOf(item, names)),
        counts: counts.flatMap((count): WorkItemCount[] => {
          const { kind, status } = count;
          return isWorkItemKind(kind) && isWorkItemStatus(status)
            ? [{ kind, status, count: count.count }]
            : [];
        }),
        limit: WORK_LIST_LIMIT,
      };
    },

    async open(staff: StaffPrincipal, slug: string, id: string): Promise<WorkItemDetail> {
      const institution = await reading(staff, slug);
      const row = await workQueue.find(institution.id, id);
      if (!row) throw notInQueue();
      return detailOf(row);
    },

    /** Who an item may go to: the acting staff, and the caller when they may act. */
    async assignees(staff: StaffPrincipal, slug: string): Promise<WorkItemAssigneesResponse> {
      const institution = await reading(staff, slug);
      const members = await actingStaffOf(db, institution.id);
      const self =
        staff.isImplementer && staff.staffId !== '' && !members.some((m) => m.id === staff.staffId)
          ? [{ id: staff.staffId, name: staff.name, email: staff.email, role: institution.role }]
          : [];
      return { assignees: [...members, ...self] };
    },

    async assign(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      staffId: string,
    ): Promise<WorkItemDetail> {
      const institution = await acting(staff, slug);
      const assignee = await actingStaffMember(db, staffId, institution.id);
      if (!assignee) {
        throw new AdminError(
          400,
          'InvalidRequest',
          'Only an editor or a publisher of this institution can be given an item.',
        );
      }
      return act(
        staff,
        institution,
        id,
        (trx) => workQueue.assign(trx, { institutionId: institution.id, id }, assignee.id),
        {
          action: 'workItem.assign',
          text: () => `assigned to ${assignee.name} (${assignee.email})`,
        },
        'This item is handled: reopen it before assigning it.',
      );
    },

    async handle(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      note: string,
    ): Promise<WorkItemDetail> {
      const institution = await acting(staff, slug);
      return act(
        staff,
        institution,
        id,
        (trx) =>
          workQueue.handle(
            trx,
            { institutionId: institution.id, id },
            // The operator of the command line has no staff id (routes always have one).
            { staffId: staff.staffId === '' ? null : staff.staffId, note },
          ),
        { action: 'workItem.handle', text: () => `handled: ${note}` },
        'This item is already handled.',
      );
    },

    async reopen(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      reason: string | undefined,
    ): Promise<WorkItemDetail> {
      const institution = await acting(staff, slug);
      // The note it was handled with goes with the item's reopening into the log.
      const before = await workQueue.find(institution.id, id);
      return act(
        staff,
        institution,
        id,
        (trx) => workQueue.reopen(trx, { institutionId: institution.id, id }),
        {
          action: 'workItem.reopen',
          text: () =>
            [
              'reopened',
              reason ? `because ${reason}` : '',
              before?.handled_note ? `(it was handled: ${before.handled_note})` : '',
            ]
              .filter(Boolean)
              .join(' '),
        },
        'Only a handled item can be reopened.',
      );
    },

    /** E-mails the sender of a question through the outbox, with its audit entry. */
    async reply(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      reply: { subject: string; message: string },
    ): Promise<WorkItemDetail> {
      const institution = await acting(staff, slug);
      const row = await workQueue.find(institution.id, id);
      if (!row) throw notInQueue();
      if (!canReply(row)) {
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.conflict,
          isEmailAddress(row.sender_email)
            ? 'Only a question is answered by e-mail.'
            : 'The sender left no e-mail address to answer.',
        );
      }
      const { timeZone } = await readInstitutionWithin(db, institution.id);
      const message = isRecord(row.details) ? row.details.message : undefined;
      const mailOut = replyMail({
        institutionId: institution.id,
        institutionName: institution.name,
        timeZone,
        to: row.sender_email,
        subject: reply.subject,
        message: reply.message,
        question: {
          sentAt: row.created_at,
          summary: row.summary,
          message: typeof message === 'string' ? message : undefined,
        },
      });
      const taken = await db.transaction().execute(async (trx) => {
        await mail.enqueue(mailOut, trx);
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: 'workItem.reply',
          comment: comment(row, `replied to ${row.sender_email}: “${reply.subject}”`),
        });
        // The operator of the command line has no staff id to be given the item.
        if (row.status !== 'new' || staff.staffId === '') return undefined;
        const assigned = await workQueue.take(
          trx,
          { institutionId: institution.id, id },
          staff.staffId,
        );
        if (assigned) {
          await auditLog.record(trx, {
            staff,
            institutionId: institution.id,
            action: 'workItem.assign',
            comment: comment(row, `assigned to ${staff.name} (${staff.email}) on replying`),
          });
        }
        return assigned;
      });
      mail.deliverSoon();
      return detailOf(taken ?? (await workQueue.find(institution.id, id)) ?? row);
    },
  };
}
