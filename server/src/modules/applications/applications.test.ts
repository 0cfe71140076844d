import { ApplicationListResponse, ApplicationResponse, LoginHistoryResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { wireOf } from '../../testing/wire';

describe.each(testDatabases())('applications and login history on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (who: SignedIn, url: string) =>
    test.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

  it('lists the applications of the last 30 days, newest first, in dollars', async () => {
    const response = await get(jordan, '/api/Application/GetList?numDaysToRetrieve=30');
    const { Applications } = wireOf(ApplicationListResponse, response.json());
    expect(Applications.map((application) => application.Status)).toEqual([
      'Received',
      'In Review',
      'Approved',
      'Declined',
      'Funded',
    ]);
    expect(Applications[2]).toEqual({
      ApplicationNumber: 'A-240275',
      Status: 'Approved',
      AmountRequested: 10_000,
      AmountApproved: 8_500,
      LastModified: '2025-03-03T00:00:00',
      Office: 'South Portland',
      FundsExpected: '2025-03-18T00:00:00',
      // Taken elsewhere than the portal: no product, term or documents asked for.
      Product: '',
      TermMonths: null,
      RequiredDocuments: [],
    });
    // No date yet is the host's "none".
    expect(Applications[0]?.FundsExpected).toBe('0001-01-01T00:00:00');
    // Another customer has none of them.
    const others = ApplicationListResponse.parse(
      (await get(pat, '/api/Application/GetList?numDaysToRetrieve=30')).json(),
    );
    expect(others.Applications).toEqual([]);
  });

  it('opens one application by number, even an older one, and only the customer’s own', async () => {
    const older = await get(
      jordan,
      '/api/Application?numDaysToRetrieve=30&applicationNumber=A-231190',
    );
    expect(ApplicationResponse.parse(older.json()).Application?.Status).toBe('Withdrawn');
    const foreign = await get(
      pat,
      '/api/Application?numDaysToRetrieve=30&applicationNumber=A-240275',
    );
    const missing = await get(
      pat,
      '/api/Application?numDaysToRetrieve=30&applicationNumber=A-000000',
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it("lists the user's own sign-ins, newest first", async () => {
    const response = await get(jordan, '/api/Profile/LoginHistory');
    const { List } = LoginHistoryResponse.parse(response.json());
    // The seeded sign-in three days ago and this test's.
    expect(List.length).toBeGreaterThanOrEqual(2);
    expect(List.at(-1)?.IPAddress).toBe('203.0.113.24');
    const dates = List.map((entry) => entry.LoginDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const patList = LoginHistoryResponse.parse(
      (await get(pat, '/api/Profile/LoginHistory')).json(),
    );
    expect(patList.List.some((entry) => entry.IPAddress === '203.0.113.24')).toBe(false);
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/Profile/LoginHistory' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists failed attempts too, each with its browser and device', async () => {
    const IPHONE_SAFARI =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
    const failed = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: '198.51.100.77',
      headers: { ...PORTAL_WRITE_HEADERS, 'user-agent': IPHONE_SAFARI },
      payload: { username: 'jordan.rivers', password: 'not-the-password' },
    });
    expect(failed.json()).toMatchObject({ HasNoErrors: false });
    const { List } = LoginHistoryResponse.parse(
      (await get(jordan, '/api/Profile/LoginHistory')).json(),
    );
    expect(List[0]).toMatchObject({
      IPAddress: '198.51.100.77',
      Browser: 'Safari 17',
      Device: 'iPhone',
      Succeeded: false,
    });
    expect(List.some((entry) => entry.Succeeded)).toBe(true);
    // Not Pat's.
    const patList = LoginHistoryResponse.parse(
      (await get(pat, '/api/Profile/LoginHistory')).json(),
    );
    expect(patList.List.some((entry) => entry.IPAddress === '198.51.100.77')).toBe(false);
  });
});
