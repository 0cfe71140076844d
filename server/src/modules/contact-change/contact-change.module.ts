import type { PortalApp } from '../../plugins/portal-app';
import { contactChangeRoutes } from './contact-change.routes';
import { createContactChangeService, type ContactChangeDeps } from './contact-change.service';

/** The contact-info change request (spec 002): borrowers ask, the work queue holds it for staff. */
export async function contactChangeModule(app: PortalApp, deps: ContactChangeDeps): Promise<void> {
  await app.register(contactChangeRoutes, { service: createContactChangeService(deps) });
}
