import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The branch locator's branches (issue 22): each institution's own list, in the order staff put
 * them in, with the place each is drawn at on the map.
 */
export const branches: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('branches')
      .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('institution_id', 'integer', (column) =>
        column.notNull().references('institutions.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('street_address', 'text', (column) => column.notNull())
      .addColumn('city', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('zip', 'text', (column) => column.notNull())
      .addColumn('phone_number', 'text', (column) => column.notNull())
      .addColumn('hours', 'jsonb', (column) => column.notNull())
      .addColumn('latitude', 'double precision', (column) => column.notNull())
      .addColumn('longitude', 'double precision', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('branches_institution_position')
      .on('branches')
      .columns(['institution_id', 'position'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('branches').execute();
  },
};
