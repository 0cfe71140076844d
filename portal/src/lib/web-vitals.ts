/*
 * Real-user measurement (issue 23): a sample of page loads reports its Core Web Vitals (LCP, INP,
 * CLS, TTFB) to `POST /api/Analytics/WebVitals`, each with the pattern of the route it belongs to
 * and nothing else about the user, fire-and-forget like the page views. Staff read each route's
 * 75th percentile in the admin app.
 *
 * The sample is drawn once per page load, at the institution's
 * analyticsOptions.webVitalsSampleRate (domain `webVitalsSampleRate`: none while page-view
 * analytics is off); the `web-vitals` library is loaded only for a sampled load, and never in the
 * admin's preview.
 *
 * Which route a metric belongs to: this is one document for the whole visit (a hash router), so
 * the browser measures the visit, not a screen. TTFB is the load of the address the visitor
 * opened; LCP belongs to the route on screen when the largest paint happened, INP to the route
 * of its slowest interaction, CLS to the route where its worst burst of shifts began (the route
 * of the landing address when the page never shifted). The router changes the hash with
 * `history.pushState`, which fires no event, so a small timeline notes the hash when each
 * interaction starts and when each paint or shift is observed, at the performance timeline's
 * time, which the metrics' entries carry.
 *
 * Reports go through the API client (the CSRF header), with fetch's keepalive because INP and
 * CLS are reported as the page is hidden or closed; `navigator.sendBeacon` cannot carry the
 * header.
 */
import {
  Envelope,
  routePattern,
  WebVitalNavigationType,
  WebVitalReport,
  webVitalsSampleRate,
} from '@portal/domain';
import { createServedSettingsAccessor } from '@portal/settings-schema';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { api } from './api-client';
import { routePathOf } from './route-path';
import { currentPreviewToken } from './preview/preview-token';
import { applicationOptionsQuery } from './settings/get-application-options';

/** What the portal reads of a `web-vitals` metric. */
export interface MeasuredMetric {
  name: string;
  value: number;
  id: string;
  navigationType?: string;
  entries: readonly PerformanceEntry[];
}

type Listener = (report: (metric: MeasuredMetric) => void) => void;

/** The part of the `web-vitals` library used: one listener per metric. */
export interface WebVitalsLibrary {
  onLCP: Listener;
  onINP: Listener;
  onCLS: Listener;
  onTTFB: Listener;
}

export interface StartWebVitalsOptions {
  /** The portal's route table (app/router.tsx `routes`): a metric names its route's pattern. */
  routes: RouteObject[];
  /** The client holding the start-up settings (main.tsx's): the sample rate is read from them. */
  queryClient: QueryClient;
  /** The draw deciding whether this load is measured (tests pass their own). */
  random?: () => number;
  /** Loads the library (tests pass a fake; there is no module mocking in the web tests). */
  loadLibrary?: () => Promise<WebVitalsLibrary>;
}

/** '#/myaccount/loanDetails/001-100234-1?x=1' → '/myaccount/loanDetails/:accountNumber'. */
export function routePatternOfHash(routes: RouteObject[], hash: string): string {
  return routePattern(
    (matchRoutes(routes, routePathOf(hash)) ?? []).map((match) => match.route.path),
  );
}

/** Where the visitor was (the hash) from which moment on, in the performance timeline's time. */
export interface RouteTimeline {
  /** The hash of the address the page was opened at. */
  readonly landing: string;
  /** The hash at a moment: the last one noted at or before it (the landing one before any). */
  at(time: number): string;
  stop(): void;
}

const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;
const OBSERVED_ENTRIES = ['largest-contentful-paint', 'layout-shift'] as const;
/** A visit never needs more; past it the timeline stops growing (the last hashes stay). */
const MAX_MARKS = 500;

