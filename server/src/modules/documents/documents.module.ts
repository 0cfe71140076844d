import type { AppModule } from '../../app-module';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { documentsRoutes } from './documents.routes';

/** The file services' documents: an account's list, opening one, file types and uploads. */
export const documentsModule: AppModule = async ({ app, db, services }) => {
  await app.register(documentsRoutes, {
    borrowers: createBorrowersService({ db }),
    core: services.core,
    documents: services.documents,
    downloads: services.downloads,
    settings: (institutionId) => services.institutions.settings(institutionId),
  });
};
