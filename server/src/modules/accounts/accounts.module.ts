import type { AppModule } from '../../app-module';
import { zipDirectory } from '../../lib/zip-directory';
import { accountDetailsRoutes } from './account-details.routes';
import { createAccountDetailsService } from './account-details.service';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { createHistoryDownloads } from './history-downloads';
import { statementsRoutes } from './statements.routes';
import { createStatementsService } from './statements.service';
import { nightModeHook } from './night-mode';
import { accountReadCache } from './account-reads';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { paymentMethodsServiceOf } from '../payment-methods/payment-methods.module';
import {
  createBuiltinDocumentProvider,
  createBuiltinUrlProvider,
  PROVIDER_DOCUMENT_PATH,
} from '../../core/builtin/builtin-statement-providers';

/** The signed-in borrower's accounts: the list and the loan page's calls. */
export const accountsModule: AppModule = async ({ app, db, clock, services, options }) => {
  const reads = accountReadCache({
    clock,
    watchStatements: options.watchStatements,
    // The built-in core and document store keep their data in this database.
    ownCore: !options.core && !options.documents,
    onClose: (unwatch) => app.addHook('onClose', async () => unwatch()),
  });
  await app.register(accountsRoutes, {
    service: createAccountsService({ core: services.core, clock, reads }),
  });
  const settings = (institutionId: number) => services.institutions.settings(institutionId);
  const details = createAccountDetailsService({
    db,
    clock,
    core: services.core,
    zips: zipDirectory,
    settings,
    documents: services.documents,
    reads,
    // The loan's default method is the saved methods module's answer (as in GetPaymentInfo).
    paymentMethods: paymentMethodsServiceOf({ db, clock, services }),
    dataProtector: services.dataProtector,
  });
  await app.register(accountDetailsRoutes, {
    service: details,
    downloads: services.downloads,
    nightMode: nightModeHook({
      clock,
      settings: (institutionId) => services.institutions.settings(institutionId),
    }),
    historyFiles: createHistoryDownloads({
      db,
      clock,
      details,
      branding: services.pdfBranding,
    }),
  });
  const urlProvider = createBuiltinUrlProvider({
    core: services.core,
    clock,
    protector: services.dataProtector,
  });
  await app.register(statementsRoutes, {
    service: createStatementsService({
      core: services.core,
      urlProvider,
      documentHost: urlProvider,
      documentProvider: createBuiltinDocumentProvider({ core: services.core }),
      settings: (institutionId) => services.institutions.settings(institutionId),
      institutionOfHost: async (host) => (await services.institutions.resolveHost(host))?.id,
    }),
    borrowers: createBorrowersService({ db }),
    downloads: services.downloads,
    documentHostPath: PROVIDER_DOCUMENT_PATH,
  });
};
