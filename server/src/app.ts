import { isTimeZone, pastDueTextsOf } from '@portal/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { SEED_ASSETS_DIR } from './demo/seed-assets';
import { type BuiltinCore, createBuiltinCore } from './core/builtin/builtin-core';
import { createBuiltinDocumentStore } from './core/builtin/builtin-document-store';
import {
  createBuiltinDocumentProvider,
  createBuiltinUrlProvider,
} from './core/builtin/builtin-statement-providers';
import { openSampleAccounts } from './core/builtin/sample-accounts';
import type { DocumentStore } from './core/document-store';
import type { CardProcessor } from './core/card-processor';
import { createBuiltinCardProcessor } from './core/builtin/builtin-card-processor';
import { bundledRoutingDirectory, type RoutingDirectory } from './core/ach/routing-directory';
import type { AchProcessor } from './core/ach/ach-processor';
import {
  achInstitutionProfiles,
  createBuiltinAchProcessor,
} from './core/builtin/ach/builtin-ach-processor';
import { createStoredRoutingDirectory } from './core/builtin/ach/stored-routing-directory';
import { createBuiltinZipGeocoder } from './core/builtin/builtin-zip-geocoder';
import type { ZipGeocoder } from './core/zip-geocoder';
import { achFilesModule } from './modules/ach-files/ach-files.module';
import {
  createEndOfDayWorker,
  END_OF_DAY_CHECK_EVERY_MS,
  END_OF_DAY_QUEUE,
  type EndOfDayWorker,
} from './modules/jobs/end-of-day';
import type { ServicingCore } from './core/servicing-core';
import { readCdnFile } from './lib/cdn-files';
import type { PdfBranding } from './lib/pdf/branded-pdf';
import {
  createDownloadTokens,
  type DownloadTokens,
} from './modules/downloads/download-tokens.service';
import { accountLinksModule } from './modules/account-links/account-links.module';
import { applicationsModule } from './modules/applications/applications.module';
import { createLoanApplyService } from './modules/applications/loan-apply';
import { messagesModule } from './modules/messages/messages.module';
import { workQueueModule } from './modules/work-queue/work-queue.module';
import { branchesModule } from './modules/branches/branches.module';
import { webVitalsModule } from './modules/web-vitals/web-vitals.module';
import { contactChangeModule } from './modules/contact-change/contact-change.module';
import { profileModule } from './modules/profile/profile.module';
import { payoffModule } from './modules/payoff/payoff.module';
import { accountsModule } from './modules/accounts/accounts.module';
import { cardVelocityModule } from './modules/card-velocity/card-velocity.module';
import { createCardVelocityService } from './modules/card-velocity/card-velocity.service';
import { paymentMethodsModule } from './modules/payment-methods/payment-methods.module';
import { createPaymentMethodsService } from './modules/payment-methods/payment-methods.service';
import { createBorrowersService } from './modules/borrowers/borrowers.service';
import { createAchDraftAuthorizations } from './modules/ach-drafts/ach-drafts.service';
import { createLoginHistoryService } from './modules/auth/login-history.service';
import { createProfileService } from './modules/profile/profile.service';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service';
import {
  createWorkQueueService,
  type WorkQueueService,
} from './modules/work-queue/work-queue.service';
import { createAccountAlertsReader } from './modules/accounts/account-alerts.service';
import { zipDirectory } from './lib/zip-directory';
import { documentsModule } from './modules/documents/documents.module';
import { achDraftsModule } from './modules/ach-drafts/ach-drafts.module';
import { paymentsModule } from './modules/payments/payments.module';
import {
  ACH_FILE_SEALING_EVERY_MS,
  ACH_FILE_SEALING_QUEUE,
} from './modules/payments/ach-file-sealing';
import {
  createPaymentPostingWorker,
  PAYMENT_DUE_EVERY_MS,
  PAYMENT_DUE_QUEUE,
  type PaymentPostingWorker,
} from './modules/payments/payment-posting';
import { adminModule } from './modules/admin/admin.module';
import { auditModule } from './modules/audit/audit.module';
import { authModule } from './modules/auth/auth.module';
import { brandingModule } from './modules/branding/branding.module';
import { credentialsModule } from './modules/credentials/credentials.module';
import { healthModule } from './modules/health/health.module';
import { institutionsModule } from './modules/institutions/institutions.module';
import { mailModule } from './modules/mail/mail.module';
import { smsModule } from './modules/sms/sms.module';
import { textingModule } from './modules/texting/texting.module';
import { createSmsService, type SmsService } from './modules/sms/sms.service';
import { createBuiltinSmsProvider, type SmsProvider } from './modules/sms/providers';
import {
  smsDeliveryQueue,
  smsOutboxWorkerOf,
  type SmsOutboxWorker,
} from './modules/sms/sms-delivery';
import { createTextingService, type TextingService } from './modules/texting/texting.service';
import { previewsModule } from './modules/previews/previews.module';
import { recoveryModule } from './modules/recovery/recovery.module';
import { registrationModule } from './modules/registration/registration.module';
import { setupModule } from './modules/setup/setup.module';
import { staffModule } from './modules/staff/staff.module';
import { STAFF_SESSION_COOKIE } from './modules/staff/staff.routes';
import { staticFilesModule } from './modules/static-files/static-files.module';
import { systemClock, type Clock } from './lib/clock';
import { createAuditLog, type AuditLog } from './modules/audit/audit.service';
import { createBrandingService, type BrandingService } from './modules/branding/branding.service';
import { createPreviewsService, type PreviewsService } from './modules/previews/previews.service';
import { allowedInPreview, previewReadOnlyEnvelope } from './modules/previews/preview-read-calls';
import { createAdminService, type AdminService } from './modules/admin/admin.service';
import { createAdminAuthService, type AdminAuthService } from './modules/staff/staff-auth.service';
import { previewFramePlugin } from './modules/setup/preview-frame';
import {
  createHousekeepingWorker,
  HOUSEKEEPING_EVERY_MS,
  HOUSEKEEPING_QUEUE,
  type HousekeepingWorker,
} from './modules/jobs/housekeeping';
import { databaseClock } from './modules/jobs/database-clock';
import { reconciliationModule } from './modules/reconciliation/reconciliation.module';
import {
  createReconciliationService,
  type ReconciliationService,
} from './modules/reconciliation/reconciliation.service';
import {
  createPaymentReturns,
  PAYMENT_RETURNS_EVERY_MS,
  PAYMENT_RETURNS_QUEUE,
  type PaymentReturns,
} from './modules/payments/payment-returns';
import { createJobQueue, type JobQueue } from './modules/jobs/job-queue';
import { securityPolicyOf } from './modules/auth/policy';
import { mailDeliveryQueue, outboxWorkerOf, type OutboxWorker } from './modules/mail/mail-delivery';
import { createDataProtector, DATA_KEY_BYTES, type DataProtector } from './lib/data-protection';
import { argon2PasswordHasher, type PasswordHasher } from './lib/passwords';
import {
  createAuthService,
  type AuthService,
  type LiveSessionRow,
} from './modules/auth/auth.service';
import {
  createSessionCache,
  writesSessionTables,
  type SessionCache,
} from './modules/auth/session-cache';
import { createMailService, type MailService } from './modules/mail/mail.service';
import { createMailboxTransport, type MailTransport } from './modules/mail/transports';
import { createThrottleService, type ThrottleService } from './modules/throttle/throttle.service';
import { createHealthService, type HealthService } from './modules/health/health.service';
import {
  createInstitutionsService,
  type InstitutionsService,
} from './modules/institutions/institutions.service';
import { createSetupService, type SetupService } from './modules/setup/setup.service';
import { authPlugin, cookieName, SESSION_COOKIE } from './plugins/auth';
import { conditionalGetPlugin } from './plugins/conditional-get';
import { csrfPlugin } from './plugins/csrf';
import { envelopeErrorsPlugin } from './plugins/envelope-errors';
import { institutionPlugin } from './plugins/institution';
import { loggerOptions, type LoggerSettings } from './plugins/logger';
import { openApiPlugin } from './plugins/openapi';
import type { PortalApp } from './plugins/portal-app';
import { requestContextPlugin } from './plugins/request-context';
import { securityHeadersPlugin } from './plugins/security-headers';
import type { CoreTables } from './core/builtin/core.schema';
import type { CoreDays } from './core/core-days';

