import type { Kysely } from 'kysely';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { PrepareNotification } from '../notifications/notifications.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import { applicationsStaffRoutes } from './applications-staff.routes';
import { createApplicationsStaffService } from './applications-staff';
import { applicationsRoutes } from './applications.routes';
import { createApplicationsService } from './applications.service';
import type { LoanApplyService } from './loan-apply';

export interface ApplicationsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  /** Applying (built by app.ts, whose job queue runs its finishing job). */
  loanApply: LoanApplyService;
  adminAuth: AdminAuthService;
  admin: AdminService;
  auditLog: AuditLog;
  workQueue: WorkQueueService;
  /** The borrower's alert of a status move (notifications, through app.ts). */
  prepareTell: PrepareNotification;
}

/**
 * Loan applications: the borrower's list, details and applying (`/api/...`), and the staff's
 * status moves on an application's work-queue item (`/admin-api/...`).
 */
export async function applicationsModule(
  app: PortalApp,
  deps: ApplicationsModuleDeps,
): Promise<void> {
  const { clock, core } = deps;
  await app.register(applicationsRoutes, {
    service: createApplicationsService({ core, clock }),
    apply: deps.loanApply,
  });
  await registerAdminApi(app, { auth: deps.adminAuth }, applicationsStaffRoutes, {
    service: createApplicationsStaffService({
      db: deps.db,
      clock,
      core,
      admin: deps.admin,
      workQueue: deps.workQueue,
      auditLog: deps.auditLog,
      prepareTell: deps.prepareTell,
    }),
  });
}
