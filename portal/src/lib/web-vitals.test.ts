import { createQueryClient } from '@portal/web-kit';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../app/router';
import { stubFetch } from '../testing/fetch-stub';
import { applicationOptionsBody, OK, type SettingValues } from '../testing/fixtures';
import {
  createRouteTimeline,
  routePatternOfHash,
  startWebVitals,
  webVitalReportOf,
  type MeasuredMetric,
  type WebVitalsLibrary,
} from './web-vitals';

const REPORTS = 'POST /api/Analytics/WebVitals';
const ANALYTICS_ON: SettingValues = { 'analyticsOptions.enablePageViewAnalyticsOption': 'true' };

/** The library's stand-in: keeps each metric's listener so the test can report a measurement. */
function fakeLibrary() {
  const listeners = new Map<string, (metric: MeasuredMetric) => void>();
  const listen = (name: string) => (report: (metric: MeasuredMetric) => void) => {
    listeners.set(name, report);
  };
  const library: WebVitalsLibrary = {
    onLCP: listen('LCP'),
    onINP: listen('INP'),
    onCLS: listen('CLS'),
    onTTFB: listen('TTFB'),
  };
  return {
    load: vi.fn(async () => library),
    listened: () => [...listeners.keys()].sort(),
    report(metric: MeasuredMetric) {
      listeners.get(metric.name)?.(metric);
    },
  };
}

function metric(overrides: Partial<MeasuredMetric> & Pick<MeasuredMetric, 'name'>): MeasuredMetric {
  return {
    value: 100,
    id: `v5-1741964400000-${overrides.name}`,
    navigationType: 'navigate',
    entries: [],
    ...overrides,
  };
}

/** A page opened at `hash` with these settings; starts the measurement with the draw given. */
async function openPage(options: { hash: string; settings: SettingValues; draw: number }) {
  window.history.replaceState(null, '', `/${options.hash}`);
  const server = stubFetch({
    'GET /api/setup/ApplicationOptions': { body: applicationOptionsBody(options.settings) },
    [REPORTS]: OK,
  });
  const library = fakeLibrary();
  await startWebVitals({
    routes,
    queryClient: createQueryClient({ retry: false }),
    random: () => options.draw,
    loadLibrary: library.load,
  });
  return { server, library };
}

describe('the route pattern of a measurement', () => {
  it('names the matched route’s pattern, never the account or application number', () => {
    expect(routePatternOfHash(routes, '#/myaccount/loanDetails/001-100234-1')).toBe(
      '/myaccount/loanDetails/:accountNumber',
    );
    expect(routePatternOfHash(routes, '#/myaccount/applicationdetails/A-240298')).toBe(
      '/myaccount/applicationdetails/:applicationNumber',
    );
    expect(routePatternOfHash(routes, '#/myaccount/deposits/depositDetails/002-555-1')).toBe(
      '/myaccount/deposits/depositDetails/:accountNumber',
    );
    expect(routePatternOfHash(routes, '#/home/login?next=%2Fmyaccount')).toBe('/home/login');
    expect(routePatternOfHash(routes, '#/myaccount/dashboard')).toBe('/myaccount/dashboard');
    expect(routePatternOfHash(routes, '')).toBe('/');
    // An address no route has is the catch-all's.
    expect(routePatternOfHash(routes, '#/no/such/page/123')).toBe('/*');
  });

  it('belongs to the route on screen when the interaction started', () => {
    window.history.replaceState(null, '', '/#/home/login');
    const timeline = createRouteTimeline();
    // The router moves on with pushState, which fires no event.
    window.history.pushState(null, '', '/#/myaccount/dashboard');
    const press = new KeyboardEvent('keydown', { key: 'Enter' });
    window.dispatchEvent(press);
    window.history.pushState(null, '', '/#/myaccount/loanDetails/001-100234-1');

    expect(timeline.landing).toBe('#/home/login');
    expect(timeline.at(press.timeStamp - 1)).toBe('#/home/login');
    expect(timeline.at(press.timeStamp)).toBe('#/myaccount/dashboard');
    expect(timeline.at(press.timeStamp + 10_000)).toBe('#/myaccount/dashboard');
    timeline.stop();
  });
});

