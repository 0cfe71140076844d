import type { AppModule } from '../../app-module';
import { nightModeHook } from '../accounts/night-mode';
import { payoffRoutes } from './payoff.routes';

/** Payoff quotes and their breakdown. */
export const payoffModule: AppModule = async ({ app, db, clock, services }) => {
  await app.register(payoffRoutes, {
    db,
    clock,
    core: services.core,
    downloads: services.downloads,
    branding: services.pdfBranding,
    settings: (institutionId) => services.institutions.settings(institutionId),
    nightMode: nightModeHook({
      clock,
      settings: (institutionId) => services.institutions.settings(institutionId),
    }),
  });
};
