import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/**
 * What borrowers send the institution (a question, feedback, a contact-info change, a document,
 * a loan application), one row each, for staff to pick up (modules/work-queue).
 */
export interface WorkItemsTable {
  id: Generated<string>;
  institution_id: number;
  /** 'question' | 'feedback' | 'contactChange' | 'document' | 'application' (work-queue KINDS). */
  kind: string;
  /** 'new' | 'assigned' | 'handled' (work-queue STATUSES). */
  status: string;
  /** The borrower who sent it; null for a signed-out sender (a message from the public page). */
  user_id: string | null;
  /** Who sent it, as they gave it or as the session knows them. */
  sender_name: string;
  sender_email: string;
  /** One line for the list: a question's subject, 'Feedback: Good', 'Address and phone' ... */
  summary: string;
  /** The rest, as the sending module shaped it (JSON): the message, the accounts, the address. */
  details: ColumnType<unknown, string, string>;
  /** The item in the sending module (a document's file id, an application's number), if any. */
  reference: string | null;
  assigned_to: string | null;
  handled_note: string | null;
  handled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkItemTables {
  work_items: WorkItemsTable;
}
