import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Real-user measurement (issue 23): the Core Web Vitals a sample of the portal's page loads
 * report, each with the pattern of its route and nothing about the user. One row per page load
 * and metric (`measurement_id` is the `web-vitals` id: a later report of the same measurement
 * replaces the value). Kept 28 days, the longest window staff read (the housekeeping job).
 */
export const webVitals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('web_vitals')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('measurement_id', 'text', (column) => column.notNull())
      .addColumn('route', 'text', (column) => column.notNull())
      .addColumn('metric', 'text', (column) =>
        column.notNull().check(sql`metric in ('LCP', 'INP', 'CLS', 'TTFB')`),
      )
      .addColumn('value', 'double precision', (column) => column.notNull().check(sql`value >= 0`))
      .addColumn('navigation_type', 'text')
      .addColumn('recorded_at', 'timestamptz', (column) => column.notNull())
      .addUniqueConstraint('web_vitals_measurement', ['institution_id', 'measurement_id'])
      .execute();
    // The staff's read: one institution's rows of the window, grouped by route and metric.
    await db.schema
      .createIndex('web_vitals_institution_recorded_at')
      .on('web_vitals')
      .columns(['institution_id', 'recorded_at'])
      .execute();
    // The housekeeping's delete of every institution's old rows.
    await db.schema
      .createIndex('web_vitals_recorded_at')
      .on('web_vitals')
      .column('recorded_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('web_vitals').execute();
  },
};
