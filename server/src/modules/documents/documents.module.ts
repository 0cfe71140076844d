import type { AppModule } from '../../app-module';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { documentsRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';

/** The file services' documents: an account's list, opening one, file types and uploads. */
export const documentsModule: AppModule = async ({ app, db, services }) => {
  await app.register(documentsRoutes, {
    service: createDocumentsService({
      core: services.core,
      documents: services.documents,
      settings: (institutionId) => services.institutions.settings(institutionId),
    }),
    borrowers: createBorrowersService({ db }),
    downloads: services.downloads,
  });
};
