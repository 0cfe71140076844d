import { ApplicationOptionsResponse } from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { BUILT_IN_THEMES } from '@portal/themes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostName } from '../../plugins/institution';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

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
    expect(body.gassySettings).toEqual({ shared: {}, english: {} });
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
});
