import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminAuthService } from '../staff/staff-auth.service';
import { reconciliationRoutes } from './reconciliation.routes';
import type { ReconciliationService } from './reconciliation.service';

export interface ReconciliationModuleDeps {
  adminAuth: AdminAuthService;
  /** Built by app.ts (createReconciliationService): the end of day and the job queue use it too. */
  reconciliation: ReconciliationService;
}

/** Staff's daily reconciliation runs, under the admin API. */
export async function reconciliationModule(
  app: PortalApp,
  deps: ReconciliationModuleDeps,
): Promise<void> {
  await registerAdminApi(app, { auth: deps.adminAuth }, reconciliationRoutes, {
    service: deps.reconciliation,
  });
}