export interface BuildAppOptions {
  db: Kysely<Database>;
  /** A bank's own core servicing system; the built-in core when absent. */
  core?: ServicingCore;
  /**
   * The days of the bank's core (`core-days.ts`: its last closed day; it closes them itself).
   * Required with `core`; the built-in core's own when both are absent.
   */
  coreDays?: CoreDays;
  /** A bank's own document store (file services); the built-in one when absent. */
  documents?: DocumentStore;
  /**
   * Where the built-in document store keeps uploaded files (DOCUMENTS_DIR, `<DATA_DIR>/documents`
   * by default: outside every folder the server serves). Left out (tests, tools), a temporary
   * folder of this app, removed when it closes.
   */
  documentsDir?: string;
  /** A real card processor; the built-in test-mode one (public test card numbers) when absent. */
  cardProcessor?: CardProcessor;
  /** A routing directory service; the bundled one (Federal Reserve Banks, demo banks) when absent. */
  routingDirectory?: RoutingDirectory;
  /** A real ACH processor (ODFI); the built-in one (NACHA day files staff download) when absent. */
  achProcessor?: AchProcessor;
  /** A maps service's ZIP geocoding (branch locator); the bundled ZIP centroids when absent. */
  zipGeocoder?: ZipGeocoder;
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
  /**
   * Encrypts SSNs and institution secrets, keys the digests of codes (DATA_ENCRYPTION_KEY). Left
   * out, a random key lives as long as the process: fine for tests that store no such data.
   */
  dataProtector?: DataProtector;
  /** argon2id by default; tests may wrap it to count verifications. */
  passwordHasher?: PasswordHasher;
  /** Where the outbox delivers e-mail: the demo mailbox unless SMTP is configured. */
  mailTransport?: MailTransport;
  /**
   * Keep the (sealed) body of sent mail for its retention period: demo mode's mailbox shows it,
   * and tests read what a user received. Otherwise a sent body is blanked. Default: demoMode.
   */
  keepSentMailBodies?: boolean;
  /** Where the SMS outbox sends texts: the built-in provider (the demo phone) unless given one. */
  smsProvider?: SmsProvider;
  /**
   * Runs the background jobs (outbox delivery, housekeeping); tests run them by hand
   * (services.outbox, services.housekeeping).
   */
  runJobs?: boolean;
  /** Admin app origins on other hosts that may receive preview tokens (ADMIN_ORIGINS). */
  adminOrigins?: readonly string[];
  /**
   * Where request-rate windows are counted: 'memory' when this process is the database's only
   * user (PGlite, kept to one server by its lock file), 'database' (the default) when server
   * instances share it.
   */
  rateWindows?: 'database' | 'memory';
  /**
   * Calls the listener with every statement this process runs, when this process is the
   * database's only user (PGlite: DatabaseHandle.watchStatements). Given, resolved sessions are
   * kept in memory and dropped on any write to their tables (modules/auth/session-cache.ts).
   */
  watchStatements?: (listener: (sql: string) => void) => () => void;
  /** How long built start-up settings and resolved hosts are reused (default 2 s). */
  cacheTtlMs?: number;
}

