import { AdminError, Envelope, StaffWebVitalsResponse, type WebVitalReport } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { withPublishedSettings } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';

const REPORT_URL = '/api/Analytics/WebVitals';
const HARBOR_VITALS = '/admin-api/institutions/harbor/web-vitals';
const DAY_MS = 24 * 60 * 60 * 1000;

let nextId = 0;
/** A measurement of a route, with a fresh id unless given. */
function report(overrides: Partial<WebVitalReport> = {}): WebVitalReport {
  nextId += 1;
  return {
    Id: `v5-1741964400000-${1_000_000_000_000 + nextId}`,
    Metric: 'LCP',
    Value: 1800,
    Route: '/myaccount/dashboard',
    NavigationType: 'navigate',
    ...overrides,
  };
}

function errorsOf(response: LightMyRequestResponse): string[] {
  return Envelope.parse(response.json()).Errors.map((error) => error.ErrorMessage);
}

describe.each(testDatabases())('the web vitals on $name', (database) => {
  let test: TestApp;
  const cookie: Record<string, string> = {};

  const send = (payload: object, host = 'localhost', remoteAddress = '203.0.113.10') =>
    test.app.inject({
      method: 'POST',
      url: REPORT_URL,
      headers: { ...PORTAL_WRITE_HEADERS, host },
      remoteAddress,
      payload,
    });
  const read = (who: string | null, query = '', url = HARBOR_VITALS) =>
    test.app.inject({
      method: 'GET',
      url: `${url}${query}`,
      headers: who ? { cookie: cookie[who] } : {},
    });
  const summaries = async (query = '') => {
    const response = await read('viewer', query);
    expect(response.statusCode, response.body).toBe(200);
    return StaffWebVitalsResponse.parse(response.json());
  };
  const of = async (route: string, query = '') =>
    (await summaries(query)).summaries.filter((summary) => summary.route === route);
  let signIns = 0;
  const signInViewerAgain = async () => {
    signIns += 1;
    cookie.viewer = await signedInStaff(test, {
      email: `viewer-${signIns}@web-vitals.test`,
      host: 'localhost',
      role: 'viewer',
    });
  };
  const storedRows = async () =>
    test.database.db.selectFrom('web_vitals').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    test = await startTestApp(database);
    cookie.viewer = await signedInStaff(test, {
      email: 'viewer@web-vitals.test',
      host: 'localhost',
      role: 'viewer',
    });
    cookie.summit = await signedInStaff(test, {
      email: 'publisher@summit-web-vitals.test',
      host: 'summit.localhost',
      role: 'publisher',
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('stores a measurement with its route pattern and shows it to staff of the institution', async () => {
    const sent = report({ Metric: 'TTFB', Value: 612.4, Route: '/home/login' });
    const response = await send(sent);
    expect(response.statusCode, response.body).toBe(200);
    expect(Envelope.parse(response.json()).HasNoErrors).toBe(true);

    const harbor = await test.app.services.institutions.resolveHost('localhost');
    const rows = await storedRows();
    expect(rows.at(-1)).toMatchObject({
      institution_id: harbor?.id,
      measurement_id: sent.Id,
      route: '/home/login',
      metric: 'TTFB',
      value: 612.4,
      navigation_type: 'navigate',
      recorded_at: test.clock.now(),
    });
    expect(await of('/home/login')).toEqual([
      { route: '/home/login', metric: 'TTFB', p75: 612, count: 1, rating: 'good' },
    ]);
  });

  it('refuses a report that is not a measurement, saying which field and why', async () => {
    const before = (await storedRows()).length;
    const cases: [object, string][] = [
      [{ ...report(), Metric: 'FCP' }, 'body.Metric'],
      [{ ...report(), Value: -5 }, 'body.Value'],
      [{ ...report(), Value: 'fast' }, 'body.Value'],
      [report({ Metric: 'LCP', Value: 120_001 }), 'body.Value: must be at most 120000 for LCP'],
      [report({ Metric: 'CLS', Value: 51 }), 'body.Value: must be at most 50 for CLS'],
      [{ ...report(), Id: undefined }, 'body.Id'],
    ];
    for (const [payload, problem] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const [code, ...problems] = errorsOf(response);
      expect(code).toBe('InvalidRequest');
      expect(problems.join('\n'), JSON.stringify(payload)).toContain(problem);
    }
    expect((await storedRows()).length).toBe(before);
  });

  it('accepts no personal data: an address with an account number, an e-mail or a query is refused', async () => {
    const before = (await storedRows()).length;
    for (const route of [
      '/myaccount/loanDetails/001-100234-1',
      '/myaccount/applicationdetails/A-240298',
      '/home/sso/jordan.rivers@example.test',
      '/home/login?user=jordan.rivers',
      '#/myaccount/dashboard',
    ]) {
      const response = await send(report({ Route: route }));
      expect(response.statusCode, route).toBe(400);
      expect(errorsOf(response)).toEqual([
        'InvalidRequest',
        'body.Route: must be a route pattern such as /myaccount/loanDetails/:accountNumber: words and :parameters only, never a number, an address or a query',
      ]);
    }
    expect((await storedRows()).length).toBe(before);
    // The pattern of the same page is taken.
    const pattern = await send(report({ Route: '/myaccount/loanDetails/:accountNumber' }));
    expect(pattern.statusCode).toBe(200);
  });

  it('refuses reports while the institution measures nothing (analytics off, or a rate of 0)', async () => {
    // Summit has page-view analytics off.
    const summit = await send(report(), 'summit.localhost');
    expect(summit.statusCode).toBe(404);
    expect(errorsOf(summit)).toEqual(['NotFound']);
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { analyticsOptions: { webVitalsSampleRate: '0' } } },
      async () => {
        expect((await send(report())).statusCode).toBe(404);
      },
    );
    expect((await send(report())).statusCode).toBe(200);
  });

  it('computes each route’s 75th percentile per metric and rates it', async () => {
    const route = '/myaccount/deposits';
    // Sorted 100, 200, 300, 400: the 75th percentile lies a quarter of the way from 300 to 400.
    for (const value of [400, 100, 300, 200]) {
      expect((await send(report({ Metric: 'INP', Value: value, Route: route }))).statusCode).toBe(
        200,
      );
    }
    // 0.02, 0.05, 0.1, 0.3: a quarter of the way from 0.1 to 0.3.
    for (const value of [0.05, 0.3, 0.02, 0.1]) {
      await send(report({ Metric: 'CLS', Value: value, Route: route }));
    }
    // One slow load: its own p75, poor.
    await send(report({ Metric: 'LCP', Value: 4321.6, Route: route }));
    expect(await of(route)).toEqual([
      { route, metric: 'LCP', p75: 4322, count: 1, rating: 'poor' },
      { route, metric: 'INP', p75: 325, count: 4, rating: 'needs-improvement' },
      { route, metric: 'CLS', p75: 0.15, count: 4, rating: 'needs-improvement' },
    ]);
  });

  it('keeps one value per measurement: a repeat of its id replaces the value', async () => {
    const route = '/myaccount/profile';
    const first = report({ Metric: 'INP', Value: 120, Route: route });
    await send(first);
    await send({ ...first, Value: 640 });
    expect(await of(route)).toEqual([{ route, metric: 'INP', p75: 640, count: 1, rating: 'poor' }]);
  });

  it('keeps an institution’s measurements from another institution’s staff (404) and from nobody (401)', async () => {
    const other = await read('summit');
    expect(other.statusCode).toBe(404);
    expect(AdminError.parse(other.json()).error).toEqual({
      code: 'NotFound',
      message: 'There is no such institution among yours.',
    });
    expect((await read(null)).statusCode).toBe(401);
    // Their own institution has none of Harbor's.
    const own = await read('summit', '', '/admin-api/institutions/summit/web-vitals');
    expect(StaffWebVitalsResponse.parse(own.json()).summaries).toEqual([]);
  });

  it('describes both routes in the OpenAPI document', async () => {
    const document = (await test.app.inject({ url: '/api/openapi.json' })).json();
    const reportRoute = document.paths[REPORT_URL]?.post;
    expect(reportRoute?.description).toMatch(/never an address/);
    expect(reportRoute?.description).toMatch(/webVitalsSampleRate/);
    const body = reportRoute?.requestBody.content['application/json'].schema;
    expect(body.properties.Metric.enum).toEqual(['LCP', 'INP', 'CLS', 'TTFB']);
    expect(body.properties.Route.pattern).toBeDefined();
    const staff = document.paths['/admin-api/institutions/{slug}/web-vitals']?.get;
    expect(staff?.description).toMatch(/percentile_cont/);
    expect(staff?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'days', in: 'query' })]),
    );
  });

  it('limits reports per address', async () => {
    test.clock.advance(60_000 - (test.clock.now().getTime() % 60_000));
    const statuses: number[] = [];
    for (let index = 0; index < 121; index += 1) {
      statuses.push(
        (await send(report({ Route: '/home/faq' }), 'localhost', '198.51.100.20')).statusCode,
      );
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    // Another address is not held back.
    expect(
      (await send(report({ Route: '/home/faq' }), 'localhost', '198.51.100.21')).statusCode,
    ).toBe(200);
  });

  it('reads the last 7 days unless 28 are asked for, and keeps nothing older than 28', async () => {
    const route = '/myaccount/payment/:accountNumber';
    await send(report({ Metric: 'LCP', Value: 3000, Route: route }));
    test.clock.advance(10 * DAY_MS);
    await send(report({ Metric: 'LCP', Value: 1000, Route: route }));
    // The staff session has ended meanwhile.
    await signInViewerAgain();

    const week = await summaries();
    expect(week.days).toBe(7);
    expect(week.since).toBe(new Date(test.clock.now().getTime() - 7 * DAY_MS).toISOString());
    expect(week.summaries.filter((summary) => summary.route === route)).toEqual([
      { route, metric: 'LCP', p75: 1000, count: 1, rating: 'good' },
    ]);
    expect(await of(route, '?days=7')).toEqual(week.summaries.filter((s) => s.route === route));
    // 28 days: both loads; 1000 and 3000 interpolate to 2500 at the 75th percentile.
    const month = await summaries('?days=28');
    expect(month.days).toBe(28);
    expect(month.summaries.filter((summary) => summary.route === route)).toEqual([
      { route, metric: 'LCP', p75: 2500, count: 2, rating: 'good' },
    ]);
    // Only the two windows.
    const other = await read('viewer', '?days=30');
    expect(other.statusCode).toBe(400);
    expect(AdminError.parse(other.json()).error.details?.[0]?.key).toBe('days');

    // Past 28 days the housekeeping deletes the older load, and then the newer.
    test.clock.advance(19 * DAY_MS);
    await signInViewerAgain();
    const first = await test.app.services.housekeeping.runOnce();
    expect(first.webVitals).toBeGreaterThan(0);
    expect(await of(route, '?days=28')).toEqual([
      { route, metric: 'LCP', p75: 1000, count: 1, rating: 'good' },
    ]);
    const cutoff = test.clock.now().getTime() - 28 * DAY_MS;
    expect((await storedRows()).every((row) => row.recorded_at.getTime() >= cutoff)).toBe(true);
    test.clock.advance(10 * DAY_MS);
    await test.app.services.housekeeping.runOnce();
    expect(await storedRows()).toEqual([]);
  });
});
