import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StaffMe } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../app';
import type { DatabaseHandle } from '../db/create-database';
import { lockPgliteDir } from '../db/pglite-lock';
import { seedDemoData } from '../demo/seed-demo-data';
import { listStaffWithMemberships } from '../modules/staff/staff.repository';
import { createTestClock } from '../testing/clock';
import { TEST_DATA_ENCRYPTION_KEY, TEST_DATA_PROTECTOR } from '../testing/keys';
import {
  lineValue,
  operatorTargets,
  signInStaff,
  withTargetApp,
  withTargetDatabase,
} from '../testing/operator';
import { runStaffCommand } from './staff-command';

describe.each(operatorTargets())('staff command on $name', (target) => {
  const clock = createTestClock();
  let env: Record<string, string>;
  let remove: () => Promise<void>;
  let firstList: Awaited<ReturnType<typeof run>>;
  /** Every password and secret the command printed: `list` must show none of them. */
  const printedSecrets: string[] = [];

  async function run(args: string[], options: { stdin?: string; env?: object } = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStaffCommand(args, {
      env: {
        DEMO_MODE: 'false',
        DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
        ...env,
        ...options.env,
      },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      readStdin: async () => options.stdin ?? '',
      clock,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  async function create(args: string[], stdin?: string) {
    const result = await run(['create', ...args], stdin === undefined ? {} : { stdin });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const secret = lineValue(result.out, 'Authenticator secret');
    const uri = lineValue(result.out, 'Authenticator address');
    const password = stdin === undefined ? lineValue(result.out, 'Password') : stdin.trim();
    printedSecrets.push(secret, password);
    return { ...result, secret, uri, password };
  }

  const withDatabase = <T>(work: (database: DatabaseHandle) => Promise<T>) =>
    withTargetDatabase(env, work);
  const withApp = <T>(work: (app: PortalApp) => Promise<T>) => withTargetApp(env, clock, work);
  const signIn = (app: PortalApp, email: string, password: string, secret: string) =>
    signInStaff(app, clock, { email, password, secret });

  async function me(app: PortalApp, cookie: string | undefined) {
    const response = await app.inject({
      method: 'GET',
      url: '/admin-api/me',
      headers: cookie ? { cookie } : {},
    });
    return response.statusCode === 200
      ? { status: 200, me: StaffMe.parse(response.json()) }
      : { status: response.statusCode, me: undefined };
  }

  beforeAll(async () => {
    ({ env, remove } = await target.create());
    firstList = await run(['list']);
    // The demo seed only provides institutions (Harbor, the default one, and Summit) and staff
    // whose e-mails the refusals reuse; the server below runs outside demo mode.
    await withDatabase(({ db }) => seedDemoData(db, { clock, dataProtector: TEST_DATA_PROTECTOR }));
  });

  afterAll(async () => {
    await remove();
  });

  it('migrates a new database and finds no staff in it', () => {
    expect(firstList).toEqual({ code: 0, out: 'No staff accounts yet.', err: '' });
  });

  it('creates an implementer who signs in to the admin API with the printed password and code', async () => {
    const created = await create(['--email', 'Ops@Bank.example', '--role', 'implementer']);
    expect(created.out).toContain('Created ops@bank.example: implementer, every institution.');
    expect(created.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(created.uri).searchParams.get('secret')).toBe(created.secret);
    expect(created.uri).toMatch(/^otpauth:\/\/totp\/.*ops%40bank\.example/);

    await withApp(async (app) => {
      const signedIn = await signIn(app, 'ops@bank.example', created.password, created.secret);
      expect(signedIn.status).toBe(200);
      expect((await me(app, signedIn.cookie)).me).toMatchObject({
        email: 'ops@bank.example',
        isImplementer: true,
      });
      // An implementer sees every institution.
      const institutions = await app.inject({
        method: 'GET',
        url: '/admin-api/institutions',
        headers: { cookie: signedIn.cookie ?? '' },
      });
      expect(institutions.statusCode).toBe(200);
      expect(institutions.body).toContain('"harbor"');
      expect(institutions.body).toContain('"summit"');
    });
  });

  it('creates a publisher of one institution, named by its slug', async () => {
    const created = await create([
      '--email',
      'lead@summit.example',
      '--role',
      'publisher',
      '--institution',
      'summit',
      '--name',
      'Lee Lead',
    ]);
    expect(created.out).toContain('Created lead@summit.example: publisher, institution summit.');

    await withApp(async (app) => {
      const signedIn = await signIn(app, 'lead@summit.example', created.password, created.secret);
      expect(signedIn.status).toBe(200);
      expect((await me(app, signedIn.cookie)).me).toEqual({
        id: expect.any(String),
        email: 'lead@summit.example',
        name: 'Lee Lead',
        isImplementer: false,
        memberships: [
          { institutionSlug: 'summit', institutionName: expect.any(String), role: 'publisher' },
        ],
      });
    });
  });

  it('takes the password from standard input and does not print it', async () => {
    const password = 'Chosen-By-The-Operator-42';
    const created = await create(
      [
        '--email',
        'piped@bank.example',
        '--role',
        'viewer',
        '--institution',
        'harbor',
        '--password-stdin',
      ],
      `${password}\n`,
    );
    expect(created.out).not.toContain('Password');
    expect(created.out).not.toContain(password);

    await withApp(async (app) => {
      expect((await signIn(app, 'piped@bank.example', password, created.secret)).status).toBe(200);
    });
  });

  it('refuses bad input with a message and an exit code, and writes nothing', async () => {
    const before = await withDatabase(({ db }) => listStaffWithMemberships(db));
    const cases: {
      args: string[];
      code: number;
      message: RegExp;
      stdin?: string;
      env?: object;
    }[] = [
      {
        args: ['create', '--email', 'new@bank.example', '--role', 'admin'],
        code: 1,
        message: /Unknown role "admin": use one of implementer, viewer, editor, publisher\./,
      },
      {
        args: [
          'create',
          '--email',
          'new@bank.example',
          '--role',
          'editor',
          '--institution',
          'nowhere',
        ],
        code: 1,
        message: /There is no institution "nowhere"\. Known: .*harbor.*summit/,
      },
      {
        // The demo seed's publisher, in other capitals: e-mails are compared in lower case.
        args: ['create', '--email', 'Publisher@Harbor.Example', '--role', 'implementer'],
        code: 1,
        message: /A staff account with the e-mail publisher@harbor\.example exists already\./,
      },
      {
        args: ['create', '--email', 'new@bank.example', '--role', 'editor'],
        code: 1,
        message: /The role editor is for one institution: add --institution SLUG\./,
      },
      {
        args: [
          'create',
          '--email',
          'new@bank.example',
          '--role',
          'implementer',
          '--institution',
          'harbor',
        ],
        code: 1,
        message: /An implementer works on every institution: leave out --institution\./,
      },
      {
        args: ['create', '--email', 'not-an-address', '--role', 'implementer'],
        code: 1,
        message: /The account was not created:\n\s+email: /,
      },
      {
        args: [
          'create',
          '--email',
          'new@bank.example',
          '--role',
          'implementer',
          '--password-stdin',
        ],
        stdin: 'short\n',
        code: 1,
        message: /password: Too small/,
      },
      {
        args: ['create', '--email', 'new@bank.example', '--role', 'implementer'],
        env: { DATA_ENCRYPTION_KEY: '' },
        code: 1,
        message: /DATA_ENCRYPTION_KEY: required outside demo mode/,
      },
      { args: ['create', '--role', 'implementer'], code: 2, message: /--email is required\./ },
      {
        args: ['create', '--email', 'new@bank.example', '--role', 'implementer', '--admin'],
        code: 2,
        message: /Unknown option '--admin'/,
      },
      { args: ['disable', '--email', 'nobody@bank.example'], code: 1, message: /no staff account/ },
      { args: ['remove'], code: 2, message: /Unknown command "remove"\.\n\nUsage:/ },
      { args: [], code: 2, message: /^Usage:/ },
    ];
    for (const { args, code, message, stdin, env: extraEnv } of cases) {
      const result = await run(args, {
        ...(stdin ? { stdin } : {}),
        ...(extraEnv ? { env: extraEnv } : {}),
      });
      expect({ args, code: result.code, out: result.out }).toEqual({ args, code, out: '' });
      expect(result.err).toMatch(message);
    }
    expect(await withDatabase(({ db }) => listStaffWithMemberships(db))).toEqual(before);
  });

  it('maps an account created between its check and its insert to the same refusal', async () => {
    // The admin API creating the same e-mail at that moment, played by a trigger that inserts it
    // just before the command's own row.
    await withDatabase(async ({ db }) => {
      await sql`
        create function portal_test_race() returns trigger language plpgsql as $$
        begin
          insert into staff_accounts (email, name, password_hash)
            values (new.email, 'Raced', 'x');
          return new;
        end $$`.execute(db);
      await sql`
        create trigger portal_test_race before insert on staff_accounts for each row
        when (new.email = 'raced@bank.example' and pg_trigger_depth() = 0)
        execute function portal_test_race()`.execute(db);
    });
    try {
      const result = await run([
        'create',
        '--email',
        'raced@bank.example',
        '--role',
        'implementer',
      ]);
      expect(result).toEqual({
        code: 1,
        out: '',
        err: 'A staff account with the e-mail raced@bank.example exists already.',
      });
    } finally {
      await withDatabase(async ({ db }) => {
        await sql`drop trigger portal_test_race on staff_accounts`.execute(db);
        await sql`drop function portal_test_race()`.execute(db);
      });
    }
  });

  it.runIf(target.name === 'pglite')(
    'refuses to open a PGlite folder the server has open, and writes nothing',
    async () => {
      const pgliteDir = join(env.DATA_DIR ?? '', 'pglite');
      const files = () =>
        readdirSync(pgliteDir, { recursive: true, encoding: 'utf8' })
          .sort()
          .map((name) => {
            const stat = statSync(join(pgliteDir, name));
            return `${name} ${stat.size} ${stat.mtimeMs}`;
          });
      // This process plays the running server.
      const serverLock = lockPgliteDir(pgliteDir);
      try {
        const before = files();
        const refusal = `The server is running on this data directory (pid ${process.pid}); stop it first, or use DATABASE_URL.`;
        expect(await run(['list'])).toEqual({ code: 1, out: '', err: refusal });
        expect(
          await run(['create', '--email', 'blocked@bank.example', '--role', 'implementer']),
        ).toEqual({ code: 1, out: '', err: refusal });
        expect(files()).toEqual(before);
      } finally {
        serverLock.release();
      }
      expect((await run(['list'])).out).not.toContain('blocked@bank.example');
    },
  );

  it.runIf(target.name === 'postgres')('ignores a PGlite lock with DATABASE_URL', async () => {
    const pgliteDir = join(env.DATA_DIR ?? '', 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    const lock = lockPgliteDir(pgliteDir);
    try {
      expect(await run(['list'])).toMatchObject({ code: 0, err: '' });
    } finally {
      lock.release();
    }
  });

  it('lists every account with its role and institution, and no secrets', async () => {
    await create(['--email', 'listed@bank.example', '--role', 'editor', '--institution', 'harbor']);
    const result = await run(['list']);
    expect(result).toMatchObject({ code: 0, err: '' });
    const rows = result.out.split('\n').map((line) => line.trim().split(/\s+/));
    expect(rows[0]).toEqual(['E-MAIL', 'ROLE', 'INSTITUTION', 'STATUS']);
    expect(rows).toContainEqual(['ops@bank.example', 'implementer', '(all)', 'active']);
    expect(rows).toContainEqual(['lead@summit.example', 'publisher', 'summit', 'active']);
    expect(rows).toContainEqual(['listed@bank.example', 'editor', 'harbor', 'active']);
    expect(rows).toContainEqual(['publisher@harbor.example', 'publisher', 'harbor', 'active']);
    expect(printedSecrets.length).toBeGreaterThanOrEqual(6);
    for (const secret of printedSecrets) expect(result.out).not.toContain(secret);
    expect(result.out).not.toMatch(/otpauth|argon2|\$/);
  });

  it('disable ends the sessions and the sign-ins of an account; enable lets it back in', async () => {
    const created = await create(['--email', 'leaver@bank.example', '--role', 'implementer']);
    const cookie = await withApp(async (app) => {
      const signedIn = await signIn(app, 'leaver@bank.example', created.password, created.secret);
      expect((await me(app, signedIn.cookie)).status).toBe(200);
      return signedIn.cookie;
    });

    expect(await run(['disable', '--email', 'Leaver@Bank.example'])).toEqual({
      code: 0,
      out: 'leaver@bank.example is disabled: it can no longer sign in.',
      err: '',
    });
    expect((await run(['list'])).out).toMatch(
      /leaver@bank\.example\s+implementer\s+\(all\)\s+disabled/,
    );
    await withApp(async (app) => {
      expect((await me(app, cookie)).status).toBe(401);
      expect(
        (await signIn(app, 'leaver@bank.example', created.password, created.secret)).status,
      ).toBe(401);
    });

    expect((await run(['enable', '--email', 'leaver@bank.example'])).code).toBe(0);
    await withApp(async (app) => {
      expect(
        (await signIn(app, 'leaver@bank.example', created.password, created.secret)).status,
      ).toBe(200);
    });
  });
});
