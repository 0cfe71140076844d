import { afterEach, describe, expect, it } from 'vitest';
import { insertInstitution } from '../modules/institutions/institutions.repository';
import { insertStaffAccount } from '../modules/staff/staff.repository';
import { createTestClock } from '../testing/clock';
import { testDatabases } from '../testing/databases';
import type { DatabaseHandle } from '../db/create-database';
import { DEMO_INSTITUTIONS } from './demo-institutions';
import { demoSeedRefusal, findDemoSeed } from './demo-seed-guard';
import { DEMO_STAFF } from './staff.demo';

// The real server process refusing such a database is tests/demo-mode.test.ts.
describe.each(testDatabases())('findDemoSeed on $name', (testDatabase) => {
  const clock = createTestClock();
  const opened: DatabaseHandle[] = [];
  const open = async (seeded: boolean) => {
    const handle = await (seeded ? testDatabase.openSeeded() : testDatabase.open());
    opened.push(handle);
    return handle;
  };
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
  });

  const lakeside = {
    slug: 'lakeside',
    name: 'Lakeside Credit Union',
    cdnFolder: '/cdn/lakeside',
    timeZone: 'America/Chicago',
    hosts: ['lakeside.example'],
    document: {},
    comment: 'Created',
    createdBy: 'ops@lakeside.example',
    at: clock.now(),
  };

  it('finds nothing in an empty database', async () => {
    const { db } = await open(false);
    expect(await findDemoSeed(db)).toBeUndefined();
  });

  it('finds nothing in a deployment: an institution and staff created by the operator', async () => {
    const { db } = await open(false);
    const institutionId = await insertInstitution(db, lakeside);
    await insertStaffAccount(db, {
      email: 'ops@lakeside.example',
      name: 'Ops',
      passwordHash: 'x',
      totpSecretEncrypted: null,
      isImplementer: true,
      memberships: [{ institutionId, role: 'publisher' }],
      at: clock.now(),
    });
    expect(await findDemoSeed(db)).toBeUndefined();
  });

  it('finds every demo institution, their users and the demo staff in a seeded database', async () => {
    const { db } = await open(true);
    const users = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(await findDemoSeed(db)).toEqual({
      institutions: DEMO_INSTITUTIONS.map((institution) => institution.slug).sort(),
      users: Number(users.count),
      staff: DEMO_STAFF.map((member) => member.email).sort(),
    });
  });

  it('still finds the demo institutions beside an institution the operator added, and after later publishes', async () => {
    const { db } = await open(true);
    await insertInstitution(db, lakeside);
    const harbor = await db
      .selectFrom('institutions')
      .select('id')
      .where('slug', '=', 'harbor')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('settings_versions')
      .values({
        institution_id: harbor.id,
        version: 2,
        document: JSON.stringify({}),
        comment: 'Rebranded',
        published_by: 'ops@lakeside.example',
        published_at: clock.now(),
      })
      .execute();
    expect((await findDemoSeed(db))?.institutions).toEqual(
      DEMO_INSTITUTIONS.map((institution) => institution.slug).sort(),
    );
  });

  it('finds a demo staff account on its own (the implementer reaches every institution)', async () => {
    const { db } = await open(false);
    await insertInstitution(db, lakeside);
    await insertStaffAccount(db, {
      email: 'implementer@portal.example',
      name: 'Imani Implementer',
      passwordHash: 'x',
      totpSecretEncrypted: null,
      isImplementer: true,
      memberships: [],
      at: clock.now(),
    });
    expect(await findDemoSeed(db)).toEqual({
      institutions: [],
      users: 0,
      staff: ['implementer@portal.example'],
    });
  });
});

describe('the refusal to serve the demo data outside demo mode', () => {
  it('names what was found, the database, and both ways on, and says nothing was changed', () => {
    const message = demoSeedRefusal(
      { institutions: ['harbor', 'summit'], users: 12, staff: ['viewer@harbor.example'] },
      'PGlite in /srv/data/pglite (DATA_DIR)',
    );
    expect(message).toContain('PGlite in /srv/data/pglite (DATA_DIR) holds the demo data');
    expect(message).toContain('the demo institutions harbor, summit with 12 online users');
    expect(message).toContain('the demo staff viewer@harbor.example');
    expect(message).toContain('No data was changed.');
    expect(message).toContain('DEMO_MODE=true');
    expect(message).toMatch(/another DATA_DIR \(PGlite\)\s+or another DATABASE_URL/);
  });
});
