import type { Kysely } from 'kysely';
import type { DocumentStore } from '../../core/document-store';
import type { ServicingCore } from '../../core/servicing-core';
import {
  type DocumentStatementProvider,
  PROVIDER_DOCUMENT_PATH,
  type SelfHostedUrlStatementProvider,
} from '../../core/statement-providers';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { PdfBranding } from '../../lib/pdf/branded-pdf';
import { zipDirectory } from '../../lib/zip-directory';
import type { PortalApp } from '../../plugins/portal-app';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import { accountReadCache } from './account-reads';
import { accountDetailsRoutes } from './account-details.routes';
import { createAccountDetailsService } from './account-details.service';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { createHistoryDownloads } from './history-downloads';
import { nightModeHook } from './night-mode';
import { statementsRoutes } from './statements.routes';
import { createStatementsService } from './statements.service';

export interface AccountsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  documents: DocumentStore;
  institutions: InstitutionsService;
  dataProtector: DataProtector;
  borrowers: BorrowersService;
  downloads: DownloadTokens;
  pdfBranding: (institutionId: number) => Promise<PdfBranding>;
  /** The loan's default method is the saved methods module's answer (as in GetPaymentInfo). */
  paymentMethods: PaymentMethodsService;
  /** The statement providers of the core's accounts (app.ts picks them: built-in by default). */
  statementProviders: { url: SelfHostedUrlStatementProvider; document: DocumentStatementProvider };
  /** The built-in core and document store keep their data in this database. */
  ownCore: boolean;
  watchStatements?: (listener: (sql: string) => void) => () => void;
}

/** The signed-in borrower's accounts: the list and the loan page's calls. */
export async function accountsModule(app: PortalApp, deps: AccountsModuleDeps): Promise<void> {
  const { db, clock, core, institutions } = deps;
  const reads = accountReadCache({
    clock,
    watchStatements: deps.watchStatements,
    ownCore: deps.ownCore,
    onClose: (unwatch) => app.addHook('onClose', async () => unwatch()),
  });
  await app.register(accountsRoutes, {
    service: createAccountsService({ core, clock, reads }),
  });
  const settings = (institutionId: number) => institutions.settings(institutionId);
  const details = createAccountDetailsService({
    db,
    clock,
    core,
    zips: zipDirectory,
    settings,
    documents: deps.documents,
    reads,
    paymentMethods: deps.paymentMethods,
    dataProtector: deps.dataProtector,
  });
  await app.register(accountDetailsRoutes, {
    service: details,
    downloads: deps.downloads,
    nightMode: nightModeHook({ clock, settings }),
    historyFiles: createHistoryDownloads({
      db,
      clock,
      details,
      branding: deps.pdfBranding,
      settings,
    }),
  });
  await app.register(statementsRoutes, {
    service: createStatementsService({
      core,
      urlProvider: deps.statementProviders.url,
      documentHost: deps.statementProviders.url,
      documentProvider: deps.statementProviders.document,
      settings,
      institutionOfHost: async (host) => (await institutions.resolveHost(host))?.id,
    }),
    borrowers: deps.borrowers,
    downloads: deps.downloads,
    documentHostPath: PROVIDER_DOCUMENT_PATH,
  });
}
