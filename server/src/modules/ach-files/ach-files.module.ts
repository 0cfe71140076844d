import type { Kysely } from 'kysely';
import type { AchProcessor } from '../../core/ach/ach-processor';
import type { Database } from '../../db/schema';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { achFilesRoutes } from './ach-files.routes';
import { createAchFilesService, type AchFilesServiceDeps } from './ach-files.service';

export interface AchFilesModuleDeps {
  db: Kysely<Database>;
  adminAuth: AdminAuthService;
  admin: AdminService;
  auditLog: AuditLog;
  achProcessor: AchProcessor;
  /** After staff made a file: the payments whose debits it sent are posted (app.ts). */
  afterFileSealed?(institutionId: number): Promise<void>;
  /** When each day's pending debits are filed on the clock (app.ts: the posting worker's). */
  automaticFiling: AchFilesServiceDeps['automaticFiling'];
}

/** Staff's NACHA files of the ACH processor, under the admin API. */
export async function achFilesModule(app: PortalApp, deps: AchFilesModuleDeps): Promise<void> {
  await registerAdminApi(app, { auth: deps.adminAuth }, achFilesRoutes, {
    service: createAchFilesService({
      db: deps.db,
      admin: deps.admin,
      auditLog: deps.auditLog,
      achProcessor: deps.achProcessor,
      afterFileSealed: deps.afterFileSealed,
      automaticFiling: deps.automaticFiling,
    }),
  });
}
