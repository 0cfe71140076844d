import type { PortalApp } from '../../plugins/portal-app';
import type { MailService } from './mail.service';
import { mailboxRoutes } from './mailbox.routes';

/** In demo mode only: the local mailbox that shows every delivered e-mail. */
export async function mailModule(
  app: PortalApp,
  deps: { mail: MailService; demoMode: boolean },
): Promise<void> {
  if (deps.demoMode) await app.register(mailboxRoutes, { mail: deps.mail });
}
