import {
  ApplicationOptionsResponse,
  InstitutionOptionsResponse,
  publicGassySettings,
} from '@portal/domain';
import { findSettingDefinition } from '@portal/settings-schema';
import type { SettingDefinition } from '@portal/settings-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';
import { findClientError, listPageViews } from './setup.repository';
import { anonymiseRoute, buildApplicationOptions } from './setup.service';

const HARBOR = { host: 'localhost' };
const SUMMIT = { host: 'summit.localhost' };

function keysOf(settings: Record<string, Record<string, Record<string, string>>>): string[] {
  return Object.values(settings).flatMap((sections) =>
    Object.entries(sections).flatMap(([section, values]) =>
      Object.keys(values).map((name) => `${section}.${name}`),
    ),
  );
}

describe('publicGassySettings', () => {
  const definition = (key: string, extra: Partial<SettingDefinition>): SettingDefinition => {
    const [section = '', name = ''] = key.split('.');
    return {
      key,
      section,
      name,
      title: key,
      description: key,
      group: 'test',
      type: 'text',
      default: '',
      set: 'shared',
      visibility: 'public',
      wire: 'gassySettings',
      ...extra,
    };
  };

  it('sends public gassySettings keys only, dropping admin-only, institutionOptions and unknown keys', () => {
    const definitions = [
      definition('globalOptions.useFAQOption', {}),
      definition('secretOptions.providerKey', { visibility: 'admin' }),
      definition('institutionOptions.PasswordMinimumLength', { wire: 'institutionOptions' }),
    ];
    const settings = publicGassySettings(
      {
        shared: {
          globalOptions: { useFAQOption: 'false' },
          secretOptions: { providerKey: 'do-not-leak' },
          institutionOptions: { PasswordMinimumLength: '12' },
          strayOptions: { unknown: 'x' },
        },
        english: { secretOptions: { providerKey: 'do-not-leak' } },
      },
      definitions,
    );
    expect(settings).toEqual({ shared: { globalOptions: { useFAQOption: 'false' } }, english: {} });
  });

  it('reads the institution options as numbers, with the schema defaults for unset keys', () => {
    const body = buildApplicationOptions(
      { shared: { institutionOptions: { PasswordMinimumLength: '12' } } },
      { id: 1, slug: 'x', name: 'X Bank', cdnFolder: '/cdn/x', timeZone: 'UTC' },
    );
    expect(body.institutionOptions).toMatchObject({
      PasswordMinimumLength: 12,
      UserNameMinimumLength: 8,
      LoanOfficeLength: 0,
      cdnFolder: '/cdn/x',
      institutionName: 'X Bank',
    });
  });
});

describe('anonymiseRoute', () => {
  it('keeps the route shape and drops account numbers, tokens and query strings', () => {
    expect(anonymiseRoute('/myaccount/loanDetails/001-100234-1')).toBe(
      '/myaccount/loanDetails/:value',
    );
    expect(anonymiseRoute('/home/verifyEmail/abc123?x=1')).toBe('/home/verifyEmail/:value');
    expect(anonymiseRoute('/myaccount/dashboard')).toBe('/myaccount/dashboard');
  });
});