describe('the web vitals reporter', () => {
  it('reports each metric of a sampled load once, with its route’s pattern, in a request that outlives the page', async () => {
    const { server, library } = await openPage({
      hash: '#/myaccount/loanDetails/001-100234-1',
      settings: { ...ANALYTICS_ON, 'analyticsOptions.webVitalsSampleRate': '0.5' },
      draw: 0.49,
    });
    expect(library.load).toHaveBeenCalledTimes(1);
    expect(library.listened()).toEqual(['CLS', 'INP', 'LCP', 'TTFB']);

    // The visitor goes to the dashboard and presses a key there: the slow interaction.
    window.history.pushState(null, '', '/#/myaccount/dashboard');
    const press = new KeyboardEvent('keydown', { key: 'Enter' });
    window.dispatchEvent(press);

    library.report(metric({ name: 'TTFB', value: 412.3, navigationType: 'reload' }));
    library.report(metric({ name: 'LCP', value: 2710, entries: [entryAt(press.timeStamp - 5)] }));
    library.report(metric({ name: 'INP', value: 260, entries: [entryAt(press.timeStamp)] }));
    library.report(metric({ name: 'CLS', value: 0, entries: [], navigationType: 'prerender' }));

    await vi.waitFor(() => expect(server.requestsTo(REPORTS)).toHaveLength(4));
    const sent = server.requestsTo(REPORTS);
    expect(sent.map((request) => request.body)).toEqual([
      {
        Id: 'v5-1741964400000-TTFB',
        Metric: 'TTFB',
        Value: 412.3,
        Route: '/myaccount/loanDetails/:accountNumber',
        NavigationType: 'reload',
      },
      {
        Id: 'v5-1741964400000-LCP',
        Metric: 'LCP',
        Value: 2710,
        Route: '/myaccount/loanDetails/:accountNumber',
        NavigationType: 'navigate',
      },
      {
        Id: 'v5-1741964400000-INP',
        Metric: 'INP',
        Value: 260,
        Route: '/myaccount/dashboard',
        NavigationType: 'navigate',
      },
      {
        Id: 'v5-1741964400000-CLS',
        Metric: 'CLS',
        Value: 0,
        Route: '/myaccount/loanDetails/:accountNumber',
        NavigationType: 'prerender',
      },
    ]);
    for (const request of sent) {
      expect(request.keepalive).toBe(true);
      expect(request.headers.get('X-Requested-With')).toBe('portal');
    }
    // Nothing of the address itself travels.
    expect(JSON.stringify(sent.map((request) => request.body))).not.toMatch(/001-100234-1/);
  });

  it('measures a load only when the draw falls under the sample rate (a tenth unless set)', async () => {
    const outside = await openPage({
      hash: '#/home/login',
      settings: { ...ANALYTICS_ON, 'analyticsOptions.webVitalsSampleRate': '0.5' },
      draw: 0.5,
    });
    expect(outside.library.load).not.toHaveBeenCalled();

    const byDefault = await openPage({ hash: '#/home/login', settings: ANALYTICS_ON, draw: 0.09 });
    expect(byDefault.library.load).toHaveBeenCalledTimes(1);
    const overDefault = await openPage({ hash: '#/home/login', settings: ANALYTICS_ON, draw: 0.1 });
    expect(overDefault.library.load).not.toHaveBeenCalled();
  });

  it('measures nothing while analytics is off or the rate is 0, nor in the admin’s preview', async () => {
    for (const settings of [
      { 'analyticsOptions.webVitalsSampleRate': '1' },
      { ...ANALYTICS_ON, 'analyticsOptions.webVitalsSampleRate': '0' },
    ] satisfies SettingValues[]) {
      const page = await openPage({ hash: '#/home/login', settings, draw: 0 });
      expect(page.library.load).not.toHaveBeenCalled();
    }

    window.history.replaceState(null, '', '/?previewToken=preview-token#/home/login');
    const library = fakeLibrary();
    const server = stubFetch({});
    await startWebVitals({
      routes,
      queryClient: createQueryClient({ retry: false }),
      random: () => 0,
      loadLibrary: library.load,
    });
    expect(library.load).not.toHaveBeenCalled();
    expect(server.requests).toEqual([]);
  });

  it('leaves out a measurement the server would refuse', () => {
    const timeline = { landing: '#/home/login', at: () => '#/home/login' };
    expect(webVitalReportOf(metric({ name: 'FCP' }), routes, timeline)).toBeUndefined();
    expect(
      webVitalReportOf(metric({ name: 'LCP', value: 600_000 }), routes, timeline),
    ).toBeUndefined();
    expect(
      webVitalReportOf(metric({ name: 'TTFB', navigationType: 'teleport' }), routes, timeline),
    ).toEqual({ Id: 'v5-1741964400000-TTFB', Metric: 'TTFB', Value: 100, Route: '/home/login' });
  });
});

/** A performance entry at a moment of the timeline. */
function entryAt(startTime: number): PerformanceEntry {
  return {
    name: '',
    entryType: 'event',
    startTime,
    duration: 0,
    toJSON: () => ({}),
  };
}
