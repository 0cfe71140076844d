import { buildApp, type BuildAppOptions, type PortalApp } from '../app';
import type { DatabaseHandle } from '../db/create-database';
import { seedDemoData } from '../db/seed/seed-demo-data';
import { createTestClock, type TestClock } from './clock';
import type { TestDatabase } from './databases';

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
  const database = await testDatabase.open();
  if (seed) await seedDemoData(database.db, { clock });
  const app = await buildApp({ db: database.db, clock, ...appOptions });
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
  /** `portal_session=<token>`, ready for a Cookie header; empty with the header transport. */
  cookie: string;
  /** The token the client holds (the cookie's value or UserToken). */
  token: string;
}

/** Signs a demo borrower in the way the portal (cookie) or the mobile wrapper (header) does. */
export async function signIn(
  app: PortalApp,
  options: { username: string; password?: string; host?: string; transport?: 'cookie' | 'header' },
): Promise<SignedIn> {
  const headerTransport = options.transport === 'header';
  const response = await app.inject({
    method: 'POST',
    url: '/api/login/userlogin',
    headers: {
      ...PORTAL_WRITE_HEADERS,
      host: options.host ?? 'localhost',
      ...(headerTransport ? { 'x-session-transport': 'header' } : {}),
    },
    payload: { username: options.username, password: options.password ?? DEMO_PASSWORD_FOR_TESTS },
  });
  if (response.statusCode !== 200) {
    throw new Error(
      `Sign-in of ${options.username} failed: ${response.statusCode} ${response.body}`,
    );
  }
  if (headerTransport) {
    const body: unknown = response.json();
    const token =
      typeof body === 'object' && body !== null && 'UserToken' in body ? body.UserToken : undefined;
    if (typeof token !== 'string' || token === '') throw new Error('No UserToken in the answer');
    return { cookie: '', token };
  }
  const cookie = response.cookies.find((candidate) => candidate.name === 'portal_session');
  if (!cookie) throw new Error('No session cookie in the answer');
  return { cookie: `portal_session=${cookie.value}`, token: cookie.value };
}
