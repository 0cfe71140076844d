import type { DocumentStore } from '../../core/document-store';
import type { ServicingCore } from '../../core/servicing-core';
import type { PortalApp } from '../../plugins/portal-app';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import { documentsRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';

export interface DocumentsModuleDeps {
  core: ServicingCore;
  documents: DocumentStore;
  borrowers: BorrowersService;
  downloads: DownloadTokens;
  institutions: InstitutionsService;
}

/**
 * The file services' documents: an account's, an application's and the customer's own lists,
 * opening one, file types and uploads.
 */
export async function documentsModule(app: PortalApp, deps: DocumentsModuleDeps): Promise<void> {
  await app.register(documentsRoutes, {
    service: createDocumentsService({
      core: deps.core,
      documents: deps.documents,
      settings: (institutionId) => deps.institutions.settings(institutionId),
    }),
    borrowers: deps.borrowers,
    downloads: deps.downloads,
  });
}
