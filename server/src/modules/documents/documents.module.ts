import type { Kysely } from 'kysely';
import type { DocumentStore } from '../../core/document-store';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import type { ThrottleService } from '../throttle/throttle.service';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import { createDocumentsStaffService } from './documents-staff';
import { documentsStaffRoutes } from './documents-staff.routes';
import { documentsRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';

export interface DocumentsModuleDeps {
  db: Kysely<Database>;
  core: ServicingCore;
  documents: DocumentStore;
  borrowers: BorrowersService;
  downloads: DownloadTokens;
  institutions: InstitutionsService;
  workQueue: WorkQueueService;
  auditLog: AuditLog;
  adminAuth: AdminAuthService;
  admin: AdminService;
  throttle: ThrottleService;
}

/**
 * The file services' documents: an account's, an application's and the customer's own lists,
 * opening one, file types and uploads (each kept upload a 'document' item of the work queue);
 * and, under the admin API, staff opening the document of such an item.
 */
export async function documentsModule(app: PortalApp, deps: DocumentsModuleDeps): Promise<void> {
  await app.register(documentsRoutes, {
    service: createDocumentsService({
      db: deps.db,
      core: deps.core,
      documents: deps.documents,
      settings: (institutionId) => deps.institutions.settings(institutionId),
      borrowers: deps.borrowers,
      workQueue: deps.workQueue,
      auditLog: deps.auditLog,
      throttle: deps.throttle,
    }),
    borrowers: deps.borrowers,
    downloads: deps.downloads,
  });
  await registerAdminApi(app, { auth: deps.adminAuth }, documentsStaffRoutes, {
    service: createDocumentsStaffService({
      db: deps.db,
      admin: deps.admin,
      workQueue: deps.workQueue,
      documents: deps.documents,
      auditLog: deps.auditLog,
    }),
  });
}
