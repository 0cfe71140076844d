import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServicingCore } from '../../core/servicing-core';
import type { Clock } from '../../lib/clock';
import type { PdfBranding } from '../../lib/pdf/branded-pdf';
import type { PortalApp } from '../../plugins/portal-app';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import { achDraftsRoutes } from './ach-drafts.routes';
import { createAchDraftsService } from './ach-drafts.service';

export interface AchDraftsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  institutions: InstitutionsService;
  downloads: DownloadTokens;
  pdfBranding: (institutionId: number) => Promise<PdfBranding>;
}

/** ACH draft agreements: the preview before a recurring ACH payment and the signed documents. */
export async function achDraftsModule(app: PortalApp, deps: AchDraftsModuleDeps): Promise<void> {
  const { db, clock, institutions } = deps;
  await app.register(achDraftsRoutes, {
    service: createAchDraftsService({
      db,
      clock,
      core: deps.core,
      settings: (institutionId) => institutions.settings(institutionId),
      pdfBranding: deps.pdfBranding,
    }),
    downloads: deps.downloads,
  });
}
