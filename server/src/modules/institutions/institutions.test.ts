import { ApplicationOptionsResponse, publicGassySettings } from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { BUILT_IN_THEMES } from '@portal/themes';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/create-database';
import { hostName } from '../../plugins/institution';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import {
  findDefaultInstitution,
  InstitutionConflictError,
  insertInstitution,
  type NewInstitutionEntry,
} from './institutions.repository';

describe('hostName', () => {
  it('drops the port and lower-cases, IPv6 included', () => {
    expect(hostName('Summit.LocalHost:3000')).toBe('summit.localhost');
    expect(hostName('[::1]:3000')).toBe('::1');
    expect(hostName('::1')).toBe('::1');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
  });
});

describe.each(testDatabases())('institution resolution on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function settingsFor(host: string) {
    const response = await test.app.inject({
      url: '/api/setup/ApplicationOptions',
      headers: { host },
    });
    expect(response.statusCode).toBe(200);
    const body = ApplicationOptionsResponse.parse(response.json());
    return { body, settings: createSettingsAccessor(body.gassySettings) };
  }

  it('serves each host its own institution, settings and theme', async () => {
    const harbor = await settingsFor('harbor.localhost:3000');
    const summit = await settingsFor('SUMMIT.localhost:3000');

    expect(harbor.body.institutionOptions.institutionName).toBe('Harbor Community Bank');
    expect(summit.body.institutionOptions.institutionName).toBe('Summit Lending');

    expect(harbor.settings.get('themeOptions.primaryColor')).toBe(
      BUILT_IN_THEMES.harbor.tokens.primaryColor,
    );
    expect(summit.settings.get('themeOptions.primaryColor')).toBe(
      BUILT_IN_THEMES.summit.tokens.primaryColor,
    );
    expect(harbor.settings.get('globalOptions.useFAQOption')).toBe(true);
    expect(summit.settings.get('globalOptions.useFAQOption')).toBe(false);
    expect(summit.settings.get('globalOptions.hideContactUsOption')).toBe(true);
    expect(summit.settings.get('globalOptions.remoteBranchLocatorURLOption')).toMatch(
      /^https:\/\//,
    );
  });

  it('serves the default institution on localhost and loopback addresses', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const { body } = await settingsFor(host);
      expect(body.institutionOptions.institutionName).toBe('Harbor Community Bank');
    }
  });

  it('answers 404 NotFound to a host no institution claims', async () => {
    const response = await test.app.inject({
      url: '/api/setup/ApplicationOptions',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] });
  });

  it('has no settings for an institution that never published', async () => {
    const { id } = await test.database.db
      .insertInto('institutions')
      .values({ slug: 'fresh', name: 'Fresh Bank', cdn_folder: '/cdn/fresh', time_zone: 'UTC' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.database.db
      .insertInto('institution_hosts')
      .values({ host: 'fresh.localhost', institution_id: id })
      .execute();
    await expect(test.app.services.institutions.publishedSettings(id)).resolves.toEqual({});
    const { body } = await settingsFor('fresh.localhost');
    // Nothing of its own: every public setting is sent with the schema's default (issue 23).
    expect(body.gassySettings).toEqual(publicGassySettings({}));
    expect(body.gassySettings.english.loggedInLayout?.logoutLinkText).toBe('Logout');
    expect(body.institutionOptions.PasswordMinimumLength).toBe(8);
  });

  it('numbers publications one after the other', async () => {
    const institution = await test.app.services.institutions.resolveHost('harbor.localhost');
    if (!institution) throw new Error('harbor is not seeded');
    const version = await test.app.services.institutions.publishSettings({
      institutionId: institution.id,
      document: { shared: { globalOptions: { useFAQOption: 'false' } } },
      comment: 'FAQ off',
      publishedBy: 'test',
    });
    expect(version).toBe(2);
    await expect(test.app.services.institutions.publishedSettings(institution.id)).resolves.toEqual(
      { shared: { globalOptions: { useFAQOption: 'false' } } },
    );
  });

  it("takes the institution's time zone from its published setting, the one the portal reads", async () => {
    const institutions = test.app.services.institutions;
    const summit = await institutions.resolveHost('summit.localhost');
    if (!summit) throw new Error('summit is not seeded');
    expect(summit.timeZone).toBe('America/Denver');
    const current = await institutions.publishedSettings(summit.id);
    await institutions.publishSettings({
      institutionId: summit.id,
      document: {
        ...current,
        shared: { ...current.shared, localeOptions: { institutionTimeZone: 'America/Chicago' } },
      },
      comment: 'moved',
      publishedBy: 'test',
    });
    test.clock.advance(5_000); // past the host and settings caches
    expect((await institutions.resolveHost('summit.localhost'))?.timeZone).toBe('America/Chicago');
  });
});

