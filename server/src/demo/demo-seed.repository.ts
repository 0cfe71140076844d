import { sql, type Insertable, type Kysely } from 'kysely';
import type {
  AgreementLogsTable,
  CustomersTable,
  Database,
  LoginHistoryTable,
  UsersTable,
} from '../db/schema';
import type { StaffAccountsTable } from '../db/tables/staff';

/**
 * The demo seed's own queries. The seed writes the rows of a portal that has been in use for
 * years (sign-ins, agreements and passwords dated in the past, users half-way through a step), which
 * no module's service writes, so it keeps them here, as any repository would; what a service does
 * offer (payments, saved methods, link tokens) the seed asks that service for.
 */
type Db = Kysely<Database>;

/** Any number; it names the lock two instances take when both find the database empty. */
const SEED_LOCK_KEY = 7_406_113;

export async function hasInstitutions(db: Db): Promise<boolean> {
  const row = await db.selectFrom('institutions').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serialises seeding across instances that start at once on one PostgreSQL database. */
export async function lockSeeding(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
}

export interface DemoInstitutionRows {
  slug: string;
  name: string;
  cdnFolder: string;
  timeZone: string;
  isDefault: boolean;
  hosts: readonly string[];
  /** The settings document, published as version 1. */
  settingsJson: string;
  publishedBy: string;
  now: Date;
}

/** The institution, its host names and its first published settings version; answers its id. */
export async function insertDemoInstitution(trx: Db, rows: DemoInstitutionRows): Promise<number> {
  const { id } = await trx
    .insertInto('institutions')
    .values({
      slug: rows.slug,
      name: rows.name,
      cdn_folder: rows.cdnFolder,
      time_zone: rows.timeZone,
      is_default: rows.isDefault,
      created_at: rows.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('institution_hosts')
    .values(rows.hosts.map((host) => ({ host, institution_id: id })))
    .execute();
  await trx
    .insertInto('settings_versions')
    .values({
      institution_id: id,
      version: 1,
      document: rows.settingsJson,
      comment: 'Demo seed',
      published_by: rows.publishedBy,
      published_at: rows.now,
    })
    .execute();
  return id;
}

export async function insertInstitutionSecret(
  trx: Db,
  secret: { institutionId: number; name: string; secretEncrypted: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('institution_secrets')
    .values({
      institution_id: secret.institutionId,
      name: secret.name,
      secret_encrypted: secret.secretEncrypted,
      created_at: secret.now,
    })
    .execute();
}

export async function insertCustomer(trx: Db, row: Insertable<CustomersTable>): Promise<string> {
  const { id } = await trx
    .insertInto('customers')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertUser(trx: Db, row: Insertable<UsersTable>): Promise<string> {
  const { id } = await trx
    .insertInto('users')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertLoginHistory(
  trx: Db,
  row: Insertable<LoginHistoryTable>,
): Promise<void> {
  await trx.insertInto('login_history').values(row).execute();
}

export async function insertAgreementLog(
  trx: Db,
  row: Insertable<AgreementLogsTable>,
): Promise<void> {
  await trx.insertInto('agreement_logs').values(row).execute();
}

/** Institution ids by slug. */
export async function institutionIdsBySlug(trx: Db): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('institutions').select(['id', 'slug']).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export async function insertStaffAccount(
  trx: Db,
  row: Insertable<StaffAccountsTable>,
): Promise<string> {
  const { id } = await trx
    .insertInto('staff_accounts')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertStaffMembership(
  trx: Db,
  membership: { staffId: string; institutionId: number; role: string },
): Promise<void> {
  await trx
    .insertInto('staff_memberships')
    .values({
      staff_id: membership.staffId,
      institution_id: membership.institutionId,
      role: membership.role,
    })
    .execute();
}

/** The institutions with a settings version published by `publisher`, by slug. */
export async function listInstitutionsPublishedBy(
  db: Db,
  publisher: string,
): Promise<{ id: number; slug: string }[]> {
  return db
    .selectFrom('institutions')
    .select(['institutions.id', 'institutions.slug'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('settings_versions')
          .select('settings_versions.id')
          .whereRef('settings_versions.institution_id', '=', 'institutions.id')
          .where('settings_versions.published_by', '=', publisher),
      ),
    )
    .orderBy('institutions.slug')
    .execute();
}

/** The staff accounts among these e-mail addresses, by e-mail. */
export async function listStaffWithEmails(
  db: Db,
  emails: readonly string[],
): Promise<{ email: string }[]> {
  return db
    .selectFrom('staff_accounts')
    .select('email')
    .where('email', 'in', emails)
    .orderBy('email')
    .execute();
}

/** How many online users the institutions have. */
export async function countUsersOf(db: Db, institutionIds: readonly number[]): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('institution_id', 'in', institutionIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
