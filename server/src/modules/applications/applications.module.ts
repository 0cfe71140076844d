import type { ServicingCore } from '../../core/servicing-core';
import type { Clock } from '../../lib/clock';
import type { PortalApp } from '../../plugins/portal-app';
import { applicationsRoutes } from './applications.routes';
import { createApplicationsService } from './applications.service';

export interface ApplicationsModuleDeps {
  clock: Clock;
  core: ServicingCore;
}

/** Loan applications and their status. */
export async function applicationsModule(
  app: PortalApp,
  { clock, core }: ApplicationsModuleDeps,
): Promise<void> {
  await app.register(applicationsRoutes, { service: createApplicationsService({ core, clock }) });
}
