import type { InstitutionConfiguration } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database, InstitutionRow } from '../../db/schema';
import { asConfiguration } from '../../db/stored-configuration';

type Db = Kysely<Database>;

export async function findInstitutionByHost(
  db: Db,
  host: string,
): Promise<InstitutionRow | undefined> {
  return db
    .selectFrom('institution_hosts')
    .innerJoin('institutions', 'institutions.id', 'institution_hosts.institution_id')
    .selectAll('institutions')
    .where('institution_hosts.host', '=', host)
    .executeTakeFirst();
}

export async function findDefaultInstitution(db: Db): Promise<InstitutionRow | undefined> {
  return db
    .selectFrom('institutions')
    .selectAll()
    .where('is_default', '=', true)
    .executeTakeFirst();
}

export async function findInstitutionById(
  db: Db,
  institutionId: number,
): Promise<InstitutionRow | undefined> {
  return db
    .selectFrom('institutions')
    .selectAll()
    .where('id', '=', institutionId)
    .executeTakeFirst();
}

/** The encrypted value of a named institution secret (the single sign-on shared secret). */
export async function findInstitutionSecret(
  db: Db,
  institutionId: number,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('institution_secrets')
    .select('secret_encrypted')
    .where('institution_id', '=', institutionId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.secret_encrypted;
}

export async function upsertInstitutionSecret(
  db: Db,
  secret: { institutionId: number; name: string; encrypted: string; at: Date },
): Promise<void> {
  await db
    .insertInto('institution_secrets')
    .values({
      institution_id: secret.institutionId,
      name: secret.name,
      secret_encrypted: secret.encrypted,
      created_at: secret.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['institution_id', 'name'])
        .doUpdateSet({ secret_encrypted: secret.encrypted, created_at: secret.at }),
    )
    .execute();
}

// ---- The institutions staff see in the admin API ---------------------------------------------

export interface InstitutionListRow {
  id: number;
  slug: string;
  name: string;
  cdnFolder: string;
  publishedVersion: number;
  hasDraft: boolean;
}

export async function listInstitutionRows(db: Db): Promise<InstitutionListRow[]> {
  const rows = await db
    .selectFrom('institutions')
    .leftJoin('settings_drafts', 'settings_drafts.institution_id', 'institutions.id')
    .select((eb) => [
      'institutions.id as id',
      'institutions.slug as slug',
      'institutions.name as name',
      'institutions.cdn_folder as cdnFolder',
      eb
        .selectFrom('settings_versions')
        .select((inner) => inner.fn.max('settings_versions.version').as('v'))
        .whereRef('settings_versions.institution_id', '=', 'institutions.id')
        .as('publishedVersion'),
      'settings_drafts.institution_id as draftOf',
    ])
    .orderBy('institutions.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    cdnFolder: row.cdnFolder,
    publishedVersion: row.publishedVersion ?? 0,
    hasDraft: row.draftOf !== null,
  }));
}

export async function listHosts(db: Db): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('institution_hosts')
    .select(['institution_id', 'host'])
    .orderBy('host')
    .execute();
  const hosts = new Map<number, string[]>();
  for (const row of rows) {
    const list = hosts.get(row.institution_id) ?? [];
    list.push(row.host);
    hosts.set(row.institution_id, list);
  }
  return hosts;
}

export async function findInstitutionBySlug(db: Db, slug: string) {
  return db.selectFrom('institutions').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function findTakenHosts(db: Db, hosts: readonly string[]): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db
    .selectFrom('institution_hosts')
    .select('host')
    .where('host', 'in', hosts)
    .execute();
  return rows.map((row) => row.host);
}

// ---- Published settings ------------------------------------------------------------------------

export interface PublishedSettings {
  version: number;
  document: InstitutionConfiguration;
}

