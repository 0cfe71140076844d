// Test helpers of the operators' commands: the databases they run on, reached only through the
// environment as an operator's would be, and the real server on those databases.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminLoginResponse } from '@portal/domain';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp, type PortalApp } from '../app';
import { createDatabase, type DatabaseHandle } from '../db/create-database';
import { STAFF_SESSION_COOKIE } from '../modules/staff/staff.routes';
import { totpCode } from '../modules/staff/totp';
import type { TestClock } from './clock';
import { databaseOfFile, pgliteTemplate } from './databases';
import { TEST_DATA_PROTECTOR } from './keys';
import { PORTAL_WRITE_HEADERS } from './test-app';

export interface OperatorTarget {
  name: string;
  /** DATA_DIR is a new folder on both; DATABASE_URL names a new database on PostgreSQL. */
  create(): Promise<{ env: Record<string, string>; remove(): Promise<void> }>;
}

/**
 * A PGlite folder (DATA_DIR), and a new database next to TEST_DATABASE_URL's (DATABASE_URL) when
 * that is set. As `testDatabases`: a file whose subject is how the server treats its database
 * (`'both'`: the demo data guard names the one it refuses) runs on both; an operator command's
 * file on one of the two, chosen by its path (`databaseOfFile`), since a command reaches either
 * through the same `createDatabase`. The three command files on both took 120 s of the suite.
 */
export function operatorTargets(
  coverage: 'both' | 'one' = 'one',
  testPath: string = expect.getState().testPath ?? '',
): OperatorTarget[] {
  const newDataDir = () => mkdtempSync(join(tmpdir(), 'portal-operator-cli-'));
  const list: OperatorTarget[] = [
    {
      name: 'pglite',
      async create() {
        const dataDir = newDataDir();
        // The folder a server that has started once leaves: migrated, empty. Loaded from the
        // migrated dump instead of running PGlite's initdb and every migration per test (seconds
        // each); a first start on an empty folder, migrations and all, is tested in
        // db/create-database.test.ts.
        const handle = await createDatabase({
          dataDir: join(dataDir, 'pglite'),
          pgliteTemplate: await pgliteTemplate(),
          shortLived: true,
        });
        await handle.close();
        return {
          env: { DATA_DIR: dataDir },
          remove: async () => rmSync(dataDir, { recursive: true, force: true }),
        };
      },
    },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (adminUrl) {
    list.push({
      name: 'postgres',
      async create() {
        const name = `portal_operator_cli_${process.pid}_${randomBytes(4).toString('hex')}`;
        const run = async (statement: string) => {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            await client.query(statement);
          } finally {
            await client.end();
          }
        };
        await run(`create database ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        // Uploaded branding still lives in DATA_DIR.
        const dataDir = newDataDir();
        return {
          env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
          remove: async () => {
            await run(`drop database if exists ${name} with (force)`);
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
      },
    });
  }
  if (coverage === 'both' || list.length === 1) return list;
  const dialect = databaseOfFile(testPath);
  return list.filter((target) => target.name === dialect);
}

/** The value after `label:` on a line of a command's output. */
export function lineValue(output: string, label: string): string {
  const value = new RegExp(`^\\s*${label}:\\s+(\\S+)$`, 'm').exec(output)?.[1];
  if (!value) throw new Error(`No "${label}" in:\n${output}`);
  return value;
}

/** The target's database as the server opens it; PGlite serves one process, so it is closed after. */
export async function withTargetDatabase<T>(
  env: Record<string, string>,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await createDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL || !env.DATA_DIR ? undefined : join(env.DATA_DIR, 'pglite'),
    shortLived: true,
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The real server (not in demo mode: staff need their authenticator) on the target's database. */
export function withTargetApp<T>(
  env: Record<string, string>,
  clock: TestClock,
  work: (app: PortalApp) => Promise<T>,
): Promise<T> {
  return withTargetDatabase(env, async ({ db }) => {
    const app = await buildApp({ db, clock, dataProtector: TEST_DATA_PROTECTOR, demoMode: false });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  });
}

/** Signs in to the admin API with a password and the authenticator's code, as the admin app does. */
export async function signInStaff(
  app: PortalApp,
  clock: TestClock,
  credentials: { email: string; password: string; secret: string },
): Promise<{ status: number; cookie: string | undefined }> {
  const login = await app.inject({
    method: 'POST',
    url: '/admin-api/login',
    headers: PORTAL_WRITE_HEADERS,
    payload: { email: credentials.email, password: credentials.password },
  });
  if (login.statusCode !== 200) return { status: login.statusCode, cookie: undefined };
  const { challengeId, method } = AdminLoginResponse.parse(login.json());
  if (method !== 'totp') throw new Error(`Expected an authenticator challenge, got ${method}`);
  // The next time step: a code the account used already is refused.
  clock.advance(30_000);
  const verify = await app.inject({
    method: 'POST',
    url: '/admin-api/login/verify',
    headers: PORTAL_WRITE_HEADERS,
    payload: { challengeId, code: totpCode(credentials.secret, clock.now()) },
  });
  const cookie = verify.cookies.find((candidate) => candidate.name === STAFF_SESSION_COOKIE);
  return {
    status: verify.statusCode,
    cookie: cookie ? `${STAFF_SESSION_COOKIE}=${cookie.value}` : undefined,
  };
}
