import type { AppModule } from '../../app-module';
import { accountLinksRoutes } from './account-links.routes';
import { createAccountLinksService } from './account-links.service';

/** The links of e-mails: verify an address, opt out. */
export const accountLinksModule: AppModule = async ({ app, db, clock, services }) => {
  await app.register(accountLinksRoutes, {
    service: createAccountLinksService({ db, clock }),
    throttle: services.throttle,
  });
};