/** The services the app is composed of, for main.ts and the tests. */
export interface AppServices {
  institutions: InstitutionsService;
  setup: SetupService;
  auth: AuthService;
  health: HealthService;
  mail: MailService;
  throttle: ThrottleService;
  /** The outbox's delivery; `runOnce()` runs the delivery jobs due now. */
  outbox: OutboxWorker;
  /** The SMS outbox: queues texts, the demo phone's conversations. */
  sms: SmsService;
  /** The SMS outbox's delivery; `runOnce()` runs the delivery jobs due now. */
  smsOutbox: SmsOutboxWorker;
  /** Text subscriptions, and texts to users who opted in (for the modules that send them). */
  texting: TextingService;
  /** The job queue every background job runs on (modules/jobs/job-queue.ts). */
  jobs: JobQueue;
  /** Deletes expired sessions, codes and tokens; `runOnce()` purges as of the clock's now. */
  housekeeping: HousekeepingWorker;
  passwordHasher: PasswordHasher;
  dataProtector: DataProtector;
  /** Staff's access to an institution and its configuration work: drafts, publish, versions. */
  admin: AdminService;
  /** Every change of a configuration, asset or institution, and staff sign-in events. */
  auditLog: AuditLog;
  /** Uploaded logos, footer images and backgrounds. */
  branding: BrandingService;
  /** The admin's live preview tokens. */
  previews: PreviewsService;
  adminAuth: AdminAuthService;
  /** The core servicing system (the built-in one unless a bank's core is plugged in). */
  core: ServicingCore;
  /** The core's days: the built-in core's end of day and last closed day (core-days.ts). */
  coreDays: CoreDays;
  /** The core's end of day on the job queue; `runOnce()` closes the days due now. */
  endOfDay: EndOfDayWorker;
  /** The alerts borrowers chose, sent once per event; `runDay()` is the day's pass. */
  notifications: NotificationsService;
  /** The institution's name, colour and logo for the PDFs it sends. */
  pdfBranding(institutionId: number): Promise<PdfBranding>;
  /** Single-use tokens that open a download in a new tab. */
  downloads: DownloadTokens;
  /** The file services' documents (the built-in store unless a bank's is plugged in). */
  documents: DocumentStore;
  /** Tokenizes and charges cards (the built-in test-mode processor unless one is plugged in). */
  cardProcessor: CardProcessor;
  /** Bank names of routing numbers for the ACH form's lookup. */
  routingDirectory: RoutingDirectory;
  /** Takes bank-account payments as WEB debits (the built-in processor unless one is plugged in). */
  achProcessor: AchProcessor;
  /** Settles payments and posts the due ones; `runOnce()` posts what is due now. */
  paymentPosting: PaymentPostingWorker;
  /** What borrowers send the institution, for staff to pick up (issue 22). */
  workQueue: WorkQueueService;
  /** Acts on the ACH returns the processor received; `runOnce()` takes what came in now. */
  paymentReturns: PaymentReturns;
  /** The daily reconciliation (issue 24); `reconcile()` runs an institution's day now. */
  reconciliation: ReconciliationService;
}

