import { dirname, join } from 'node:path';
import type { PortalApp } from '../../plugins/portal-app';
import type { AdminService } from '../admin/admin.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { SetupService } from '../setup/setup.service';
import { institutionOf } from '../../plugins/institution';
import { staticFilesRoutes } from './static-files.routes';

const NOWHERE = '/nonexistent';

export interface StaticFilesModuleDeps {
  admin: AdminService;
  institutions: InstitutionsService;
  /** The start-up settings the served page is rendered with (GET /api/setup/ApplicationOptions's). */
  setup: SetupService;
  /** The built portal; nothing is served at / (503 text) when it is missing. */
  portalDist?: string;
  /** The built admin app; /admin/ answers 503 text when it is missing. */
  adminDist?: string;
  /** Folders holding `<cdn folder>/...` branding files, first match wins. */
  cdnRoots: readonly string[];
}

/** The built portal and admin apps, branding files under /cdn, the favicon. Registered last. */
export async function staticFilesModule(
  app: PortalApp,
  deps: StaticFilesModuleDeps,
): Promise<void> {
  await app.register(staticFilesRoutes, {
    portalDist: deps.portalDist ?? NOWHERE,
    adminDist: deps.adminDist ?? NOWHERE,
    cdnRoots: deps.cdnRoots,
    portalHosts: () => deps.admin.portalHosts(),
    primaryColor: async (institutionId) =>
      (await deps.institutions.settings(institutionId)).get('themeOptions.primaryColor'),
    // The same answer as the route's, from the service (kept two seconds per institution), not a
    // request to the route: serialising and parsing its 70 KB of settings cost 5 ms a page.
    applicationOptions: async (request) =>
      (await deps.setup.applicationOptions(institutionOf(request))).body,
    iconFile: async (institutionId) =>
      (await deps.institutions.settings(institutionId)).get('themeOptions.logoIconPath'),
    // The portal's server build sits beside its browser build (never inside the served folder).
    portalServerEntry: deps.portalDist
      ? join(dirname(deps.portalDist), 'dist-ssr', 'entry-server.js')
      : undefined,
  });
}
