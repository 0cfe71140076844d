import type { Kysely } from 'kysely';
import type { DocumentStore, OpenedDocument } from '../../core/document-store';
import type { Database } from '../../db/schema';
import { notFound } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import type { WorkQueueService } from '../work-queue/work-queue.service';

/**
 * Staff's side of the borrowers' documents: the document of a 'document' item of the work queue
 * (its reference is the file id), for the institution's staff only.
 *
 * - Every role of the institution may open it (viewers read the queue too); staff of another
 *   institution get 404 for its items and their documents alike, as for the queue itself.
 * - Opening is audited (`document.open`, naming the item and the document): unlike reading the
 *   queue, it hands a borrower's papers to a person.
 */
export interface DocumentsStaffDeps {
  db: Kysely<Database>;
  admin: Pick<AdminService, 'access'>;
  workQueue: Pick<WorkQueueService, 'find'>;
  documents: Pick<DocumentStore, 'openForInstitution'>;
  auditLog: Pick<AuditLog, 'record'>;
}

const noDocument = () => notFound('There is no document with this item of the work queue.');

export function createDocumentsStaffService(deps: DocumentsStaffDeps) {
  const { db, admin, workQueue, documents, auditLog } = deps;
  return {
    /** The document of a work item, to send as a download; audited. */
    async openItemDocument(
      staff: StaffPrincipal,
      slug: string,
      itemId: string,
    ): Promise<OpenedDocument> {
      const institution = await admin.access(staff, slug, 'read');
      const item = await workQueue.find(institution.id, itemId);
      if (!item || item.kind !== 'document' || !item.reference) throw noDocument();
      const opened = await documents.openForInstitution(institution.id, item.reference);
      if (!opened) throw noDocument();
      try {
        await auditLog.record(db, {
          staff,
          institutionId: institution.id,
          action: 'document.open',
          comment:
            `Opened document ${opened.document.fileId} (“${opened.document.displayName}.${opened.document.format}”) ` +
            `of work item ${item.id} (“${item.summary}” from ${item.sender_name}).`,
        });
      } catch (error) {
        // Nothing is sent unless its opening is on record.
        opened.content.destroy();
        throw error;
      }
      return opened;
    },
  };
}

export type DocumentsStaffService = ReturnType<typeof createDocumentsStaffService>;
