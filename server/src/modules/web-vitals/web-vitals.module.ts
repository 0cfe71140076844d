import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { webVitalsAdminRoutes } from './web-vitals-admin.routes';
import { createWebVitalsStaffService } from './web-vitals-staff';
import { webVitalsRoutes } from './web-vitals.routes';
import { createWebVitalsService } from './web-vitals.service';

export interface WebVitalsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  settings(institutionId: number): Promise<SettingsAccessor>;
  throttle: ThrottleService;
  adminAuth: AdminAuthService;
  admin: AdminService;
}

/** Real-user measurement: the portal's reports in, each route's p75 out to staff. */
export async function webVitalsModule(app: PortalApp, deps: WebVitalsModuleDeps): Promise<void> {
  const webVitals = createWebVitalsService({
    db: deps.db,
    clock: deps.clock,
    settings: deps.settings,
  });
  await app.register(webVitalsRoutes, { service: webVitals, throttle: deps.throttle });
  await registerAdminApi(app, { auth: deps.adminAuth }, webVitalsAdminRoutes, {
    service: createWebVitalsStaffService({ admin: deps.admin, webVitals }),
  });
}
