import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RoutingLookupResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../app';
import { seedDemoData } from '../demo/seed-demo-data';
import { createTestClock } from '../testing/clock';
import { TEST_DATA_ENCRYPTION_KEY, TEST_DATA_PROTECTOR } from '../testing/keys';
import { operatorTargets, withTargetApp, withTargetDatabase } from '../testing/operator';
import { signIn } from '../testing/test-app';
import { runFedAchCommand } from './fedach-command';

/** Five records in the FedACH directory format (CRLF, as the Federal Reserve publishes it). */
const FIXTURE = join(import.meta.dirname, 'fixtures', 'FedACHdir-sample.txt');
const HUDSON_VALLEY = '021099977';
const GOLDEN_GATE = '121099974';
/** Record type 2: merged into Hudson Valley. */
const SUNSHINE = '261099973';
const BOSTON_FED = '011000015';
/** A bundled demo bank, not in the file. */
const HARBOR_BANK = '011099990';

describe.each(operatorTargets())('fedach command on $name', (target) => {
  const clock = createTestClock();
  let env: Record<string, string>;
  let remove: () => Promise<void>;
  let files: string;

  async function run(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runFedAchCommand(args, {
      env: { DEMO_MODE: 'false', DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY, ...env },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      clock,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const withApp = <T>(work: (app: PortalApp) => Promise<T>) => withTargetApp(env, clock, work);
  /** What the app's routing directory says of each number (one server start for all). */
  const lookUpAll = (...routingNumbers: string[]) =>
    withApp((app) =>
      Promise.all(routingNumbers.map((number) => app.services.routingDirectory.lookup(number))),
    );

  /** The borrower's bank lookup, GET /api/ACHRoutingData, as the portal calls it. */
  async function achRoutingData(routingNumber: string) {
    return withApp(async (app) => {
      const borrower = await signIn(app, { username: 'jordan.rivers' });
      const response = await app.inject({
        method: 'GET',
        url: `/api/ACHRoutingData?routingNumber=${routingNumber}`,
        headers: { cookie: borrower.cookie },
      });
      expect(response.statusCode).toBe(200);
      return RoutingLookupResponse.parse(response.json());
    });
  }

  beforeAll(async () => {
    ({ env, remove } = await target.create());
    files = mkdtempSync(join(tmpdir(), 'portal-fedach-'));
    // The app's routing lookup needs a borrower to ask.
    await withTargetDatabase(env, async (database) => {
      const { migrateToLatest } = await import('../db/migrate');
      await migrateToLatest(database.db);
      await seedDemoData(database.db, { clock, dataProtector: TEST_DATA_PROTECTOR });
    });
  }, 120_000);
  afterAll(async () => {
    await remove?.();
    if (files) rmSync(files, { recursive: true, force: true });
  });

  it('says when no directory is loaded, and the lookup knows the bundled banks only', async () => {
    expect(await run(['status'])).toEqual({
      code: 0,
      out: 'No FedACH directory is loaded: the bank lookup knows the bundled banks only.',
      err: '',
    });
    expect((await achRoutingData(HUDSON_VALLEY)).BankExists).toBe(false);
  });

  it('loads the FedACH file, which the bank lookup then finds', async () => {
    const loaded = await run(['load', '--file', FIXTURE]);
    expect(loaded).toEqual({
      code: 0,
      out: `Loaded 5 banks from ${FIXTURE} (the directory held 0 before).`,
      err: '',
    });
    expect(await run(['status'])).toEqual({
      code: 0,
      out: `Banks: 5\nLoaded: ${clock.now().toISOString()}`,
      err: '',
    });

    expect(await achRoutingData(HUDSON_VALLEY)).toMatchObject({
      BankExists: true,
      RoutingNumber: HUDSON_VALLEY,
      Name: 'HUDSON VALLEY TEST BANK',
      Address: '45 MAIN STREET',
      City: 'POUGHKEEPSIE',
      State: 'NY',
      Zip: '12601',
    });
    const [goldenGate, sunshine, bostonFed, harborBank] = await lookUpAll(
      GOLDEN_GATE,
      SUNSHINE,
      BOSTON_FED,
      HARBOR_BANK,
    );
    expect(goldenGate).toEqual({
      routingNumber: GOLDEN_GATE,
      name: 'GOLDEN GATE TEST SAVINGS',
      address: '1 EMBARCADERO CENTER',
      city: 'SAN FRANCISCO',
      state: 'CA',
      zip: '94111-2207',
    });
    expect(sunshine?.name).toBe('SUNSHINE TEST CREDIT UNION');
    // The file's record wins over the bundled one; the bundled demo banks stay behind the file.
    expect(bostonFed?.city).toBe('ATLANTA');
    expect(harborBank?.name).toBe('Harbor Community Bank');
    await withTargetDatabase(env, async ({ db }) => {
      const sunshine = await db
        .selectFrom('ach_routing_directory')
        .select(['record_type_code', 'new_routing_number', 'change_date'])
        .where('routing_number', '=', SUNSHINE)
        .executeTakeFirstOrThrow();
      expect(sunshine).toEqual({
        record_type_code: '2',
        new_routing_number: HUDSON_VALLEY,
        change_date: '2025-09-01',
      });
    });
  }, 60_000);

  it('refuses a file with a malformed line whole, naming it, and keeps the directory', async () => {
    const lines = readFileSync(FIXTURE, 'latin1').split('\r\n');
    // Line 3's routing number with a wrong check digit.
    lines[2] = `121099975${lines[2]?.slice(9) ?? ''}`;
    const broken = join(files, 'broken.txt');
    writeFileSync(broken, lines.join('\n'));
    const refused = await run(['load', '--file', broken]);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toContain("line 3: routing number '121099975' fails the ABA checksum");
    expect(refused.err).toContain('The routing directory was not changed.');
    expect((await run(['status'])).out).toContain('Banks: 5');
    expect((await lookUpAll(GOLDEN_GATE))[0]).toBeDefined();
  }, 60_000);

  it('replaces the whole directory with a newer file', async () => {
    const lines = readFileSync(FIXTURE, 'latin1').split('\r\n');
    const smaller = join(files, 'smaller.txt');
    writeFileSync(smaller, `${lines[1] ?? ''}\n`);
    clock.advance(86_400_000);
    expect(await run(['load', '--file', smaller])).toMatchObject({
      code: 0,
      out: `Loaded 1 banks from ${smaller} (the directory held 5 before).`,
    });
    const [hudson, goldenGate, bostonFed] = await lookUpAll(HUDSON_VALLEY, GOLDEN_GATE, BOSTON_FED);
    expect(hudson).toBeDefined();
    expect(goldenGate).toBeUndefined();
    // The bundled record is back for the Boston Fed.
    expect(bostonFed?.city).toBe('Boston');
  }, 60_000);

  it('explains wrong usage and a missing file', async () => {
    expect(await run([])).toMatchObject({ code: 2, out: '' });
    expect((await run(['load'])).err).toContain('--file is required.');
    expect((await run(['load'])).code).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run(['help'])).out).toContain('load --file FILE');
    const missing = await run(['load', '--file', join(files, 'nope.txt')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('cannot be read');
  });
});
