import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { PasswordHasher } from '../../lib/passwords';
import type { PortalApp } from '../../plugins/portal-app';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import type { TellNotification } from '../notifications/notifications.service';
import type { ThrottleService } from '../throttle/throttle.service';
import { authRoutes } from './auth.routes';
import type { AuthService } from './auth.service';
import { demoIdpRoutes } from './demo-idp.routes';
import { createDemoIdentityProvider } from './demo-idp.service';
import { postLoginRoutes } from './post-login.routes';
import { createPostLoginService } from './post-login.service';

export interface AuthModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Built by the root before the modules: the session plugin resolves sessions through it. */
  auth: AuthService;
  passwordHasher: PasswordHasher;
  dataProtector: DataProtector;
  institutions: InstitutionsService;
  throttle: ThrottleService;
  mail: MailService;
  /** Session cookies only over HTTPS. */
  cookieSecure: boolean;
  demoMode: boolean;
  /** The alerts (a password set through a reset link is a password change). */
  tell?: TellNotification;
}

/** Sign-in, sign-out, the post-login steps, and in demo mode the demo identity provider. */
export async function authModule(app: PortalApp, deps: AuthModuleDeps): Promise<void> {
  const { db, clock, institutions, cookieSecure } = deps;
  const postLogin = createPostLoginService({
    db,
    clock,
    hasher: deps.passwordHasher,
    dataProtector: deps.dataProtector,
    institutions,
    throttle: deps.throttle,
    mail: deps.mail,
    auth: deps.auth,
    tell: deps.tell,
  });
  await app.register(authRoutes, { service: deps.auth, cookieSecure });
  await app.register(postLoginRoutes, { service: postLogin, cookieSecure });
  if (deps.demoMode) {
    await app.register(demoIdpRoutes, {
      idp: createDemoIdentityProvider({ db, clock, institutions }),
    });
  }
}
