import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { SEED_ASSETS_DIR } from './db/seed/seed-assets';
import { systemClock, type Clock } from './lib/clock';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './modules/auth/session-policy';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService, type HealthService } from './modules/health/health.service';
import {
  createInstitutionsService,
  type InstitutionsService,
} from './modules/institutions/institutions.service';
import { setupRoutes } from './modules/setup/setup.routes';
import { createSetupService, type SetupService } from './modules/setup/setup.service';
import { staticFilesRoutes } from './modules/static-files/static-files.routes';
import { authPlugin } from './plugins/auth';
import { conditionalGetPlugin } from './plugins/conditional-get';
import { csrfPlugin } from './plugins/csrf';
import { envelopeErrorsPlugin } from './plugins/envelope-errors';
import { institutionPlugin } from './plugins/institution';
import { loggerOptions, type LoggerSettings } from './plugins/logger';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';

export interface BuildAppOptions {
  db: Kysely<Database>;
  /** The time source of every expiry and timestamp; tests pass one they can move. */
  clock?: Clock;
  /** false (the default) for silence; the settings of the JSON request log otherwise. */
  logger?: false | LoggerSettings;
  /** DEMO_MODE: for the demo-only conveniences of later steps (the local mailbox viewer). */
  demoMode?: boolean;
  /** The built borrower portal; nothing is served at / (503 text) when it is missing. */
  portalDist?: string;
  /** The built admin app; /admin/ answers 503 text when it is missing. */
  adminDist?: string;
  /** Uploaded branding (`<DATA_DIR>/cdn`); the demo seed's logos are the fallback. */
  cdnDir?: string;
  /** Session cookie only over HTTPS. */
  cookieSecure?: boolean;
  /** Trust X-Forwarded-* from these proxies (Fastify's trustProxy). */
  trustProxy?: boolean | number | string;
  sessionPolicy?: SessionPolicy;
  /** How long built start-up settings and resolved hosts are reused (default 2 s). */
  cacheTtlMs?: number;
}

/** The services the app is composed of, for the admin API of a later step and for tests. */
export interface AppServices {
  institutions: InstitutionsService;
  setup: SetupService;
  auth: AuthService;
  health: HealthService;
}

export type PortalApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    demoMode: boolean;
  }
}

const NOWHERE = '/nonexistent';

/** A hop count becomes the function Fastify's types accept (it trusts the nearest `hops` proxies). */
function trustProxyOption(
  value: BuildAppOptions['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value ?? false;
}

/**
 * Builds the server: plugins first (headers, errors, cookies, CSRF, institution, session), then
 * the modules. It does not listen; `main.ts` does, tests use `app.inject`. Routes may still be
 * added until the first request or `ready()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<PortalApp> {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger) : false,
    trustProxy: trustProxyOption(options.trustProxy),
    // Ids unique across instances; an incoming X-Request-Id is not trusted.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const institutions = createInstitutionsService({
    db,
    clock,
    hostCacheTtlMs: options.cacheTtlMs,
  });
  const setup = createSetupService({
    db,
    clock,
    cacheTtlMs: options.cacheTtlMs,
    publishedSettings: (institutionId) => institutions.publishedSettings(institutionId),
    maintenanceMode: (institutionId) => institutions.maintenanceMode(institutionId),
  });
  institutions.onSettingsPublished((institutionId) => setup.invalidate(institutionId));
  const auth = createAuthService({
    db,
    clock,
    policy: options.sessionPolicy ?? DEFAULT_SESSION_POLICY,
    maintenanceMode: (institutionId) => institutions.maintenanceMode(institutionId),
  });
  const health = createHealthService({ db });
  const accounts = createAccountsService({ db, clock });

  app.decorate('services', { institutions, setup, auth, health });
  app.decorate('demoMode', options.demoMode ?? false);

  // Answers carry the id, so a user's report can be matched with the log lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(securityHeadersPlugin);
  await app.register(conditionalGetPlugin);
  await app.register(envelopeErrorsPlugin);
  await app.register(fastifyCookie);
  await app.register(csrfPlugin);
  await app.register(institutionPlugin, {
    resolveHost: (host) => institutions.resolveHost(host),
  });
  await app.register(authPlugin, {
    resolveSession: (token, institutionId) => auth.resolveSession(token, institutionId),
  });
  await app.register(openApiPlugin);

  await app.register(healthRoutes, { service: health });
  await app.register(setupRoutes, { service: setup });
  await app.register(authRoutes, { service: auth, cookieSecure: options.cookieSecure ?? false });
  await app.register(accountsRoutes, { service: accounts });
  await app.register(staticFilesRoutes, {
    portalDist: options.portalDist ?? NOWHERE,
    adminDist: options.adminDist ?? NOWHERE,
    cdnRoots: [...(options.cdnDir ? [options.cdnDir] : []), SEED_ASSETS_DIR],
  });

  return app;
}
