import type { Kysely } from 'kysely';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PdfBranding } from '../../lib/pdf/branded-pdf';
import type { PortalApp } from '../../plugins/portal-app';
import { nightModeHook } from '../accounts/night-mode';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import { payoffRoutes } from './payoff.routes';
import { createPayoffService } from './payoff.service';

export interface PayoffModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  institutions: InstitutionsService;
  borrowers: BorrowersService;
  downloads: DownloadTokens;
  pdfBranding: (institutionId: number) => Promise<PdfBranding>;
}

/** Payoff quotes and their breakdown. */
export async function payoffModule(app: PortalApp, deps: PayoffModuleDeps): Promise<void> {
  const { clock, institutions } = deps;
  const settings = (institutionId: number) => institutions.settings(institutionId);
  await app.register(payoffRoutes, {
    service: createPayoffService({
      db: deps.db,
      clock,
      core: deps.core,
      downloads: deps.downloads,
      borrowers: deps.borrowers,
      branding: deps.pdfBranding,
      settings,
    }),
    nightMode: nightModeHook({ clock, settings }),
  });
}
