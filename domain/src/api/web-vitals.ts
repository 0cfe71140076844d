import type { SettingsAccessor } from '@portal/settings-schema';
import { z } from 'zod';

/*
 * Real-user measurement (issue 23): the portal reports Core Web Vitals of a sample of page loads
 * (`POST /api/Analytics/WebVitals`), each with the pattern of the route it was measured on and
 * nothing else about the user; staff read each route's 75th percentile per metric
 * (`GET /admin-api/institutions/:slug/web-vitals?days=7|28`), rated by Google's thresholds below.
 * The thresholds live here only: the server rates with them and the admin's charts draw them.
 */

/** The metrics measured, in the order staff read them. */
export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export const WebVitalMetric = z.enum(WEB_VITAL_METRICS);
export type WebVitalMetric = z.infer<typeof WebVitalMetric>;

/** Google's ratings, as the `web-vitals` package names them. */
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export const WebVitalRating = z.enum(WEB_VITAL_RATINGS);
export type WebVitalRating = z.infer<typeof WebVitalRating>;

export interface WebVitalThresholds {
  /** A value up to this (inclusive) is good. */
  good: number;
  /** A value above `good` up to this (inclusive) needs improvement; above it, poor. */
  poor: number;
  /** Milliseconds, or a unitless score (CLS). */
  unit: 'ms' | 'score';
}

/**
 * Google's "good" and "poor" boundaries (web.dev/articles/vitals; the same as `web-vitals`'
 * LCPThresholds, INPThresholds, CLSThresholds and TTFBThresholds).
 */
export const WEB_VITAL_THRESHOLDS: Readonly<Record<WebVitalMetric, WebVitalThresholds>> = {
  LCP: { good: 2500, poor: 4000, unit: 'ms' },
  INP: { good: 200, poor: 500, unit: 'ms' },
  CLS: { good: 0.1, poor: 0.25, unit: 'score' },
  TTFB: { good: 800, poor: 1800, unit: 'ms' },
};

/**
 * The largest value a report may carry. A page load takes no more than two minutes to its first
 * byte or largest paint, an interaction no more than two minutes to paint, and a layout shift
 * score of 50 means the page moved its whole height fifty times over: anything beyond is a broken
 * or forged report, refused rather than allowed to skew the percentiles.
 */
export const WEB_VITAL_MAXIMUM: Readonly<Record<WebVitalMetric, number>> = {
  LCP: 120_000,
  INP: 120_000,
  CLS: 50,
  TTFB: 120_000,
};

/**
 * The share of page loads measured (0 to 1): analyticsOptions.webVitalsSampleRate while page-view
 * analytics is on (the institution's one analytics switch), else 0. The portal samples with it
 * and the server refuses reports while it is 0.
 */
export function webVitalsSampleRate(settings: Pick<SettingsAccessor, 'get'>): number {
  if (!settings.get('analyticsOptions.enablePageViewAnalyticsOption')) return 0;
  const rate = settings.get('analyticsOptions.webVitalsSampleRate');
  return Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 0;
}

/** Google's rating of a value: up to `good` is good, up to `poor` needs improvement, then poor. */
export function webVitalRating(metric: WebVitalMetric, value: number): WebVitalRating {
  const { good, poor } = WEB_VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs-improvement';
  return 'poor';
}

/** A value as it is kept and shown: whole milliseconds, or a layout shift score to 3 decimals. */
export function roundWebVital(metric: WebVitalMetric, value: number): number {
  return WEB_VITAL_THRESHOLDS[metric].unit === 'ms'
    ? Math.round(value)
    : Math.round(value * 1000) / 1000;
}

const SEGMENT = String.raw`(?:[A-Za-z_-]+|:[A-Za-z_]+|\*)`;

/**
 * A route pattern: '/' and segments that are each a word ('loanDetails'), a parameter
 * (':accountNumber') or '*'. No digit, dot, '@' or query can pass, so no account number, e-mail
 * address, token or search ever reaches the measurements.
 */
