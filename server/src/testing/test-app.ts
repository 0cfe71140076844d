import { buildApp, type BuildAppOptions, type PortalApp } from '../app';
import type { DatabaseHandle } from '../db/create-database';
import { createTestClock, type TestClock } from './clock';
import type { TestDatabase } from './databases';
import { TEST_DATA_PROTECTOR } from './keys';

export interface TestApp {
  app: PortalApp;
  database: DatabaseHandle;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * A migrated database with the demo seed (seeded at the test clock's start) and the app on it.
 * One per describe block: argon2 hashing makes the seed take a moment.
 */
export async function startTestApp(
  testDatabase: TestDatabase,
  options: Partial<Omit<BuildAppOptions, 'db' | 'clock'>> & { seed?: boolean } = {},
): Promise<TestApp> {
  const { seed = true, ...appOptions } = options;
  const clock = createTestClock();
  const database = seed ? await testDatabase.openSeeded() : await testDatabase.open();
  const app = await buildApp({
    db: database.db,
    clock,
    dataProtector: TEST_DATA_PROTECTOR,
    // Tests read what a user received, as the demo mailbox does.
    keepSentMailBodies: true,
    // As main.ts: PGlite keeps resolved sessions in memory, PostgreSQL does not.
    watchStatements: database.watchStatements,
    ...appOptions,
  });
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Headers of a state-changing API call from the portal (CSRF header included). */
export const PORTAL_WRITE_HEADERS = { 'x-requested-with': 'portal' } as const;

export const DEMO_PASSWORD_FOR_TESTS = 'Demo-Pass-2024';

export interface SignedIn {
  /** `<session cookie>=<token>`, ready for a Cookie header; empty with the header transport. */
  cookie: string;
  /** The token the client holds (the cookie's value or UserToken). */
  token: string;
}

let nextAddress = 0;

/**
 * A distinct client address per sign-in, so the helper's sign-ins never add up to the per-address
 * sign-in limits that the lockout tests exercise on purpose.
 */
export function nextClientAddress(): string {
  nextAddress += 1;
  return `10.77.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
}

/** The latest security code delivered to an address (the outbox job runs first). */
export async function latestSecurityCode(app: PortalApp, to: string, host = 'localhost') {
  await app.services.outbox.runOnce();
  const institution = await app.services.institutions.resolveHost(host);
  if (!institution) throw new Error(`No institution at ${host}`);
  const [message] = await app.services.mail.delivered({ institutionId: institution.id, to });
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`No security code was sent to ${to}`);
  return code;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Signs a demo borrower in the way the portal (cookie) or the mobile wrapper (header) does. When
 * the institution asks for a security code, the helper reads it from the outbox and enters it, so
 * the session it returns can read data. Other post-login steps are left pending.
 */
export async function signIn(
  app: PortalApp,
  options: { username: string; password?: string; host?: string; transport?: 'cookie' | 'header' },
): Promise<SignedIn> {
  const headerTransport = options.transport === 'header';
  const host = options.host ?? 'localhost';
  const remoteAddress = nextClientAddress();
  const response = await app.inject({
    method: 'POST',
    url: '/api/login/userlogin',
    remoteAddress,
    headers: {
      ...PORTAL_WRITE_HEADERS,
      host,
      ...(headerTransport ? { 'x-session-transport': 'header' } : {}),
    },
    payload: { username: options.username, password: options.password ?? DEMO_PASSWORD_FOR_TESTS },
  });
  if (response.statusCode !== 200) {
    throw new Error(
      `Sign-in of ${options.username} failed: ${response.statusCode} ${response.body}`,
    );
  }
  const body: unknown = response.json();
  let token: string;
  if (headerTransport) {
    const value = field(body, 'UserToken');
    if (typeof value !== 'string' || value === '') throw new Error('No UserToken in the answer');
    token = value;
  } else {
    const name = app.cookieNames.session;
    const cookie = response.cookies.find((candidate) => candidate.name === name);
    if (!cookie) throw new Error('No session cookie in the answer');
    token = cookie.value;
  }
  const steps = field(body, 'PendingSteps');
  if (Array.isArray(steps) && steps.includes('securityCode')) {
    const email = field(body, 'EmailAddress');
    const code = await latestSecurityCode(app, typeof email === 'string' ? email : '', host);
    const validated = await app.inject({
      method: 'POST',
      url: '/api/Login/ValidateCode',
      remoteAddress,
      headers: {
        ...PORTAL_WRITE_HEADERS,
        host,
        ...(headerTransport
          ? { usertoken: token }
          : { cookie: `${app.cookieNames.session}=${token}` }),
      },
      payload: { UserId: field(body, 'UserId'), Code: code, CreateTrustedDevice: false },
    });
    if (validated.statusCode !== 200) {
      throw new Error(`Security code of ${options.username} refused: ${validated.body}`);
    }
    if (headerTransport) {
      const value = field(validated.json(), 'UserToken');
      if (typeof value !== 'string' || value === '') throw new Error('No rotated UserToken');
      token = value;
    } else {
      const cookie = validated.cookies.find((candidate) => candidate.name === 'portal_session');
      if (!cookie) throw new Error('No rotated session cookie');
      token = cookie.value;
    }
  }
  return headerTransport
    ? { cookie: '', token }
    : { cookie: `${app.cookieNames.session}=${token}`, token };
}
