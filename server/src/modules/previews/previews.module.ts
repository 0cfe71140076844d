import type { AppModule } from '../../app-module';
import { previewsRoutes } from './previews.routes';

/** The admin preview's sign-in as the sample borrower (its tokens are made by the admin API). */
export const previewsModule: AppModule = async ({ app, services }) => {
  await app.register(previewsRoutes, { service: services.previews });
};