export function createRouteTimeline(): RouteTimeline {
  const landing = window.location.hash;
  const marks: { time: number; hash: string }[] = [];
  const note = (time: number) => {
    if (marks.length < MAX_MARKS) marks.push({ time, hash: window.location.hash });
  };
  // An interaction's entry starts at its first event's timeStamp; capture comes before the
  // handlers, so the hash is the route the visitor acted on, before any navigation it causes.
  const onInput = (event: Event) => note(event.timeStamp);
  const onHistory = () => note(performance.now());
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true });
  window.addEventListener('popstate', onHistory);
  window.addEventListener('hashchange', onHistory);
  let observer: PerformanceObserver | undefined;
  if (typeof PerformanceObserver !== 'undefined') {
    // Observed a frame or so after they happen: on screen is still the route they happened on.
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) note(entry.startTime);
    });
    for (const type of OBSERVED_ENTRIES) {
      if (PerformanceObserver.supportedEntryTypes.includes(type)) {
        observer.observe({ type, buffered: true });
      }
    }
  }
  return {
    landing,
    at(time) {
      let found: { time: number; hash: string } | undefined;
      for (const mark of marks) {
        if (mark.time <= time && (!found || mark.time >= found.time)) found = mark;
      }
      return found?.hash ?? landing;
    },
    stop() {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      window.removeEventListener('popstate', onHistory);
      window.removeEventListener('hashchange', onHistory);
      observer?.disconnect();
    },
  };
}

/** The moment a metric belongs to (see the header), or undefined for the landing address. */
function momentOf(metric: MeasuredMetric): number | undefined {
  if (metric.name === 'LCP') return metric.entries.at(-1)?.startTime;
  if (metric.name === 'INP' || metric.name === 'CLS') return metric.entries[0]?.startTime;
  return undefined;
}

/** The report of a metric, or undefined when it is not one the server takes. */
export function webVitalReportOf(
  metric: MeasuredMetric,
  routes: RouteObject[],
  timeline: Pick<RouteTimeline, 'landing' | 'at'>,
): WebVitalReport | undefined {
  const moment = momentOf(metric);
  const hash = moment === undefined ? timeline.landing : timeline.at(moment);
  const navigationType = WebVitalNavigationType.safeParse(metric.navigationType);
  // The domain's own check: a route pattern only (never an address), a value within bounds.
  const report = WebVitalReport.safeParse({
    Id: metric.id,
    Metric: metric.name,
    Value: metric.value,
    Route: routePatternOfHash(routes, hash),
    ...(navigationType.success ? { NavigationType: navigationType.data } : {}),
  });
  return report.success ? report.data : undefined;
}

function send(report: WebVitalReport): void {
  api
    .post('api/Analytics/WebVitals', report, Envelope, {
      keepalive: true,
      ignoreUnauthorized: true,
    })
    .catch(() => {
      // Measurement never gets in the user's way.
    });
}

/**
 * Starts measuring this page load when the institution's sample draws it. Call once, at start-up,
 * with the route table and the client that loads the start-up settings. Resolves once decided;
 * never fails.
 */
export async function startWebVitals(options: StartWebVitalsOptions): Promise<void> {
  if (currentPreviewToken()) return;
  const random = options.random ?? Math.random;
  const loadLibrary = options.loadLibrary ?? (() => import('web-vitals'));
  // Noted from the start, before the settings arrive, so the first paint and shifts are placed.
  const timeline = createRouteTimeline();
  try {
    const startup = await options.queryClient.ensureQueryData(applicationOptionsQuery());
    const rate = webVitalsSampleRate(createServedSettingsAccessor(startup.gassySettings));
    if (!(random() < rate)) {
      timeline.stop();
      return;
    }
    const library = await loadLibrary();
    const report = (metric: MeasuredMetric) => {
      const body = webVitalReportOf(metric, options.routes, timeline);
      if (body) send(body);
    };
    library.onTTFB(report);
    library.onLCP(report);
    library.onINP(report);
    library.onCLS(report);
  } catch {
    // No settings (the app shows its error page) or no library: nothing is measured.
    timeline.stop();
  }
}