export type { PortalApp } from './plugins/portal-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the app is composed of: for main.ts and the tests, never for the modules. */
    services: AppServices;
  }
}

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

  const dataProtector = options.dataProtector ?? createDataProtector(randomBytes(DATA_KEY_BYTES));
  const passwordHasher = options.passwordHasher ?? argon2PasswordHasher;
  const institutions = createInstitutionsService({
    db,
    clock,
    dataProtector,
    hostCacheTtlMs: options.cacheTtlMs,
    settingsCacheTtlMs: options.cacheTtlMs,
  });
  const auditLog = createAuditLog({ db, clock });
  const branding = createBrandingService({ db, auditLog, cdnDir: options.cdnDir });
  const admin = createAdminService({ db, clock, institutions, auditLog });
  const previews = createPreviewsService({
    db,
    clock,
    draftDocument: (institutionId) => admin.document({ id: institutionId }, 'draft'),
    // The sample's accounts live in the built-in core's tables: with a bank's core, none.
    ...(options.core ? {} : { openSampleAccounts }),
    seal: (text) => dataProtector.encrypt(text),
  });
  const setup = createSetupService({
    db,
    clock,
    cacheTtlMs: options.cacheTtlMs,
    previewDocument: (token, institutionId) => previews.previewDocument(token, institutionId),
    publishedSettings: (institutionId) => institutions.publishedSettings(institutionId),
    maintenanceMode: (institutionId) => institutions.maintenanceMode(institutionId),
  });
  institutions.onSettingsPublished((institutionId) => setup.invalidate(institutionId));
  const throttle = createThrottleService({ db, clock, rateWindows: options.rateWindows });
  const housekeeping = createHousekeepingWorker({ db, clock, throttle });
  const cdnRoots = [...(options.cdnDir ? [options.cdnDir] : []), SEED_ASSETS_DIR];
  const pdfBranding = async (institutionId: number): Promise<PdfBranding> => {
    const institution = await institutions.findById(institutionId);
    const settings = await institutions.settings(institutionId);
    const logo = institution
      ? await readCdnFile(
          cdnRoots,
          institution.cdnFolder,
          settings.get('themeOptions.logoFullPath'),
        )
      : undefined;
    return {
      institutionName: institution?.name ?? '',
      primaryColor: settings.get('themeOptions.primaryColor'),
      ...(logo ? { logoSvg: logo.toString('utf8') } : {}),
    };
  };
  // Whether a name is a time zone does not change while the process runs, and asking Intl costs
  // about a third of a millisecond: every payment's settlement asks.
  const zoneNames = new Map<string, boolean>();
  const isKnownZone = (zone: string): boolean => {
    let known = zoneNames.get(zone);
    if (known === undefined) {
      known = isTimeZone(zone);
      if (zoneNames.size >= 1_000) zoneNames.clear();
      zoneNames.set(zone, known);
    }
    return known;
  };
  // The core's "today" is the institution's published time zone, the one the routes use.
  const institutionTimeZone = async (institutionId: number): Promise<string | undefined> => {
    const zone = (await institutions.settings(institutionId)).get(
      'localeOptions.institutionTimeZone',
    );
    return isKnownZone(zone) ? zone : (await institutions.findById(institutionId))?.timeZone;
  };
  // A bank's core brings its own days; the built-in core closes its own (core-days.ts).
  const builtinCore = (): BuiltinCore =>
    createBuiltinCore({
      db: db.withTables<CoreTables>(),
      clock,
      branding: pdfBranding,
      timeZone: institutionTimeZone,
      pastDueTexts: async (institutionId) =>
        pastDueTextsOf(await institutions.settings(institutionId)),
    });
  const { core, coreDays }: { core: ServicingCore; coreDays: CoreDays } = options.core
    ? { core: options.core, coreDays: requiredCoreDays(options.coreDays) }
    : ((builtin) => ({ core: builtin, coreDays: builtin }))(builtinCore());
  const documents = options.documents ?? builtinDocumentStore();
  function builtinDocumentStore(): DocumentStore {
    let directory = options.documentsDir;
    if (!directory) {
      const temporary = mkdtempSync(join(tmpdir(), 'portal-documents-'));
      app.addHook('onClose', async () => rm(temporary, { recursive: true, force: true }));
      directory = temporary;
    }
    return createBuiltinDocumentStore({
      db,
      settings: (institutionId) => institutions.settings(institutionId),
      directory,
    });
  }
  const cardProcessor = options.cardProcessor ?? createBuiltinCardProcessor({ db, clock });
  // The FedACH directory an operator loaded (`fedach load`), then the bundled banks.
  const routingDirectory =
    options.routingDirectory ??
    createStoredRoutingDirectory({ db, fallback: bundledRoutingDirectory() });
  // The branch locator's ZIP search: the bundled ZIP centroids unless a maps service is given.
  const zipGeocoder = options.zipGeocoder ?? createBuiltinZipGeocoder();
  const achProcessor =
    options.achProcessor ??
    createBuiltinAchProcessor({
      db,
      clock,
      dataProtector,
      routingDirectory,
      institution: achInstitutionProfiles(institutions),
    });
  // The mail service is built below; the closures reach it when an item is submitted.
  const workQueue = createWorkQueueService({
    db,
    clock,
    mail: {
      enqueue: (message, executor) => mail.enqueue(message, executor),
      deliverSoon: () => mail.deliverSoon(),
    },
  });
  // The mail, texting and profile services are built below; the closures reach them when an
  // alert is sent.
  const notifications = createNotificationsService({
    db,
    clock,
    core,
    lastClosedDay: (institutionId) => coreDays.lastClosedDay(institutionId),
    institutions,
    borrowers: createBorrowersService({ db }),
    preferences: (userId) => profile.notificationPreferences(userId),
    accountAlerts: createAccountAlertsReader({ db }),
    mail: {
      enqueue: (message, executor) => mail.enqueue(message, executor),
      deliverSoon: () => mail.deliverSoon(),
    },
    texting: {
      accountTextNumber: (institutionId, userId, brandingId) =>
        texting.accountTextNumber(institutionId, userId, brandingId),
      queueText: (text, executor) => texting.queueText(text, executor),
      deliverTextsSoon: () => texting.deliverTextsSoon(),
    },
    jobs: () => jobs,
    onError: (error, event) =>
      app.log.error({ err: error, alert: event.kind }, 'an alert could not be sent'),
  });
  const reconciliation = createReconciliationService({
    db,
    clock,
    cardProcessor,
    achProcessor,
    core,
    timeZone: async (institutionId) =>
      (await institutionTimeZone(institutionId)) ?? 'America/New_York',
    lastClosedDay: (institutionId) => coreDays.lastClosedDay(institutionId),
    admin,
    auditLog,
    jobs: () => jobs,
  });
  const endOfDay = createEndOfDayWorker({
    db,
    clock,
    coreDays,
    settings: (institutionId) => institutions.settings(institutionId),
    afterClose: async (institutionId, lastClosed) => {
      await notifications.afterEndOfDay(institutionId, lastClosed);
      await reconciliation.afterEndOfDay(institutionId, lastClosed);
    },
  });
  // The mail service and the queue are built below; the worker reaches them when it runs.
  const paymentReturns = createPaymentReturns({
    db,
    clock,
    core,
    achProcessor,
    dataProtector,
    mail: {
      prepare: (message) => mail.prepare(message),
      deliverSoon: () => mail.deliverSoon(),
    },
    workQueue: { submitOnce: (item) => workQueue.submitOnce(item) },
    settings: (institutionId) => institutions.settings(institutionId),
    institutionName: async (institutionId) =>
      (await institutions.findById(institutionId))?.name ?? '',
    onError: (error, what) =>
      app.log.error({ err: error }, `${what} could not be applied; the next run tries again`),
  });
  const paymentPosting = createPaymentPostingWorker({
    db,
    clock,
    core,
    cardProcessor,
    achProcessor,
    dataProtector,
    mail: {
      prepare: (message) => mail.prepare(message),
      deliverSoon: () => mail.deliverSoon(),
    },
    jobs: () => jobs,
    workQueue,
    settings: (institutionId) => institutions.settings(institutionId),
    institutionName: async (institutionId) =>
      (await institutions.findById(institutionId))?.name ?? '',
    // The published zone, as submissions and the core read it.
    timeZone: async (institutionId) =>
      (await institutionTimeZone(institutionId)) ?? 'America/New_York',
    prepareTell: (event) => notifications.prepareTell(event),
  });
  // Applying for a loan: its job finishes an attempt its request left unfinished.
  const loanApply = createLoanApplyService({
    db,
    clock,
    core,
    institutions,
    borrowers: createBorrowersService({ db }),
    workQueue,
    dataProtector,
    jobs: () => jobs,
  });
  // The running queue's leases, retries and schedules are on the database's clock (every instance
  // agrees, whatever its own clock says: database-clock.ts), and so are the outboxes' (each
  // message is delivered by a job of its own); a test driving `runOnce` with a clock it moves
  // keeps that clock.
  const jobClock = options.runJobs
    ? databaseClock(db, {
        local: clock,
        onError: (error) => app.log.warn({ err: error }, 'could not read the database clock'),
      })
    : undefined;
  const mailDelivery = mailDeliveryQueue({
    db,
    clock: jobClock ?? clock,
    dataProtector,
    keepSentBodies: options.keepSentMailBodies ?? options.demoMode ?? false,
    transport: options.mailTransport ?? createMailboxTransport(),
  });
  const smsProvider = options.smsProvider ?? createBuiltinSmsProvider();
  const smsDelivery = smsDeliveryQueue({
    db,
    clock: jobClock ?? clock,
    dataProtector,
    // The demo phone shows sent texts, as the demo mailbox does e-mail.
    keepSentBodies: options.keepSentMailBodies ?? options.demoMode ?? false,
    provider: smsProvider,
  });
  const jobs = createJobQueue({
    db,
    clock: jobClock ?? clock,
    queues: [
      ...paymentPosting.queues,
      paymentReturns.queue,
      mailDelivery,
      smsDelivery,
      housekeeping.queue,
      endOfDay.queue,
      notifications.queue,
      reconciliation.queue,
      loanApply.queue,
    ],
    schedules: [
      { queue: HOUSEKEEPING_QUEUE, everyMs: HOUSEKEEPING_EVERY_MS },
      { queue: END_OF_DAY_QUEUE, everyMs: END_OF_DAY_CHECK_EVERY_MS },
      { queue: PAYMENT_DUE_QUEUE, everyMs: PAYMENT_DUE_EVERY_MS },
      // The day's ACH files at the cut-off, and the posts of what they sent (its queue is among
      // the posting worker's).
      { queue: ACH_FILE_SEALING_QUEUE, everyMs: ACH_FILE_SEALING_EVERY_MS },
      { queue: PAYMENT_RETURNS_QUEUE, everyMs: PAYMENT_RETURNS_EVERY_MS },
    ],
    onError: (error, job) =>
      app.log.error({ err: error, job: job && { id: job.id, queue: job.queue } }, 'job failed'),
  });
  const outbox: OutboxWorker = outboxWorkerOf(jobs);
  // A message's job is due from the time the service writes on it, by the clock its claim reads:
  // the job queue's (database) clock when the queue runs. With two clocks a job written at the
  // instance's now could be a millisecond ahead of the claim's now, and never due under a test's
  // fixed clock (it failed mail-delivery.test.ts under load).
  const mail = createMailService({ db, clock: jobClock ?? clock, dataProtector, jobs });
  // The texting service (built next, on this one) hears the phone's replies.
  const sms = createSmsService({
    db,
    clock: jobClock ?? clock,
    dataProtector,
    provider: smsProvider,
    jobs,
    replies: () => texting,
  });
  const smsOutbox = smsOutboxWorkerOf(jobs);
  const texting: TextingService = createTextingService({
    db,
    clock,
    borrowers: createBorrowersService({ db }),
    sms,
    settings: (institutionId) => institutions.settings(institutionId),
    institutionName: async (institutionId) =>
      (await institutions.findById(institutionId))?.name ?? '',
  });
  let sessionCache: SessionCache<LiveSessionRow> | undefined;
  if (options.watchStatements) {
    const cache = createSessionCache<LiveSessionRow>();
    const unwatch = options.watchStatements((sql) => {
      if (writesSessionTables(sql)) cache.clear();
    });
    app.addHook('onClose', async () => unwatch());
    sessionCache = cache;
  }
  const auth = createAuthService({
    sessionCache,
    db,
    clock,
    hasher: passwordHasher,
    dataProtector,
    institutions,
    throttle,
    mail,
    tell: notifications.tell,
  });
  const adminAuth = createAdminAuthService({
    db,
    clock,
    dataProtector,
    mail,
    throttle,
    auditLog,
    demoMode: options.demoMode ?? false,
    hasher: passwordHasher,
    anchorInstitutionId: async () => (await institutions.defaultInstitution())?.id,
  });
  const health = createHealthService({ db });
  const services: AppServices = {
    institutions,
    setup,
    auth,
    health,
    mail,
    throttle,
    outbox,
    sms,
    smsOutbox,
    texting,
    jobs,
    housekeeping,
    passwordHasher,
    dataProtector,
    admin,
    auditLog,
    previews,
    branding,
    adminAuth,
    core,
    coreDays,
    endOfDay,
    notifications,
    pdfBranding,
    downloads: createDownloadTokens({ db, clock }),
    documents,
    cardProcessor,
    routingDirectory,
    achProcessor,
    paymentPosting,
    workQueue,
    paymentReturns,
    reconciliation,
  };
  app.decorate('services', services);
  app.decorate('demoMode', options.demoMode ?? false);
  app.decorate('cookieNames', {
    session: cookieName(SESSION_COOKIE, options.cookieSecure ?? false),
    staff: cookieName(STAFF_SESSION_COOKIE, options.cookieSecure ?? false),
  });

  // Answers carry the id, so a user's report can be matched with the log lines; content-hashed
  // build files, a dozen on every first page, do not need it.
  app.addHook('onRequest', async (request, reply) => {
    if (!/^\/(?:admin\/)?assets\//.test(request.url)) reply.header('x-request-id', request.id);
  });
  await app.register(securityHeadersPlugin);
  await app.register(conditionalGetPlugin);
  await app.register(envelopeErrorsPlugin);
  // JSON answers over 1 KB leave compressed (static files are precompressed by the build).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses a JSON answer in well under a millisecond; 11 is for build time.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await app.register(csrfPlugin);
  await app.register(institutionPlugin, {
    resolveHost: (host) => institutions.resolveHost(host),
  });
  await app.register(requestContextPlugin, { clock });
  await app.register(authPlugin, {
    resolveSession: (token, institutionId) => auth.resolveSession(token, institutionId),
    // Per signed-in session, across server instances (the counter is in the database).
    limitSession: async (session) => {
      const policy = securityPolicyOf(await institutions.settings(session.institutionId));
      await throttle.enforce({
        institutionId: session.institutionId,
        bucket: 'api-session',
        key: String(session.id),
        limit: policy.apiRequestsPerMinutePerSession,
        windowMs: 60_000,
      });
    },
    // The admin's preview: reads pass (POST reads included), changes get the preview notice.
    readOnlySession: {
      allows: (request) => allowedInPreview(request.method, request.routeOptions.url),
      refusal: async (_request, session) =>
        previewReadOnlyEnvelope(
          (await institutions.settings(session.institutionId)).get(
            'errorTexts.previewReadOnlyText',
          ),
        ),
    },
  });
  await app.register(openApiPlugin);
  await app.register(previewFramePlugin, { service: setup });

  // The feature modules, each given what it uses; the static files (a catch-all) come last.
  const cookieSecure = options.cookieSecure ?? false;
  const demoMode = options.demoMode ?? false;
  const downloads = services.downloads;
  const borrowers = createBorrowersService({ db });
  const paymentMethods = createPaymentMethodsService({
    db,
    clock,
    core,
    settings: (institutionId) => institutions.settings(institutionId),
    cardProcessor,
    achProcessor,
    routingDirectory,
    dataProtector,
  });
  await healthModule(app, { health });
  await setupModule(app, { setup, throttle });
  await authModule(app, {
    db,
    clock,
    auth,
    passwordHasher,
    dataProtector,
    institutions,
    throttle,
    mail,
    cookieSecure,
    demoMode,
    tell: notifications.tell,
  });
  await mailModule(app, { mail, demoMode });
  await smsModule(app, { sms, demoMode });
  await textingModule(app, { texting });
  await accountsModule(app, {
    db,
    clock,
    core,
    documents,
    institutions,
    dataProtector,
    borrowers,
    downloads,
    pdfBranding,
    paymentMethods,
    statementProviders: {
      url: createBuiltinUrlProvider({ core, clock, protector: dataProtector }),
      document: createBuiltinDocumentProvider({ core }),
    },
    // The built-in core and document store keep their data in this database.
    ownCore: !options.core && !options.documents,
    watchStatements: options.watchStatements,
  });
  await cardVelocityModule(app, {
    cardVelocity: createCardVelocityService({
      db,
      throttle,
      auditLog,
      settings: (institutionId) => institutions.settings(institutionId),
    }),
  });
  await paymentMethodsModule(app, { paymentMethods });
  await documentsModule(app, {
    db,
    core,
    documents,
    borrowers,
    downloads,
    institutions,
    workQueue,
    auditLog,
    adminAuth,
    admin,
    throttle,
  });
  await achDraftsModule(app, { db, clock, core, institutions, downloads, pdfBranding });
  await paymentsModule(app, {
    db,
    clock,
    core,
    institutions,
    dataProtector,
    paymentPosting,
    achProcessor,
    routingDirectory,
    paymentMethods,
    achDrafts: createAchDraftAuthorizations({ clock, cdnRoots }),
    prepareTell: notifications.prepareTell,
    adminAuth,
    admin,
    auditLog,
    cardProcessor,
    mail,
    workQueue,
  });
  await applicationsModule(app, {
    db,
    clock,
    core,
    loanApply,
    adminAuth,
    admin,
    auditLog,
    workQueue,
    prepareTell: notifications.prepareTell,
  });
  await messagesModule(app, { clock, institutions, throttle, dataProtector, workQueue, borrowers });
  await contactChangeModule(app, { clock, core, institutions, borrowers, workQueue });
  const profile = createProfileService({
    db,
    clock,
    institutions,
    auth,
    hasher: passwordHasher,
    dataProtector,
    throttle,
    mail,
    zips: zipDirectory,
    documents,
    prepareTell: notifications.prepareTell,
  });
  await profileModule(app, { profile, loginHistory: createLoginHistoryService({ db, clock }) });
  await payoffModule(app, { db, clock, core, institutions, borrowers, downloads, pdfBranding });
  await credentialsModule(app, {
    db,
    clock,
    institutions,
    passwordHasher,
    dataProtector,
    throttle,
  });
  await registrationModule(app, {
    db,
    clock,
    core,
    institutions,
    passwordHasher,
    dataProtector,
    mail,
    throttle,
  });
  await recoveryModule(app, { db, clock, institutions, passwordHasher, mail, throttle });
  await accountLinksModule(app, {
    db,
    clock,
    throttle,
    emailChanges: {
      confirm: (institutionId, token) => profile.confirmEmailChange(institutionId, token),
    },
  });
  // The admin API (/admin-api): the staff, the institutions, each one's configuration, audit log,
  // branding files, previews and ACH files.
  await staffModule(app, { adminAuth, cookieSecure, demoMode });
  await institutionsModule(app, { db, adminAuth, institutions, auditLog, branding });
  await adminModule(app, { adminAuth, admin });
  await auditModule(app, { adminAuth, admin, auditLog });
  await brandingModule(app, { adminAuth, admin, branding, cdnRoots });
  await previewsModule(app, {
    adminAuth,
    admin,
    previews,
    adminOrigins: options.adminOrigins ?? [],
  });
  await achFilesModule(app, {
    db,
    adminAuth,
    admin,
    auditLog,
    achProcessor,
    // The payments whose debits staff's file sent post now (else the sealing job's next run).
    afterFileSealed: async (institutionId) => {
      await paymentPosting.queueSentPosts(institutionId).catch((error: unknown) => {
        app.log.error({ err: error }, 'the posts of an ACH file could not be queued');
      });
    },
    automaticFiling: (institutionId, days) =>
      paymentPosting.automaticAchFiling(institutionId, days),
  });
  await reconciliationModule(app, { adminAuth, reconciliation });
  await workQueueModule(app, { db, adminAuth, admin, auditLog, mail, workQueue });
  await branchesModule(app, {
    db,
    clock,
    settings: (institutionId) => institutions.settings(institutionId),
    zipGeocoder,
    adminAuth,
    admin,
    auditLog,
  });
  await webVitalsModule(app, {
    db,
    clock,
    settings: (institutionId) => institutions.settings(institutionId),
    throttle,
    adminAuth,
    admin,
  });
  await staticFilesModule(app, {
    admin,
    institutions,
    setup,
    portalDist: options.portalDist,
    adminDist: options.adminDist,
    cdnRoots,
  });

  if (options.runJobs) {
    app.addHook('onReady', async () => {
      await jobClock?.sync();
      jobs.start();
    });
    app.addHook('onClose', async () => {
      await jobs.stop();
      jobClock?.stop();
    });
  }

  return app;
}

function requiredCoreDays(coreDays: CoreDays | undefined): CoreDays {
  if (!coreDays) {
    throw new Error('A bank core (options.core) needs its days (options.coreDays, core-days.ts).');
  }
  return coreDays;
}
