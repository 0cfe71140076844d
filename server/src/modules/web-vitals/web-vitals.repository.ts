import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface WebVitalEntry {
  institutionId: number;
  measurementId: string;
  route: string;
  metric: string;
  value: number;
  navigationType: string | null;
  at: Date;
}

/**
 * Keeps one row per page load and metric: a repeated report of the same measurement (INP and CLS
 * are reported again when they grow) replaces its route and value and keeps its first time.
 */
export async function upsertWebVital(db: Db, entry: WebVitalEntry): Promise<void> {
  await db
    .insertInto('web_vitals')
    .values({
      institution_id: entry.institutionId,
      measurement_id: entry.measurementId,
      route: entry.route,
      metric: entry.metric,
      value: entry.value,
      navigation_type: entry.navigationType,
      recorded_at: entry.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['institution_id', 'measurement_id']).doUpdateSet((eb) => ({
        route: eb.ref('excluded.route'),
        metric: eb.ref('excluded.metric'),
        value: eb.ref('excluded.value'),
        navigation_type: eb.ref('excluded.navigation_type'),
      })),
    )
    .execute();
}

export interface WebVitalPercentileRow {
  route: string;
  metric: string;
  p75: number;
  count: number;
}

/**
 * Per route and metric, the 75th percentile (interpolated between the two nearest values, as
 * `percentile_cont` does on PGlite and PostgreSQL alike) and the number of page loads of the
 * institution's rows recorded from `since` on.
 */
export async function webVitalPercentiles(
  db: Db,
  institutionId: number,
  since: Date,
): Promise<WebVitalPercentileRow[]> {
  const rows = await db
    .selectFrom('web_vitals')
    .select([
      'route',
      'metric',
      sql<number>`percentile_cont(0.75) within group (order by value)`.as('p75'),
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .where('institution_id', '=', institutionId)
    .where('recorded_at', '>=', since)
    .groupBy(['route', 'metric'])
    .orderBy('route')
    .orderBy('metric')
    .execute();
  return rows.map((row) => ({ ...row, p75: Number(row.p75), count: Number(row.count) }));
}

/** Deletes every institution's rows recorded before `before`; the number deleted. */
export async function deleteWebVitalsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('web_vitals')
    .where('recorded_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
