import type { InstitutionConfiguration } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database, InstitutionRow } from '../../db/schema';

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

/**
 * A stored document as the settings code expects it: set → section → name → text. Anything else
 * (a hand-edited row) is dropped rather than trusted.
 */
export function asConfiguration(value: unknown): InstitutionConfiguration {
  const configuration: InstitutionConfiguration = {};
  if (typeof value !== 'object' || value === null) return configuration;
  for (const [set, sections] of Object.entries(value)) {
    if ((set !== 'shared' && set !== 'english') || typeof sections !== 'object' || !sections) {
      continue;
    }
    const sectionValues: Record<string, Record<string, string>> = {};
    for (const [section, names] of Object.entries(sections)) {
      if (typeof names !== 'object' || names === null) continue;
      const texts: Record<string, string> = {};
      for (const [name, text] of Object.entries(names)) {
        if (typeof text === 'string') texts[name] = text;
      }
      sectionValues[section] = texts;
    }
    configuration[set] = sectionValues;
  }
  return configuration;
}

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

/** Adds an institution, its host names and its first published settings in one transaction. */
export async function insertInstitution(
  db: Db,
  entry: NewInstitutionEntry,
  within?: (trx: Db, institutionId: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('institutions')
      .values({
        slug: entry.slug,
        name: entry.name,
        cdn_folder: entry.cdnFolder,
        time_zone: entry.timeZone,
        is_default: false,
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
}
