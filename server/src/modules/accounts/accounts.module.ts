import type { AppModule } from '../../app-module';
import { zipDirectory } from '../../lib/zip-directory';
import { accountDetailsRoutes } from './account-details.routes';
import { createAccountDetailsService } from './account-details.service';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { createHistoryDownloads } from './history-downloads';

/** The signed-in borrower's accounts: the list and the loan page's calls. */
export const accountsModule: AppModule = async ({ app, db, clock, services }) => {
  await app.register(accountsRoutes, {
    service: createAccountsService({ core: services.core, clock }),
  });
  const details = createAccountDetailsService({
    db,
    clock,
    core: services.core,
    zips: zipDirectory,
  });
  await app.register(accountDetailsRoutes, {
    service: details,
    downloads: services.downloads,
    historyFiles: createHistoryDownloads({
      db,
      clock,
      details,
      branding: services.pdfBranding,
    }),
  });
};
