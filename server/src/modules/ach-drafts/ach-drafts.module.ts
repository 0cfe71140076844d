import type { AppModule } from '../../app-module';
import { achDraftsRoutes } from './ach-drafts.routes';
import { configureAchDraftRuntime, createAchDraftsService } from './ach-drafts.service';

/** ACH draft agreements: the preview before a recurring ACH payment and the signed documents. */
export const achDraftsModule: AppModule = async ({ app, db, clock, services, cdnRoots }) => {
  configureAchDraftRuntime({ clock, cdnRoots });
  await app.register(achDraftsRoutes, {
    service: createAchDraftsService({
      db,
      clock,
      core: services.core,
      settings: (institutionId) => services.institutions.settings(institutionId),
      pdfBranding: services.pdfBranding,
    }),
    downloads: services.downloads,
  });
};
