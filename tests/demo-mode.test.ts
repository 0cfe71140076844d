import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../server/src/demo/demo-users';
import { DEMO_STAFF } from '../server/src/demo/staff.demo';
import { operatorTargets, withTargetDatabase } from '../server/src/testing/operator';

// The real server process (server/src/main.ts) as an operator starts it, so what is checked is
// what the configuration, the seed and the routes do together; on PGlite (DATA_DIR) and, with
// TEST_DATABASE_URL, on a new PostgreSQL database (DATABASE_URL).
const root = join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const running: ChildProcess[] = [];
const removals: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const child of running.splice(0)) await stop(child);
  for (const remove of removals.splice(0)) await remove();
});

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The bundles `npm run build` makes of the scripts these tests start. `npm test` builds before it
 * runs this suite and says so (TEST_BUILT_SERVER=1): starting the bundle takes a second where
 * compiling the sources through tsx took most of this file's two minutes. Run alone, the
 * sources are started, so an edit is never tested against an older build.
 */
const BUNDLES: Readonly<Record<string, string>> = {
  'server/src/main.ts': 'server/dist/main.js',
  'server/src/cli/institution.ts': 'server/dist/institution.js',
};

/** Runs a script of the repository as an operator would, with only the given environment. */
function spawnScript(script: string, args: string[], env: Record<string, string>) {
  const bundle = process.env.TEST_BUILT_SERVER === '1' ? BUNDLES[script] : undefined;
  const command = bundle ? [bundle] : ['--import', 'tsx', script];
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** The server's environment on a target's database: no built front ends, a port of its own. */
async function serverEnv(env: Record<string, string>): Promise<Record<string, string>> {
  const dataDir = env.DATA_DIR ?? '';
  return {
    PORT: String(await freePort()),
    PORTAL_DIST: join(dataDir, 'no-portal'),
    ADMIN_DIST: join(dataDir, 'no-admin'),
    ...env,
  };
}

interface Started {
  base: string;
  child: ChildProcess;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<Started> {
  const full = await serverEnv(env);
  const { child, output } = spawnScript('server/src/main.ts', [], full);
  const base = `http://127.0.0.1:${full.PORT}`;
  const started = Date.now();
  while (Date.now() - started < 240_000) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${output()}`);
}

/** A start that must fail: its exit code and what it printed (a server that gets ready fails). */
async function refusedStart(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const full = await serverEnv(env);
  const { child, output } = spawnScript('server/src/main.ts', [], full);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Until it exits (the test's timeout bounds the wait).
  while (child.exitCode === null) {
    const ready = await fetch(`http://127.0.0.1:${full.PORT}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) throw new Error(`the server started and serves the database:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { code: await exited, output: output() };
}

/** Runs an operator command to its end. */
async function runCommand(script: string, args: string[], env: Record<string, string>) {
  const { child, output } = spawnScript(script, args, env);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output: output() };
}

const DEMO_USERNAMES = [...new Set(DEMO_USERS.map((user) => user.username))];
const DEMO_STAFF_EMAILS = DEMO_STAFF.map((member) => member.email);

/** The demo borrowers and staff in the target's database, by name (the server must be stopped). */
function demoAccounts(env: Record<string, string>) {
  return withTargetDatabase(env, async ({ db }) => ({
    users: (
      await db
        .selectFrom('users')
        .select('username')
        .where('username', 'in', DEMO_USERNAMES)
        .execute()
    ).length,
    staff: (
      await db
        .selectFrom('staff_accounts')
        .select('email')
        .where('email', 'in', DEMO_STAFF_EMAILS)
        .execute()
    ).length,
    institutions: (
      await db.selectFrom('institutions').select('slug').orderBy('slug').execute()
    ).map((row) => row.slug),
  }));
}

async function newTarget(target: ReturnType<typeof operatorTargets>[number]) {
  const { env, remove } = await target.create();
  removals.push(remove);
  return env;
}

const signIn = (base: string) =>
  fetch(`${base}/api/login/userlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
    body: JSON.stringify({ username: 'jordan.rivers', password: 'Demo-Pass-2024' }),
  });

/*
 * Each journey starts the real server several times (seeding the demo in the second), so each runs
 * once, on one database: with TEST_DATABASE_URL the deployment on PostgreSQL and the refused demo
 * data in a PGlite folder, which between them read and name both kinds of database; without it,
 * both on PGlite. Running both journeys on both databases took 85 s of the suite for no new path.
 */
const targets = operatorTargets('both');
const deployment = targets.at(-1) ?? targets[0];
const refusal = targets[0];

describe('demo mode of the real server', () => {
  it(`a deployment on HOST=0.0.0.0 without DEMO_MODE=true has no demo identity provider, mailbox, users or staff (${deployment?.name})`, async () => {
    if (!deployment) throw new Error('no database to run on');
    const env: Record<string, string> = {
      ...(await newTarget(deployment)),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    // Before any institution exists the server says how to create one (every page is a 404).
    const empty = await startServer({ ...env, HOST: '0.0.0.0' });
    await expect
      .poll(() => empty.output(), { timeout: 10_000 })
      .toMatch(/No institution yet: the portal answers 404 until one exists/);
    await stop(empty.child);

    // The operator's first institution (README "Starting a new deployment"): the default one, so
    // it answers on 127.0.0.1 and the sign-in below reaches a real institution's sign-in.
    const request = join(env.DATA_DIR ?? '', 'create-request.json');
    writeFileSync(
      request,
      JSON.stringify({
        name: 'Lakeside Credit Union',
        slug: 'lakeside',
        hosts: ['lakeside.example'],
        theme: {
          primaryColor: '#5b2a86',
          secondaryColor: '#2e7d32',
          errorColor: '#b3261e',
          fontFamily: 'Georgia, serif',
          borderRadius: 8,
          colorScheme: 'light',
        },
      }),
    );
    const created = await runCommand(
      'server/src/cli/institution.ts',
      ['create', '--request', request],
      {
        ...env,
        DEMO_MODE: 'false',
      },
    );
    expect(created).toMatchObject({ code: 0 });

    const server = await startServer({ ...env, HOST: '0.0.0.0' });
    expect((await fetch(`${server.base}/demo/mailbox`)).status).toBe(404);
    expect((await fetch(`${server.base}/demo/mailbox.json?to=x`)).status).toBe(404);
    expect((await fetch(`${server.base}/demo/idp`)).status).toBe(404);
    // The wrong-credentials answer (an unknown user and a wrong password alike), not an error.
    const answer = await signIn(server.base);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'Invalid' }],
    });
    expect(server.output()).not.toMatch(/Demo sign-ins|Seeded the demo|No institution yet/);
    await stop(server.child);

    expect(await demoAccounts(env)).toEqual({ users: 0, staff: 0, institutions: ['lakeside'] });
  }, 300_000);

  it(`a database seeded in demo mode is refused outside demo mode, on any host, and kept whole (${refusal?.name})`, async () => {
    if (!refusal) throw new Error('no database to run on');
    const env = await newTarget(refusal);
    // Someone tries the demo on this machine (demo mode is the default on loopback)...
    const demo = await startServer({ ...env, HOST: '127.0.0.1' });
    expect(demo.output()).toMatch(/Seeded the demo institutions/);
    await stop(demo.child);
    const seeded = await demoAccounts(env);
    // A user name exists once at each institution that has the user.
    expect(seeded.users).toBe(DEMO_USERS.reduce((sum, user) => sum + user.institutions.length, 0));
    expect(seeded.staff).toBe(DEMO_STAFF_EMAILS.length);

    // ...then deploys the same data, with the demo's key as the data key.
    const key = readFileSync(join(env.DATA_DIR ?? '', 'data-encryption.key'), 'utf8').trim();
    const database = env.DATABASE_URL
      ? 'the PostgreSQL database of DATABASE_URL'
      : `PGlite in ${join(env.DATA_DIR ?? '', 'pglite')} (DATA_DIR)`;
    const onNetwork = await refusedStart({ ...env, HOST: '0.0.0.0', DATA_ENCRYPTION_KEY: key });
    expect(onNetwork.code).toBe(1);
    expect(onNetwork.output).toContain(
      `The server will not start: ${database} holds the demo data`,
    );
    expect(onNetwork.output).toContain('DEMO_MODE=true');
    expect(onNetwork.output).toContain('No data was changed.');
    // Behind a proxy on the same machine a loopback server is reachable from the network too.
    const behindProxy = await refusedStart({
      ...env,
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_ENCRYPTION_KEY: key,
    });
    expect(behindProxy.code).toBe(1);
    expect(behindProxy.output).toContain(`${database} holds the demo data`);
    expect(await demoAccounts(env)).toEqual(seeded);

    // Asked for by name, the demo runs on the network again, with its warning.
    const server = await startServer({ ...env, HOST: '0.0.0.0', DEMO_MODE: 'true' });
    expect(server.output()).toMatch(/Warning: DEMO_MODE=true on 0\.0\.0\.0/);
    expect(server.output()).not.toMatch(/Seeded the demo/);
    expect((await fetch(`${server.base}/demo/mailbox`)).status).toBe(200);
    expect((await signIn(server.base)).status).toBe(200);
  }, 480_000);
});
