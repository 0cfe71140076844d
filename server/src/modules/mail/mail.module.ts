import type { AppModule } from '../../app-module';
import { mailboxRoutes } from './mailbox.routes';

/** In demo mode only: the local mailbox that shows every delivered e-mail. */
export const mailModule: AppModule = async ({ app, services, options }) => {
  if (options.demoMode) await app.register(mailboxRoutes, { mail: services.mail });
};