/** The published configuration is the latest version. */
export async function findLatestSettingsVersion(
  db: Db,
  institutionId: number,
): Promise<PublishedSettings | undefined> {
  const row = await db
    .selectFrom('settings_versions')
    .select(['version', 'document'])
    .where('institution_id', '=', institutionId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { version: row.version, document: asConfiguration(row.document) } : undefined;
}

export interface NewSettingsVersion {
  institutionId: number;
  document: InstitutionConfiguration;
  comment: string;
  publishedBy: string;
  publishedAt: Date;
}

/**
 * Appends the next version. Two concurrent publishes compute the same number and the unique
 * (institution_id, version) constraint rejects the second, so no version is silently lost.
 */
export async function insertNextSettingsVersion(
  db: Db,
  entry: NewSettingsVersion,
  /** Runs in the same transaction after the insert (the admin API removes the draft, audits). */
  within?: (trx: Db, version: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom('settings_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('institution_id', '=', entry.institutionId)
      .executeTakeFirst();
    const version = (latest?.version ?? 0) + 1;
    await trx
      .insertInto('settings_versions')
      .values({
        institution_id: entry.institutionId,
        version,
        document: JSON.stringify(entry.document),
        comment: entry.comment,
        published_by: entry.publishedBy,
        published_at: entry.publishedAt,
      })
      .execute();
    if (within) await within(trx, version);
    return version;
  });
}

export interface NewInstitutionEntry {
  slug: string;
  name: string;
  cdnFolder: string;
  timeZone: string;
  hosts: readonly string[];
  /** Published as version 1. */
  document: InstitutionConfiguration;
  comment: string;
  createdBy: string;
  at: Date;
}

/**
 * A unique rule of the database refused a new institution: a concurrent request took its slug, one
 * of its host names or the default role first. Its transaction was rolled back: nothing of it was
 * written.
 */
export class InstitutionConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstitutionConflictError';
  }
}

function conflictOf(
  error: unknown,
  entry: NewInstitutionEntry,
): InstitutionConflictError | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== '23505') {
    return undefined;
  }
  const constraint = 'constraint' in error ? error.constraint : undefined;
  if (constraint === 'institutions_one_default') {
    return new InstitutionConflictError(
      `Another institution was created at the same moment and became the default, so "${entry.slug}" ` +
        'was not created. Try again: it will be created as a further institution.',
    );
  }
  if (constraint === 'institutions_slug_key') {
    return new InstitutionConflictError(`"${entry.slug}" was taken at the same moment.`);
  }
  if (constraint === 'institution_hosts_pkey') {
    return new InstitutionConflictError(
      `One of the host names ${entry.hosts.join(', ')} was taken by another institution at the same moment.`,
    );
  }
  return new InstitutionConflictError(
    `"${entry.slug}" was not created: a concurrent change took its slug or a host name.`,
  );
}

/**
 * Adds an institution, its host names and its first published settings in one transaction. The
 * first institution becomes the default one; a unique rule refusing the insert (see below) throws
 * an InstitutionConflictError.
 */
export async function insertInstitution(
  db: Db,
  entry: NewInstitutionEntry,
  within?: (trx: Db, institutionId: number) => Promise<void>,
): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      // The default institution answers on localhost and the loopback addresses (LOOPBACK_HOSTS,
      // for host names no institution claims; any other unknown host gets 404) and anchors the
      // staff sign-in (its counters and e-mails): without one nobody can sign in to the admin. So
      // whichever institution is created first, by the admin API or the operators' `institution`
      // command, becomes the default when there is none yet. Two such creations at once both see
      // no default here and both insert one; the partial unique index institutions_one_default
      // refuses the later insert and its whole transaction rolls back.
      const existingDefault = await trx
        .selectFrom('institutions')
        .select('id')
        .where('is_default', '=', true)
        .executeTakeFirst();
      const { id } = await trx
        .insertInto('institutions')
        .values({
          slug: entry.slug,
          name: entry.name,
          cdn_folder: entry.cdnFolder,
          time_zone: entry.timeZone,
          is_default: existingDefault === undefined,
          created_at: entry.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('institution_hosts')
        .values(entry.hosts.map((host) => ({ host, institution_id: id })))
        .execute();
      await trx
        .insertInto('settings_versions')
        .values({
          institution_id: id,
          version: 1,
          document: JSON.stringify(entry.document),
          comment: entry.comment,
          published_by: entry.createdBy,
          published_at: entry.at,
        })
        .execute();
      if (within) await within(trx, id);
      return id;
    });
  } catch (error) {
    throw conflictOf(error, entry) ?? error;
  }
}

/** Every institution's id and time zone (jobs that run per institution). */
export async function listInstitutionZones(db: Kysely<Database>) {
  return db.selectFrom('institutions').select(['id', 'time_zone']).orderBy('id').execute();
}
