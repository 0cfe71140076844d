import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { createWorkQueueStaffService } from './work-queue-staff';
import { workQueueRoutes } from './work-queue.routes';
import type { WorkQueueService } from './work-queue.service';

export interface WorkQueueModuleDeps {
  db: Kysely<Database>;
  adminAuth: AdminAuthService;
  admin: AdminService;
  auditLog: AuditLog;
  mail: MailService;
  workQueue: WorkQueueService;
}

/** The staff work queue, under the admin API (the borrowers' side submits through the service). */
export async function workQueueModule(app: PortalApp, deps: WorkQueueModuleDeps): Promise<void> {
  await registerAdminApi(app, { auth: deps.adminAuth }, workQueueRoutes, {
    service: createWorkQueueStaffService({
      db: deps.db,
      admin: deps.admin,
      workQueue: deps.workQueue,
      auditLog: deps.auditLog,
      mail: deps.mail,
    }),
  });
}