export const WEB_VITAL_ROUTE = new RegExp(`^/(?:${SEGMENT}(?:/${SEGMENT})*)?$`);

/** Whether a text is a route pattern a report may carry. */
export function isWebVitalRoute(route: string): boolean {
  return route.length <= 200 && WEB_VITAL_ROUTE.test(route);
}

/**
 * The pattern of a matched route from the `path` of each route of the match, outermost first
 * (react-router's `matchRoutes(...).map((match) => match.route.path)`): ['/', 'myaccount',
 * 'loanDetails/:accountNumber?'] is '/myaccount/loanDetails/:accountNumber'. Layout routes
 * without a path add nothing; an optional segment keeps its name without the '?'.
 */
export function routePattern(paths: readonly (string | undefined)[]): string {
  const segments = paths
    .flatMap((path) => (path ?? '').split('/'))
    .map((segment) => segment.replace(/\?$/, ''))
    .filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

/** How the page was loaded, as `web-vitals` reports it (its Metric.navigationType). */
export const WEB_VITAL_NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
] as const;
export const WebVitalNavigationType = z.enum(WEB_VITAL_NAVIGATION_TYPES);
export type WebVitalNavigationType = z.infer<typeof WebVitalNavigationType>;

/**
 * `POST /api/Analytics/WebVitals`: one measurement of one page load (enabled by
 * analyticsOptions.enablePageViewAnalyticsOption with a webVitalsSampleRate above 0). `Id` is the
 * `web-vitals` metric id, random per page load and metric: a later report of the same
 * measurement (INP and CLS grow while the page lives) replaces the value instead of adding one.
 */
export const WebVitalReport = z
  .object({
    Id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9-]+$/, 'must be the measurement’s id: letters, digits and hyphens'),
    Metric: WebVitalMetric,
    Value: z.number().min(0),
    Route: z
      .string()
      .max(200)
      .regex(
        WEB_VITAL_ROUTE,
        'must be a route pattern such as /myaccount/loanDetails/:accountNumber: words and :parameters only, never a number, an address or a query',
      ),
    NavigationType: WebVitalNavigationType.optional(),
  })
  .superRefine((report, context) => {
    const maximum = WEB_VITAL_MAXIMUM[report.Metric];
    if (report.Value > maximum) {
      context.addIssue({
        code: 'custom',
        path: ['Value'],
        message: `must be at most ${maximum} for ${report.Metric}`,
      });
    }
  });
export type WebVitalReport = z.infer<typeof WebVitalReport>;

/** The windows staff may read, in days up to now. */
export const WEB_VITAL_WINDOWS = ['7', '28'] as const;

/** `GET /admin-api/institutions/:slug/web-vitals?days=7|28` (7 unless given). */
export const StaffWebVitalsQuery = z.object({ days: z.enum(WEB_VITAL_WINDOWS).default('7') });
export type StaffWebVitalsQuery = z.infer<typeof StaffWebVitalsQuery>;

/** One route's measurements of one metric in the window. */
export const WebVitalSummary = z.object({
  route: z.string(),
  metric: WebVitalMetric,
  /** The 75th percentile (interpolated), rounded as `roundWebVital` does. */
  p75: z.number(),
  /** How many page loads were measured. */
  count: z.number().int(),
  /** The p75's rating. */
  rating: WebVitalRating,
});
export type WebVitalSummary = z.infer<typeof WebVitalSummary>;

/** The window's summaries, by metric (WEB_VITAL_METRICS order), then route. */
export const StaffWebVitalsResponse = z.object({
  days: z.number().int(),
  /** The window's start, an ISO instant: measurements from then on count. */
  since: z.string(),
  summaries: z.array(WebVitalSummary),
});
export type StaffWebVitalsResponse = z.infer<typeof StaffWebVitalsResponse>;
