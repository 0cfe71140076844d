import type { AppModule } from '../../app-module';
import { authRoutes } from './auth.routes';
import { demoIdpRoutes } from './demo-idp.routes';
import { createDemoIdentityProvider } from './demo-idp.service';
import { postLoginRoutes } from './post-login.routes';
import { createPostLoginService } from './post-login.service';

/** Sign-in, sign-out, the post-login steps, and in demo mode the demo identity provider. */
export const authModule: AppModule = async ({
  app,
  db,
  clock,
  services,
  options,
  cookieSecure,
}) => {
  const postLogin = createPostLoginService({
    db,
    clock,
    hasher: services.passwordHasher,
    dataProtector: services.dataProtector,
    institutions: services.institutions,
    throttle: services.throttle,
    mail: services.mail,
    auth: services.auth,
  });
  await app.register(authRoutes, { service: services.auth, cookieSecure });
  await app.register(postLoginRoutes, { service: postLogin, cookieSecure });
  if (options.demoMode) {
    await app.register(demoIdpRoutes, {
      idp: createDemoIdentityProvider({ db, clock, institutions: services.institutions }),
    });
  }
};
