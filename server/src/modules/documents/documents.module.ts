import type { AppModule } from '../../app-module';
import { documentsRoutes } from './documents.routes';

/** The file services' documents: an account's list and opening one. */
export const documentsModule: AppModule = async ({ app, db, services }) => {
  await app.register(documentsRoutes, {
    db,
    core: services.core,
    documents: services.documents,
    downloads: services.downloads,
  });
};