describe.each(testDatabases('both'))('start-up calls on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...PORTAL_WRITE_HEADERS, ...headers },
    });

  it("answers ApplicationOptions with the institution's public settings in the wire shape", async () => {
    const response = await get('/api/setup/ApplicationOptions', HARBOR);
    expect(response.statusCode).toBe(200);
    const body = ApplicationOptionsResponse.parse(response.json());
    expect(body.HasNoErrors).toBe(true);
    expect(body.gassySettings.shared.globalOptions).toMatchObject({
      useFAQOption: 'true',
      useDocumentCenterOption: 'true',
    });
    expect(body.gassySettings.english.loggedOutLayout?.copyrightText).toBe('All rights reserved.');
    expect(body.institutionOptions).toEqual({
      cdnFolder: '/cdn/harbor',
      institutionName: 'Harbor Community Bank',
      PasswordMinimumLength: 8,
      UserNameMinimumLength: 6,
      LoanOfficeLength: 3,
      LoanAccountLength: 6,
      LoanCheckDigitLength: 1,
      DepositOfficeLength: 3,
      DepositAccountLength: 6,
      DepositCheckDigitLength: 1,
    });
  });

  it('never sends admin-only settings, though the institution has set some', async () => {
    const published = await test.app.services.institutions.publishedSettings(
      (await test.app.services.institutions.resolveHost('localhost'))?.id ?? -1,
    );
    const storedAdminKeys = keysOf({
      shared: published.shared ?? {},
      english: published.english ?? {},
    }).filter((key) => findSettingDefinition(key)?.visibility === 'admin');
    expect(storedAdminKeys).toContain('securityPolicyOptions.sessionIdleTimeoutMinutes');

    for (const headers of [HARBOR, SUMMIT]) {
      const response = await get('/api/setup/ApplicationOptions', headers);
      const body = ApplicationOptionsResponse.parse(response.json());
      const sent = keysOf({
        shared: body.gassySettings.shared,
        english: body.gassySettings.english,
      });
      expect(sent.length).toBeGreaterThan(0);
      for (const key of sent) {
        expect(findSettingDefinition(key)).toMatchObject({
          visibility: 'public',
          wire: 'gassySettings',
        });
      }
      for (const key of storedAdminKeys) {
        expect(sent).not.toContain(key);
      }
      expect(response.body).not.toContain('service@harbor-community.example');
    }
  });

  it('sends an ETag and answers 304 without a body to a client that has that version', async () => {
    const first = await get('/api/setup/ApplicationOptions', HARBOR);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get('/api/setup/ApplicationOptions', {
      ...HARBOR,
      'if-none-match': `W/${String(etag)}`,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await get('/api/setup/ApplicationOptions', {
      ...SUMMIT,
      'if-none-match': String(etag),
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('serves a new publication at once in this process, and within the cache lifetime from elsewhere', async () => {
    const summit = await test.app.services.institutions.resolveHost('summit.localhost');
    if (!summit) throw new Error('summit is not seeded');
    const current = await test.app.services.institutions.publishedSettings(summit.id);
    const copyright = async () =>
      ApplicationOptionsResponse.parse((await get('/api/setup/ApplicationOptions', SUMMIT)).json())
        .gassySettings.english.loggedInLayout?.copyrightText;
    const withCopyright = (text: string) => ({
      ...current,
      english: {
        ...current.english,
        loggedInLayout: { ...current.english?.loggedInLayout, copyrightText: text },
      },
    });

    await copyright();
    await test.app.services.institutions.publishSettings({
      institutionId: summit.id,
      document: withCopyright('Published here.'),
      comment: 'test',
      publishedBy: 'test',
    });
    expect(await copyright()).toBe('Published here.');

    // Another instance publishes: this one keeps its copy for at most the cache lifetime.
    await test.database.db
      .insertInto('settings_versions')
      .values({
        institution_id: summit.id,
        version: 99,
        document: JSON.stringify(withCopyright('Published elsewhere.')),
        comment: 'other instance',
        published_by: 'test',
        published_at: test.clock.now(),
      })
      .execute();
    expect(await copyright()).toBe('Published here.');
    test.clock.advance(2001);
    expect(await copyright()).toBe('Published elsewhere.');
  });

  it('answers GetInstitutionOptions with numbers', async () => {
    const response = await get('/api/Login/GetInstitutionOptions', SUMMIT);
    const body = InstitutionOptionsResponse.parse(response.json());
    expect(body.InstitutionOptions).toMatchObject({
      PasswordMinimumLength: 10,
      UserNameMinimumLength: 8,
      institutionName: 'Summit Lending',
      cdnFolder: '/cdn/summit',
    });
  });

  it('reports maintenance mode per institution', async () => {
    const summit = await test.app.services.institutions.resolveHost('summit.localhost');
    const { institutions } = test.app.services;
    const published = await institutions.publishedSettings(summit?.id ?? -1);
    await institutions.publishSettings({
      institutionId: summit?.id ?? -1,
      document: {
        ...published,
        shared: { ...published.shared, maintenanceOptions: { maintenanceModeOption: 'true' } },
      },
      comment: 'Maintenance window',
      publishedBy: 'setup.test',
    });
    expect((await get('/api/MaintenanceMode', SUMMIT)).json()).toEqual({
      HasNoErrors: true,
      Errors: [],
      isEnabled: true,
    });
    expect((await get('/api/MaintenanceMode', HARBOR)).json().isEnabled).toBe(false);
  });

  it('stores client errors escaped and once, counting repeats', async () => {
    const report = {
      Message: 'TypeError: <script>alert(1)</script> {x}',
      Stack: 'at render (<anonymous>)',
      UserAgent: 'Mozilla/5.0 <probe>',
    };
    const first = await post('/api/ClientError', report);
    expect(first.json()).toEqual({ HasNoErrors: true, Errors: [] });
    test.clock.advance(60_000);
    await post('/api/ClientError', report);

    const harbor = await test.app.services.institutions.resolveHost('localhost');
    const rows = await test.database.db
      .selectFrom('client_errors')
      .selectAll()
      .where('institution_id', '=', harbor?.id ?? -1)
      .execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.message).toBe('TypeError: &#60;script&#62;alert(1)&#60;/script&#62; &#123;x&#125;');
    expect(row?.stack).toBe('at render (&#60;anonymous&#62;)');
    expect(row?.user_agent).toBe('Mozilla/5.0 &#60;probe&#62;');
    expect(row?.count).toBe(2);
    expect(row?.last_seen_at.getTime() ?? 0).toBeGreaterThan(row?.first_seen_at.getTime() ?? 0);
    expect(
      await findClientError(test.database.db, harbor?.id ?? -1, row?.fingerprint ?? ''),
    ).toBeDefined();
  });

  it('counts a report the portal already escaped as the same report', async () => {
    const raw = { Message: 'Oops <b>', Stack: '', UserAgent: 'UA' };
    const escaped = { ...raw, Message: 'Oops &#60;b&#62;' };
    await post('/api/ClientError', raw, SUMMIT);
    await post('/api/ClientError', escaped, SUMMIT);
    const summit = await test.app.services.institutions.resolveHost('summit.localhost');
    const rows = await test.database.db
      .selectFrom('client_errors')
      .select(['count'])
      .where('institution_id', '=', summit?.id ?? -1)
      .execute();
    expect(rows).toEqual([{ count: 2 }]);
  });

  it('records page views only where analytics is on, without personal data', async () => {
    const view = { Route: '/myaccount/loanDetails/001-100234-1', Title: 'Loan details' };
    const harbor = await post('/api/Analytics/PageView', view, HARBOR);
    expect(harbor.statusCode).toBe(200);
    const summit = await post('/api/Analytics/PageView', view, SUMMIT);
    expect(summit.statusCode).toBe(404);
    expect(summit.json().Errors[0].ErrorMessage).toBe('NotFound');

    const institution = await test.app.services.institutions.resolveHost('localhost');
    const views = await listPageViews(test.database.db, institution?.id ?? -1);
    expect(views.map(({ route, title }) => ({ route, title }))).toEqual([
      { route: '/myaccount/loanDetails/:value', title: 'Loan details' },
    ]);
  });

  it('limits unauthenticated reports and page views per address and keeps them only for their retention', async () => {
    const send = (url: string, payload: object, remoteAddress: string) =>
      test.app.inject({
        method: 'POST',
        url,
        headers: { ...PORTAL_WRITE_HEADERS, host: 'localhost' },
        remoteAddress,
        payload,
      });
    const harbor = await test.app.services.institutions.resolveHost('localhost');
    const countOf = async (table: 'client_errors' | 'page_views') =>
      Number(
        (
          await test.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('institution_id', '=', harbor?.id ?? -1)
            .executeTakeFirstOrThrow()
        ).count,
      );
    test.clock.advance(60_000 - (test.clock.now().getTime() % 60_000));
    const reports: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const report = { Message: `Flood ${index}`, Stack: '', UserAgent: 'UA' };
      reports.push((await send('/api/ClientError', report, '198.51.100.7')).statusCode);
    }
    expect(reports.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(reports[30]).toBe(429);
    const views: number[] = [];
    for (let index = 0; index < 121; index += 1) {
      const view = { Route: '/myaccount/dashboard', Title: 'Dashboard' };
      views.push((await send('/api/Analytics/PageView', view, '198.51.100.8')).statusCode);
    }
    expect(views.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(views[120]).toBe(429);
    // Another address is not held back.
    const other = { Message: 'Elsewhere', Stack: '', UserAgent: 'UA' };
    expect((await send('/api/ClientError', other, '198.51.100.9')).statusCode).toBe(200);

    expect(await countOf('client_errors')).toBeGreaterThan(30);
    test.clock.advance(31 * 24 * 60 * 60_000);
    await test.app.services.housekeeping.runOnce();
    expect(await countOf('client_errors')).toBe(0);
    expect(await countOf('page_views')).toBeGreaterThan(120);
    test.clock.advance(60 * 24 * 60 * 60_000);
    await test.app.services.housekeeping.runOnce();
    expect(await countOf('page_views')).toBe(0);
  });
});
