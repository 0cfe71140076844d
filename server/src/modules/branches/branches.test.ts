import { BranchInfoResponse, Envelope } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BRANCHES } from '../../demo/demo-branches';
import { testDatabases } from '../../testing/databases';
import { withPublishedSettings } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';

const SUMMIT = 'summit.localhost';
const CEDAR = 'cedar.localhost';
const HARBOR_NAMES = (DEMO_BRANCHES.harbor ?? []).map((branch) => branch.name);

describe.each(testDatabases())('the branch locator (GET /api/branchInfo) on $name', (database) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(database);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  const branchInfo = (query = '', options: { host?: string; cookie?: string } = {}) =>
    test.app.inject({
      method: 'GET',
      url: `/api/branchInfo${query}`,
      headers: {
        host: options.host ?? 'localhost',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });

  async function found(query = '', options: { host?: string; cookie?: string } = {}) {
    const answer = await branchInfo(query, options);
    expect(answer.statusCode, answer.body).toBe(200);
    return BranchInfoResponse.parse(answer.json());
  }

  it('lists the institution’s branches in its order, to visitors and borrowers alike', async () => {
    const visitor = await found();
    expect(visitor.HasNoErrors).toBe(true);
    expect(visitor.Origin).toBeNull();
    expect(visitor.Branches.map((branch) => branch.BranchName)).toEqual(HARBOR_NAMES);
    expect(visitor.Branches[0]).toEqual({
      BranchId: expect.any(String),
      BranchName: 'Portland Main Office',
      StreetAddress: '100 Harbor Way',
      City: 'Portland',
      State: 'ME',
      Zip: '04101',
      PhoneNumber: '(207) 555-0100',
      Hours: ['Mon–Fri 9:00 AM–5:00 PM', 'Sat 9:00 AM–1:00 PM'],
      Latitude: 43.6591,
      Longitude: -70.2568,
    });
    expect(visitor.Branches.some((branch) => branch.DistanceMiles !== undefined)).toBe(false);

    const borrower = await signIn(test.app, { username: 'jordan.rivers' });
    expect(await found('', { cookie: borrower.cookie })).toEqual(visitor);
    // A cleared search box lists them all too.
    expect(await found('?zip=')).toEqual(visitor);
  });

  it('answers a ZIP search nearest first, with the distance from the ZIP code’s centre', async () => {
    const westbrook = await found('?zip=04092');
    expect(westbrook.Origin).toEqual({ Zip: '04092', Latitude: 43.6843, Longitude: -70.358 });
    expect(westbrook.Branches.map((branch) => [branch.BranchName, branch.DistanceMiles])).toEqual([
      ['Westbrook', 0.8],
      ['Portland Main Office', 5.3],
      ['South Portland', 6.3],
      ['Brunswick', 25.2],
      ['Lewiston', 29.5],
      // Bangor is 110 miles from Westbrook, to one decimal: 110.0.
      ['Bangor', 110],
    ]);

    const bangor = await found('?zip=04401');
    expect(bangor.Branches.map((branch) => [branch.BranchName, branch.DistanceMiles])).toEqual([
      ['Bangor', 1.9],
      ['Brunswick', 85.5],
      ['Lewiston', 86.3],
      ['Portland Main Office', 108.3],
      ['South Portland', 109.1],
      ['Westbrook', 111.3],
    ]);
    const miles = bangor.Branches.map((branch) => branch.DistanceMiles ?? -1);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles.every((distance) => Number.isInteger(distance * 10))).toBe(true);
  });

  it('refuses a ZIP code that is not five digits or that the maps service does not know', async () => {
    for (const zip of ['0409', '040922', 'abcde', '04 09', '00000', '99999', '34001']) {
      const answer = await branchInfo(`?zip=${encodeURIComponent(zip)}`);
      expect(answer.statusCode, zip).toBe(404);
      expect(Envelope.parse(answer.json()), zip).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'InvalidZipCode' }],
      });
    }
    expect((await branchInfo('?zip=12345678901')).statusCode).toBe(400);
  });

  it('shows each institution only its own branches', async () => {
    const summit = await found('', { host: SUMMIT });
    expect(summit.Branches.map((branch) => branch.BranchName)).toEqual(
      (DEMO_BRANCHES.summit ?? []).map((branch) => branch.name),
    );
    const nearDenver = await found('?zip=04101', { host: SUMMIT });
    expect(nearDenver.Branches.map((branch) => branch.State)).toEqual(['CO', 'CO', 'CO', 'CO']);
    const harborIds = new Set((await found()).Branches.map((branch) => branch.BranchId));
    expect(summit.Branches.some((branch) => harborIds.has(branch.BranchId))).toBe(false);
  });

  it('answers 404 NotFound while the institution does not offer the branch locator', async () => {
    const notOffered = { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] };
    // Cedar keeps branches with the locator off.
    for (const query of ['', '?zip=60606']) {
      const answer = await branchInfo(query, { host: CEDAR });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(notOffered);
    }
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { globalOptions: { useBranchLocatorOption: 'false' } } },
      async () => {
        for (const query of ['', '?zip=04101', '?zip=abcde']) {
          const answer = await branchInfo(query);
          expect(answer.statusCode, query).toBe(404);
          expect(answer.json()).toEqual(notOffered);
        }
      },
    );
    expect((await branchInfo()).statusCode).toBe(200);
  });

  it('describes the locator and the staff calls in the OpenAPI document', async () => {
    const document = (await test.app.inject({ url: '/api/openapi.json' })).json();
    const locator = document.paths['/api/branchInfo']?.get;
    expect(locator?.description).toMatch(/InvalidZipCode/);
    expect(locator?.description).toMatch(/useBranchLocatorOption/);
    expect(locator?.parameters).toEqual([expect.objectContaining({ name: 'zip', in: 'query' })]);
    const staff = document.paths['/admin-api/institutions/{slug}/branches/{id}'];
    expect(staff?.put?.description).toMatch(/branch\.update/);
    expect(staff?.delete?.description).toMatch(/branch\.delete/);
    expect(document.paths['/admin-api/institutions/{slug}/branches']?.post?.description).toMatch(
      /403 Forbidden/,
    );
  });
});
