import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApplicationOptionsResponse,
  AuditListResponse,
  CreateInstitutionRequest,
  InstitutionListResponse,
  StaffMe,
} from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The implementers' settings command line (`npx portal-settings`): its function, not the package's
// entry, which stays free of file I/O.
import { runCli as runSettingsCli } from '../../../settings-schema/src/cli';
import type { PortalApp } from '../app';
import type { DatabaseHandle } from '../db/create-database';
import { createTestClock } from '../testing/clock';
import { TEST_DATA_ENCRYPTION_KEY } from '../testing/keys';
import { runInstitutionCommand } from './institution-command';
import {
  lineValue,
  operatorTargets,
  signInStaff,
  withTargetApp,
  withTargetDatabase,
} from '../testing/operator';
import { runStaffCommand } from './staff-command';

/**
 * `npx portal-settings new-institution ... --out DIR`: returns the create-request.json it wrote,
 * the body of POST /admin-api/institutions.
 */
function scaffold(dir: string, args: string[]): string {
  const err: string[] = [];
  const code = runSettingsCli(
    ['new-institution', ...args, '--out', dir],
    () => {},
    (line) => {
      err.push(line);
    },
  );
  expect({ code, err }).toEqual({ code: 0, err: [] });
  const slug = args[args.indexOf('--slug') + 1] ?? '';
  return join(dir, slug, 'create-request.json');
}

