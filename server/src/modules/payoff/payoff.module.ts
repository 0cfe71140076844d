import type { AppModule } from '../../app-module';
import { payoffRoutes } from './payoff.routes';

/** Payoff quotes and their breakdown. */
export const payoffModule: AppModule = async ({ app, db, clock, services }) => {
  await app.register(payoffRoutes, {
    db,
    clock,
    core: services.core,
    downloads: services.downloads,
    branding: services.pdfBranding,
  });
};
