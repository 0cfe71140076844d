import { z } from 'zod';
import { StaffRole } from './admin';

/**
 * The staff work queue of the admin API (`/admin-api/institutions/:slug/work-items...`, issue
 * 22): what borrowers send the institution (a question, feedback, a contact-info change, a
 * document, a loan application), one item each, listed by kind and status, opened, assigned,
 * handled with a note and, for a question, answered by e-mail. Viewers read; editors and
 * publishers (implementers act as publishers) act. Another institution's staff get 404.
 */

export const WORK_ITEM_KINDS = [
  'question',
  'feedback',
  'contactChange',
  'document',
  'application',
  // A payment whose posting job died (api/payment-timeline.ts): staff look at it.
  'paymentReview',
  // A bank's return of an ACH debit the portal could not apply on its own (no payment of the
  // portal matches it, or its payment is under review): staff settle it.
  'achReturn',
] as const;
export const WorkItemKind = z.enum(WORK_ITEM_KINDS);
export type WorkItemKind = z.infer<typeof WorkItemKind>;

/**
 * new -> assigned -> handled. An item is assigned (to oneself or another editor or publisher of
 * the institution) or handled straight from new; it may be reassigned while it is not handled.
 * Handled is final for assigning and handling: only reopening takes it back to assigned (to the
 * one who handled it), and the audit log keeps the note it was handled with.
 */
export const WORK_ITEM_STATUSES = ['new', 'assigned', 'handled'] as const;
export const WorkItemStatus = z.enum(WORK_ITEM_STATUSES);
export type WorkItemStatus = z.infer<typeof WorkItemStatus>;

/** What staff do to an item's status. */
export type WorkItemAction = 'assign' | 'handle' | 'reopen';

/** Each action's starting statuses and where it leads (the rule of WORK_ITEM_STATUSES). */
export const WORK_ITEM_TRANSITIONS: Readonly<
  Record<WorkItemAction, { from: readonly WorkItemStatus[]; to: WorkItemStatus }>
> = {
  assign: { from: ['new', 'assigned'], to: 'assigned' },
  handle: { from: ['new', 'assigned'], to: 'handled' },
  reopen: { from: ['handled'], to: 'assigned' },
};

/** Whether an item in this status may take the action. */
export function workItemActionAllowed(status: WorkItemStatus, action: WorkItemAction): boolean {
  return WORK_ITEM_TRANSITIONS[action].from.includes(status);
}

/** How staff read each kind (the admin's filters, the audit comments, the shared mailbox). */
export const WORK_ITEM_KIND_LABELS: Readonly<Record<WorkItemKind, string>> = {
  question: 'Question',
  feedback: 'Feedback',
  contactChange: 'Contact-info change',
  document: 'Document',
  application: 'Loan application',
  paymentReview: 'Payment to review',
  achReturn: 'Bank return to review',
};

export const WORK_ITEM_STATUS_LABELS: Readonly<Record<WorkItemStatus, string>> = {
  new: 'New',
  assigned: 'Assigned',
  handled: 'Handled',
};

/** The kinds staff answer by e-mail from the item (the sender's address). */
export const REPLYABLE_WORK_ITEM_KINDS: readonly WorkItemKind[] = ['question'];

/** The longest handled note and reply the admin API takes. */
export const WORK_ITEM_LIMITS = { note: 2000, replySubject: 200, replyMessage: 5000 } as const;

export const WorkItemId = z.uuid();

export const WorkItemStaff = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type WorkItemStaff = z.infer<typeof WorkItemStaff>;

/** One row of the list. Times are ISO instants; staff read them in the institution's zone. */
export const WorkItemSummary = z.object({
  id: z.string(),
  kind: WorkItemKind,
  status: WorkItemStatus,
  summary: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  assignedTo: WorkItemStaff.nullable(),
});
export type WorkItemSummary = z.infer<typeof WorkItemSummary>;

export const WorkItemCount = z.object({
  kind: WorkItemKind,
  status: WorkItemStatus,
  count: z.number().int(),
});
export type WorkItemCount = z.infer<typeof WorkItemCount>;

/** `GET /admin-api/institutions/:slug/work-items?kind=&status=`. */
export const WorkItemListQuery = z.object({
  kind: WorkItemKind.optional(),
  status: WorkItemStatus.optional(),
});
export type WorkItemListQuery = z.infer<typeof WorkItemListQuery>;

/**
 * The items of the filter, newest first (at most `limit`), and the counts of the whole queue by
 * kind and status (every pair that has items), whatever the filter.
 */
export const WorkItemListResponse = z.object({
  items: z.array(WorkItemSummary),
  counts: z.array(WorkItemCount),
  limit: z.number().int(),
});
export type WorkItemListResponse = z.infer<typeof WorkItemListResponse>;

/**
 * `GET /admin-api/institutions/:slug/work-items/:id`, and the answer of every action. `details`
 * is what the sending module recorded (JSON: the message, the accounts, the addresses).
 */
export const WorkItemDetail = WorkItemSummary.extend({
  details: z.record(z.string(), z.unknown()),
  reference: z.string().nullable(),
  /** Whether a signed-in borrower sent it (else a visitor of a public page). */
  fromBorrower: z.boolean(),
  handledNote: z.string().nullable(),
  handledAt: z.string().nullable(),
  /** Whether staff may answer it by e-mail (a question with the sender's address). */
  canReply: z.boolean(),
});
export type WorkItemDetail = z.infer<typeof WorkItemDetail>;

/** `GET /admin-api/institutions/:slug/work-items/assignees`: who an item may be assigned to. */
export const WorkItemAssigneesResponse = z.object({
  assignees: z.array(WorkItemStaff.extend({ role: StaffRole })),
});
export type WorkItemAssigneesResponse = z.infer<typeof WorkItemAssigneesResponse>;

/** `POST .../work-items/:id/assign`: to oneself or another editor or publisher of the institution. */
export const AssignWorkItemRequest = z.object({ staffId: z.uuid() });
export type AssignWorkItemRequest = z.infer<typeof AssignWorkItemRequest>;

/** `POST .../work-items/:id/handle`: the note says what was done. */
export const HandleWorkItemRequest = z.object({
  note: z.string().trim().min(1, 'Say what was done.').max(WORK_ITEM_LIMITS.note),
});
export type HandleWorkItemRequest = z.infer<typeof HandleWorkItemRequest>;

/** `POST .../work-items/:id/reopen`: why (kept in the audit log), optional. */
export const ReopenWorkItemRequest = z.object({
  reason: z.string().trim().max(WORK_ITEM_LIMITS.note).optional(),
});
export type ReopenWorkItemRequest = z.infer<typeof ReopenWorkItemRequest>;

/** `POST .../work-items/:id/reply`: an e-mail to the sender's address, through the outbox. */
export const ReplyWorkItemRequest = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Give the e-mail a subject.')
    .max(WORK_ITEM_LIMITS.replySubject),
  message: z.string().trim().min(1, 'Write the reply.').max(WORK_ITEM_LIMITS.replyMessage),
});
export type ReplyWorkItemRequest = z.infer<typeof ReplyWorkItemRequest>;
