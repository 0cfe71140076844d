import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DocumentStore } from '../../core/document-store';
import type { ServicingCore } from '../../core/servicing-core';
import type { PortalApp } from '../../plugins/portal-app';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import { documentsRoutes } from './documents.routes';

export interface DocumentsModuleDeps {
  db: Kysely<Database>;
  core: ServicingCore;
  documents: DocumentStore;
  downloads: DownloadTokens;
  institutions: InstitutionsService;
}

/** The file services' documents: an account's list, opening one, file types and uploads. */
export async function documentsModule(app: PortalApp, deps: DocumentsModuleDeps): Promise<void> {
  await app.register(documentsRoutes, {
    db: deps.db,
    core: deps.core,
    documents: deps.documents,
    downloads: deps.downloads,
    settings: (institutionId) => deps.institutions.settings(institutionId),
  });
}
