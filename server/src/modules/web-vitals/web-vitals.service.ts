import {
  roundWebVital,
  WEB_VITAL_METRICS,
  WebVitalMetric,
  webVitalRating,
  webVitalsSampleRate,
  type StaffWebVitalsResponse,
  type WebVitalReport,
  type WebVitalSummary,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  deleteWebVitalsBefore,
  upsertWebVital,
  webVitalPercentiles,
} from './web-vitals.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WebVitalsServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  settings(institutionId: number): Promise<SettingsAccessor>;
}

export type WebVitalsService = ReturnType<typeof createWebVitalsService>;

/**
 * Real-user measurement (issue 23). Reports come from anyone's browser without a session, so
 * each is checked by the domain's schema first (a route pattern, never an address; a value
 * within the metric's bound); here it is refused while the institution measures nothing
 * (analytics off or a sample rate of 0), like a page view. Staff read the p75 of a rolling
 * window: the last 7 or 28 times 24 hours up to now.
 */
export function createWebVitalsService(options: WebVitalsServiceOptions) {
  const { db, clock } = options;
  return {
    /** Stores the measurement; false when the institution measures nothing. */
    async record(institutionId: number, report: WebVitalReport): Promise<boolean> {
      if (webVitalsSampleRate(await options.settings(institutionId)) === 0) return false;
      await upsertWebVital(db, {
        institutionId,
        measurementId: report.Id,
        route: report.Route,
        metric: report.Metric,
        value: report.Value,
        navigationType: report.NavigationType ?? null,
        at: clock.now(),
      });
      return true;
    },

    /** Each route's p75 per metric over the last `days` days, rated by Google's thresholds. */
    async summaries(institutionId: number, days: number): Promise<StaffWebVitalsResponse> {
      const since = new Date(clock.now().getTime() - days * DAY_MS);
      const summaries: WebVitalSummary[] = [];
      for (const row of await webVitalPercentiles(db, institutionId, since)) {
        const metric = WebVitalMetric.safeParse(row.metric);
        // The table's check allows only the four; a row of another could only be a manual one.
        if (!metric.success) continue;
        const p75 = roundWebVital(metric.data, row.p75);
        summaries.push({
          route: row.route,
          metric: metric.data,
          p75,
          count: row.count,
          rating: webVitalRating(metric.data, p75),
        });
      }
      summaries.sort(
        (a, b) =>
          WEB_VITAL_METRICS.indexOf(a.metric) - WEB_VITAL_METRICS.indexOf(b.metric) ||
          (a.route < b.route ? -1 : a.route > b.route ? 1 : 0),
      );
      return { days, since: since.toISOString(), summaries };
    },
  };
}

/** Deletes the measurements recorded before `before` (for the housekeeping job); how many. */
export function purgeWebVitals(db: Kysely<Database>, before: Date): Promise<number> {
  return deleteWebVitalsBefore(db, before);
}
