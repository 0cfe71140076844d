import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { ZipGeocoder } from '../../core/zip-geocoder';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { createBranchLocator } from './branch-locator';
import { branchesAdminRoutes } from './branches-admin.routes';
import { createBranchesStaffService } from './branches-staff';
import { branchesRoutes } from './branches.routes';
import { createBranchesService } from './branches.service';

export interface BranchesModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  settings(institutionId: number): Promise<SettingsAccessor>;
  /** The maps service's ZIP geocoding (the built-in ZIP centroids unless a bank's is given). */
  zipGeocoder: ZipGeocoder;
  adminAuth: AdminAuthService;
  admin: AdminService;
  auditLog: AuditLog;
}

/** The branch locator: `GET /api/branchInfo` for borrowers, the list's upkeep for staff. */
export async function branchesModule(app: PortalApp, deps: BranchesModuleDeps): Promise<void> {
  const branches = createBranchesService({ db: deps.db, clock: deps.clock });
  await app.register(branchesRoutes, {
    locator: createBranchLocator({
      branches,
      geocoder: deps.zipGeocoder,
      settings: deps.settings,
    }),
  });
  await registerAdminApi(app, { auth: deps.adminAuth }, branchesAdminRoutes, {
    service: createBranchesStaffService({
      db: deps.db,
      admin: deps.admin,
      branches,
      auditLog: deps.auditLog,
    }),
  });
}
