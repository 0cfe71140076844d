import type { AppModule } from '../../app-module';
import { nightModeHook } from '../accounts/night-mode';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { payoffRoutes } from './payoff.routes';
import { createPayoffService } from './payoff.service';

/** Payoff quotes and their breakdown. */
export const payoffModule: AppModule = async ({ app, db, clock, services }) => {
  await app.register(payoffRoutes, {
    service: createPayoffService({
      clock,
      core: services.core,
      downloads: services.downloads,
      borrowers: createBorrowersService({ db }),
      branding: services.pdfBranding,
      settings: (institutionId) => services.institutions.settings(institutionId),
    }),
    nightMode: nightModeHook({
      clock,
      settings: (institutionId) => services.institutions.settings(institutionId),
    }),
  });
};
