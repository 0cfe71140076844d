import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  isWebVitalRoute,
  roundWebVital,
  routePattern,
  WEB_VITAL_METRICS,
  WEB_VITAL_THRESHOLDS,
  WebVitalReport,
  webVitalRating,
  webVitalsSampleRate,
} from './web-vitals';

const REPORT = {
  Id: 'v5-1741964400000-8723459812345',
  Metric: 'LCP',
  Value: 2100.4,
  Route: '/myaccount/loanDetails/:accountNumber',
  NavigationType: 'navigate',
};

describe('the web vitals thresholds', () => {
  it('are Google’s good and poor boundaries', () => {
    expect(WEB_VITAL_THRESHOLDS).toEqual({
      LCP: { good: 2500, poor: 4000, unit: 'ms' },
      INP: { good: 200, poor: 500, unit: 'ms' },
      CLS: { good: 0.1, poor: 0.25, unit: 'score' },
      TTFB: { good: 800, poor: 1800, unit: 'ms' },
    });
  });

  it('rate a value on a boundary as the better side, above it as the worse', () => {
    const cases = [
      ['LCP', 2500, 'good'],
      ['LCP', 2501, 'needs-improvement'],
      ['LCP', 4000, 'needs-improvement'],
      ['LCP', 4001, 'poor'],
      ['INP', 0, 'good'],
      ['INP', 200, 'good'],
      ['INP', 201, 'needs-improvement'],
      ['INP', 500, 'needs-improvement'],
      ['INP', 501, 'poor'],
      ['CLS', 0.1, 'good'],
      ['CLS', 0.101, 'needs-improvement'],
      ['CLS', 0.25, 'needs-improvement'],
      ['CLS', 0.251, 'poor'],
      ['TTFB', 800, 'good'],
      ['TTFB', 1800, 'needs-improvement'],
      ['TTFB', 1800.5, 'poor'],
    ] as const;
    for (const [metric, value, rating] of cases) {
      expect(webVitalRating(metric, value), `${metric} ${value}`).toBe(rating);
    }
  });

  it('rounds milliseconds to whole ones and the layout shift score to three decimals', () => {
    expect(roundWebVital('LCP', 2500.4)).toBe(2500);
    expect(roundWebVital('TTFB', 799.5)).toBe(800);
    expect(roundWebVital('CLS', 0.10049)).toBe(0.1);
    expect(roundWebVital('CLS', 0.2516)).toBe(0.252);
  });

  it('lists the four metrics in the order staff read them', () => {
    expect(WEB_VITAL_METRICS).toEqual(['LCP', 'INP', 'CLS', 'TTFB']);
  });
});

describe('the share of page loads measured', () => {
  const rate = (analyticsOptions: Record<string, string>) =>
    webVitalsSampleRate(createSettingsAccessor({ shared: { analyticsOptions }, english: {} }));

  it('is the sample rate while page-view analytics is on, a tenth unless set', () => {
    expect(rate({ enablePageViewAnalyticsOption: 'true' })).toBe(0.1);
    expect(rate({ enablePageViewAnalyticsOption: 'true', webVitalsSampleRate: '0.25' })).toBe(0.25);
    expect(rate({ enablePageViewAnalyticsOption: 'true', webVitalsSampleRate: '0' })).toBe(0);
  });

  it('is none while analytics is off, whatever the rate', () => {
    expect(rate({})).toBe(0);
    expect(rate({ enablePageViewAnalyticsOption: 'false', webVitalsSampleRate: '1' })).toBe(0);
  });

  it('stays between none and every load', () => {
    expect(rate({ enablePageViewAnalyticsOption: 'true', webVitalsSampleRate: '7' })).toBe(1);
    expect(rate({ enablePageViewAnalyticsOption: 'true', webVitalsSampleRate: '-1' })).toBe(0);
  });
});

describe('the route pattern of a measurement', () => {
  it('joins the matched routes’ paths, dropping pathless layouts and optional marks', () => {
    expect(routePattern(['/', 'myaccount', 'loanDetails/:accountNumber?'])).toBe(
      '/myaccount/loanDetails/:accountNumber',
    );
    expect(routePattern(['/', undefined, 'home', undefined, 'login'])).toBe('/home/login');
    expect(routePattern(['/', 'home', undefined])).toBe('/home');
    expect(routePattern(['/'])).toBe('/');
    expect(routePattern([])).toBe('/');
    expect(routePattern(['/', '*'])).toBe('/*');
  });

  it('is a pattern of words and parameters, never a number, address or query', () => {
    for (const route of [
      '/',
      '/home/login',
      '/myaccount/loanDetails/:accountNumber',
      '/home/verifyEmail/:enc',
      '/myaccount/document-center',
      '/*',
    ]) {
      expect(isWebVitalRoute(route), route).toBe(true);
    }
    for (const route of [
      '',
      'home/login',
      '/myaccount/loanDetails/001-100234-1',
      '/myaccount/loanDetails/:accountNumber1',
      '/myaccount/applicationdetails/A-240298',
      '/home/login?user=jordan',
      '/home/sso/jordan.rivers@example.test',
      '/home//login',
      '/home/login/',
      `/${'a'.repeat(200)}`,
    ]) {
      expect(isWebVitalRoute(route), route).toBe(false);
    }
  });
});

describe('a web vitals report', () => {
  it('takes a measurement of a route pattern', () => {
    expect(WebVitalReport.parse(REPORT)).toEqual(REPORT);
    expect(WebVitalReport.parse({ ...REPORT, NavigationType: undefined })).toMatchObject({
      Metric: 'LCP',
    });
  });

  it('refuses an address with an account number, naming the field and the rule', () => {
    const result = WebVitalReport.safeParse({
      ...REPORT,
      Route: '/myaccount/loanDetails/001-100234-1',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'Route',
        'must be a route pattern such as /myaccount/loanDetails/:accountNumber: words and :parameters only, never a number, an address or a query',
      ],
    ]);
  });

  it('refuses other metrics, negative values and values beyond the metric’s bound', () => {
    expect(WebVitalReport.safeParse({ ...REPORT, Metric: 'FCP' }).success).toBe(false);
    expect(WebVitalReport.safeParse({ ...REPORT, Value: -1 }).success).toBe(false);
    expect(WebVitalReport.safeParse({ ...REPORT, Value: Number.NaN }).success).toBe(false);
    expect(WebVitalReport.safeParse({ ...REPORT, Metric: 'LCP', Value: 120_000 }).success).toBe(
      true,
    );
    const tooLong = WebVitalReport.safeParse({ ...REPORT, Metric: 'LCP', Value: 120_001 });
    expect(tooLong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['Value', 'must be at most 120000 for LCP'],
    ]);
    expect(WebVitalReport.safeParse({ ...REPORT, Metric: 'CLS', Value: 51 }).success).toBe(false);
    expect(WebVitalReport.safeParse({ ...REPORT, Id: 'v5 1' }).success).toBe(false);
    expect(WebVitalReport.safeParse({ ...REPORT, NavigationType: 'teleport' }).success).toBe(false);
  });
});
