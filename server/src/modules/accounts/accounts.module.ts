import type { AppModule } from '../../app-module';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';

/** The signed-in borrower's accounts. */
export const accountsModule: AppModule = async ({ app, clock, services }) => {
  await app.register(accountsRoutes, {
    service: createAccountsService({ core: services.core, clock }),
  });
};