describe.each(testDatabases())('creating institutions on $name', (testDatabase) => {
  const entry = (slug: string): NewInstitutionEntry => ({
    slug,
    name: `${slug} bank`,
    cdnFolder: `/cdn/${slug}`,
    timeZone: 'UTC',
    hosts: [`${slug}.example`],
    document: { shared: { globalOptions: { useFAQOption: 'true' } } },
    comment: 'Created from the defaults',
    createdBy: 'test',
    at: new Date('2025-03-14T15:00:00.000Z'),
  });

  async function stored(database: DatabaseHandle) {
    const { db } = database;
    return {
      institutions: await db
        .selectFrom('institutions')
        .select(['slug', 'is_default'])
        .orderBy('id')
        .execute(),
      hosts: (await db.selectFrom('institution_hosts').select('host').execute()).map(
        (row) => row.host,
      ),
      versions: await db.selectFrom('settings_versions').select('institution_id').execute(),
    };
  }

  it('makes the first institution the default (it serves localhost and staff sign-in), and no later one', async () => {
    const database = await testDatabase.open();
    try {
      expect(await findDefaultInstitution(database.db)).toBeUndefined();
      const first = await insertInstitution(database.db, entry('first'));
      await insertInstitution(database.db, entry('second'));
      await insertInstitution(database.db, entry('third'));
      expect((await findDefaultInstitution(database.db))?.id).toBe(first);
      expect((await stored(database)).institutions).toEqual([
        { slug: 'first', is_default: true },
        { slug: 'second', is_default: false },
        { slug: 'third', is_default: false },
      ]);
    } finally {
      await database.close();
    }
  });

  // PGlite serves one connection, so its transactions cannot overlap.
  it.runIf(testDatabase.name === 'postgres')(
    'refuses the later of two first institutions created at once, and writes nothing of it',
    async () => {
      const database = await testDatabase.open();
      try {
        let late: Promise<number> | undefined;
        await insertInstitution(database.db, entry('early'), async () => {
          // Before the early one commits: the late one sees no default either, inserts itself as
          // the default and waits on the early one's row in the unique index.
          late = insertInstitution(database.db, entry('late'));
          late.catch(() => {});
          for (let attempt = 0; ; attempt += 1) {
            const { rows } = await sql<{ waiting: number }>`
              select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
            if ((rows[0]?.waiting ?? 0) > 0) break;
            if (attempt > 500) throw new Error('The late insert never waited on the early one');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        });
        await expect(late).rejects.toThrow(InstitutionConflictError);
        await expect(late).rejects.toThrow(/became the default, so "late" was not created/);
        const rows = await stored(database);
        expect(rows.institutions).toEqual([{ slug: 'early', is_default: true }]);
        expect(rows.hosts).toEqual(['early.example']);
        expect(rows.versions).toHaveLength(1);

        // Tried again, it is simply not the default.
        await insertInstitution(database.db, entry('late'));
        expect((await stored(database)).institutions).toEqual([
          { slug: 'early', is_default: true },
          { slug: 'late', is_default: false },
        ]);
      } finally {
        await database.close();
      }
    },
  );
});