describe.each(operatorTargets())('institution command on $name', (target) => {
  const clock = createTestClock();
  let env: Record<string, string>;
  let remove: () => Promise<void>;
  /** Where the settings command line writes its scaffolds (an implementer's working folder). */
  let scaffolds: string;
  let lakesideRequest: string;
  let implementer: { email: string; password: string; secret: string };

  async function run(args: string[], options: { env?: object } = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runInstitutionCommand(args, {
      env: {
        DEMO_MODE: 'false',
        DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
        ...env,
        ...options.env,
      },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      clock,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** `list`'s rows: slug, name, hosts, default. */
  async function listed() {
    const result = await run(['list']);
    expect(result).toMatchObject({ code: 0, err: '' });
    return result.out.split('\n').map((line) => line.trim().split(/\s{2,}/));
  }

  const withDatabase = <T>(work: (database: DatabaseHandle) => Promise<T>) =>
    withTargetDatabase(env, work);
  const withApp = <T>(work: (app: PortalApp) => Promise<T>) => withTargetApp(env, clock, work);

  async function portalSettings(app: PortalApp, host: string) {
    const response = await app.inject({ url: '/api/setup/ApplicationOptions', headers: { host } });
    expect(response.statusCode).toBe(200);
    const body = ApplicationOptionsResponse.parse(response.json());
    return {
      institutionName: body.institutionOptions.institutionName,
      primaryColor: createSettingsAccessor(body.gassySettings).get('themeOptions.primaryColor'),
    };
  }

  /** Everything the command could write: institutions, hosts, settings, audit, branding. */
  function snapshot() {
    return withDatabase(async ({ db }) => ({
      institutions: await db.selectFrom('institutions').selectAll().orderBy('id').execute(),
      hosts: await db.selectFrom('institution_hosts').selectAll().orderBy('host').execute(),
      versions: await db.selectFrom('settings_versions').select('id').execute(),
      audit: await db.selectFrom('settings_audit').select('id').execute(),
    }));
  }

  beforeAll(async () => {
    ({ env, remove } = await target.create());
    scaffolds = mkdtempSync(join(tmpdir(), 'portal-scaffolds-'));
    lakesideRequest = scaffold(scaffolds, [
      '--name',
      'Lakeside Credit Union',
      '--slug',
      'lakeside',
      '--primary',
      '#5b2a86',
      '--host',
      'lakeside.example',
      '--host',
      'www.lakeside.example',
    ]);
  });

  afterAll(async () => {
    await remove();
    rmSync(scaffolds, { recursive: true, force: true });
  });

  it('finds no institution in a new database, where nobody can sign in yet', async () => {
    expect(await run(['list'])).toEqual({ code: 0, out: 'No institutions yet.', err: '' });
    await withApp(async (app) => {
      const login = await app.inject({
        method: 'POST',
        url: '/admin-api/login',
        headers: { 'x-requested-with': 'portal' },
        payload: { email: 'ops@bank.example', password: 'Whatever-It-Is-42' },
      });
      expect(login.statusCode).toBe(503);
    });
  });

  it('creates the first institution from the settings command line’s request and makes it the default', async () => {
    const result = await run(['create', '--request', lakesideRequest]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      'Created lakeside (Lakeside Credit Union), answering on lakeside.example, www.lakeside.example.',
    );
    expect(result.out).toContain('It is the default institution');

    expect(await listed()).toEqual([
      ['SLUG', 'NAME', 'HOSTS', 'DEFAULT'],
      ['lakeside', 'Lakeside Credit Union', 'lakeside.example,www.lakeside.example', 'default'],
    ]);
    // The same placeholder logos the admin API writes.
    expect(
      readFileSync(
        join(env.DATA_DIR ?? '', 'cdn', 'lakeside', 'branding', 'logos', 'logoFullWhite.svg'),
        'utf8',
      ),
    ).toContain('Lakeside Credit Union');
  });

  it('lets the first implementer sign in, and the portal answer on the institution’s host', async () => {
    const staffOut: string[] = [];
    const staffErr: string[] = [];
    const staff = await runStaffCommand(
      ['create', '--email', 'ops@bank.example', '--role', 'implementer'],
      {
        env: { DEMO_MODE: 'false', DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY, ...env },
        out: (line) => staffOut.push(line),
        err: (line) => staffErr.push(line),
        readStdin: async () => '',
        clock,
      },
    );
    expect({ staff, err: staffErr }).toEqual({ staff: 0, err: [] });
    implementer = {
      email: 'ops@bank.example',
      password: lineValue(staffOut.join('\n'), 'Password'),
      secret: lineValue(staffOut.join('\n'), 'Authenticator secret'),
    };

    await withApp(async (app) => {
      const signedIn = await signInStaff(app, clock, implementer);
      expect(signedIn.status).toBe(200);
      const headers = { cookie: signedIn.cookie ?? '' };
      const me = await app.inject({ url: '/admin-api/me', headers });
      expect(StaffMe.parse(me.json())).toMatchObject({ isImplementer: true });

      const institutions = await app.inject({ url: '/admin-api/institutions', headers });
      expect(InstitutionListResponse.parse(institutions.json()).institutions).toEqual([
        expect.objectContaining({
          slug: 'lakeside',
          name: 'Lakeside Credit Union',
          hosts: ['lakeside.example', 'www.lakeside.example'],
          publishedVersion: 1,
        }),
      ]);
      // Audited as the admin API audits it, by the operator (no staff account did it).
      const audit = await app.inject({ url: '/admin-api/institutions/lakeside/audit', headers });
      expect(AuditListResponse.parse(audit.json()).entries).toEqual([
        expect.objectContaining({ action: 'institution.create', staff: 'operator (command line)' }),
      ]);

      for (const host of ['lakeside.example', 'WWW.Lakeside.example:443', 'localhost:3000']) {
        expect(await portalSettings(app, host)).toEqual({
          institutionName: 'Lakeside Credit Union',
          primaryColor: '#5b2a86',
        });
      }
    });
  });

  it('does not make a second institution the default', async () => {
    scaffold(scaffolds, [
      '--name',
      'Brookside Bank',
      '--slug',
      'brookside',
      '--primary',
      '#00695c',
      '--host',
      'brookside.example',
    ]);
    // A relative path is taken from the folder the operator ran npm in (INIT_CWD).
    const result = await run(['create', '--request', 'brookside/create-request.json'], {
      env: { INIT_CWD: scaffolds },
    });
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(
      'Created brookside (Brookside Bank), answering on brookside.example.',
    );
    expect(result.out).not.toContain('default');

    expect(await listed()).toEqual([
      ['SLUG', 'NAME', 'HOSTS', 'DEFAULT'],
      ['brookside', 'Brookside Bank', 'brookside.example', '-'],
      ['lakeside', 'Lakeside Credit Union', 'lakeside.example,www.lakeside.example', 'default'],
    ]);
    await withApp(async (app) => {
      expect(await portalSettings(app, 'brookside.example')).toEqual({
        institutionName: 'Brookside Bank',
        primaryColor: '#00695c',
      });
      expect((await portalSettings(app, 'localhost')).institutionName).toBe(
        'Lakeside Credit Union',
      );
      expect((await signInStaff(app, clock, implementer)).status).toBe(200);
    });
  });

  it('refuses bad request files with a message and an exit code, and writes nothing', async () => {
    const lakeside = CreateInstitutionRequest.parse(
      JSON.parse(readFileSync(lakesideRequest, 'utf8')),
    );
    const file = (name: string, content: string) => {
      const path = join(scaffolds, name);
      writeFileSync(path, content);
      return path;
    };
    const copycatRequest = scaffold(scaffolds, [
      '--name',
      'Copycat Bank',
      '--slug',
      'copycat',
      '--primary',
      '#123456',
      '--host',
      'copycat.example',
      '--host',
      'LAKESIDE.example',
    ]);
    const before = await snapshot();
    const cases: { args: string[]; code: number; message: RegExp; env?: object }[] = [
      {
        args: ['create', '--request', file('broken.json', '{ "name": "Broken Bank",')],
        code: 1,
        message: /broken\.json cannot be read as JSON: /,
      },
      {
        args: ['create', '--request', join(scaffolds, 'nowhere.json')],
        code: 1,
        message: /nowhere\.json cannot be read as JSON: ENOENT/,
      },
      {
        // Fails the admin API's contract: CreateInstitutionRequest.
        args: [
          'create',
          '--request',
          file('off-contract.json', JSON.stringify({ ...lakeside, slug: 'Not A Slug', hosts: [] })),
        ],
        code: 1,
        message: /The institution was not created:\n\s+slug: .*\n\s+hosts: /,
      },
      {
        // Passes the contract, fails the settings schema.
        args: [
          'create',
          '--request',
          file(
            'bad-colour.json',
            JSON.stringify({
              ...lakeside,
              name: 'Colourless Bank',
              slug: 'colourless',
              hosts: ['colourless.example'],
              theme: { ...lakeside.theme, primaryColor: 'purple-ish' },
            }),
          ),
        ],
        code: 1,
        message: /The institution was not created:\n\s+themeOptions\.primaryColor/,
      },
      {
        args: ['create', '--request', lakesideRequest],
        code: 1,
        message: /The institution was not created:\n\s+slug: "lakeside" is taken/,
      },
      {
        args: ['create', '--request', copycatRequest],
        code: 1,
        message: /hosts: "lakeside\.example" already answers for another institution/,
      },
      {
        // Two institutions never share a name (domain's institutionNameKey).
        args: [
          'create',
          '--request',
          file(
            'same-name.json',
            JSON.stringify({
              ...lakeside,
              name: 'LAKESIDE  credit union',
              slug: 'lakeside-again',
              hosts: ['lakeside-again.example'],
            }),
          ),
        ],
        code: 1,
        message: /name: "Lakeside Credit Union" is the name of another institution \(lakeside\)/,
      },
      {
        args: ['create', '--request', copycatRequest],
        env: { DATA_ENCRYPTION_KEY: '' },
        code: 1,
        message: /DATA_ENCRYPTION_KEY: required outside demo mode/,
      },
      { args: ['create'], code: 2, message: /--request is required\.\n\nUsage:/ },
      {
        args: ['create', '--request', copycatRequest, '--default'],
        code: 2,
        message: /Unknown option '--default'/,
      },
      { args: ['list', '--all'], code: 2, message: /Unknown option '--all'/ },
      { args: ['delete'], code: 2, message: /Unknown command "delete"\.\n\nUsage:/ },
      { args: [], code: 2, message: /^Usage:/ },
    ];
    for (const { args, code, message, env: extraEnv } of cases) {
      const result = await run(args, extraEnv ? { env: extraEnv } : {});
      expect({ args, code: result.code, out: result.out }).toEqual({ args, code, out: '' });
      expect(result.err).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
    for (const slug of ['copycat', 'colourless']) {
      expect(existsSync(join(env.DATA_DIR ?? '', 'cdn', slug))).toBe(false);
    }
  });
});
