import { isTimeZone } from '@portal/domain';
import {
  createSettingsAccessor,
  type InstitutionConfiguration,
  type SettingsAccessor,
} from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database, InstitutionRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import type { RequestInstitution } from '../../plugins/institution';
import {
  findDefaultInstitution,
  findInstitutionById,
  findInstitutionBySlug,
  findInstitutionByHost,
  findInstitutionSecret,
  findLatestSettingsVersion,
  insertInstitution,
  insertNextSettingsVersion,
  listHosts,
  listInstitutionRows,
  listInstitutionZones,
  upsertInstitutionSecret,
  type NewInstitutionEntry,
} from './institutions.repository';

/** Host names that reach the default institution when no institution claims them. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1']);

export interface InstitutionsServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  dataProtector: DataProtector;
  /** How long a resolved host stays in memory. Short, because another instance may change the tables. */
  hostCacheTtlMs?: number;
  /** How long published settings are reused before they are read again (default 2 s). */
  settingsCacheTtlMs?: number;
}

export interface PublishSettingsInput {
  institutionId: number;
  document: InstitutionConfiguration;
  comment: string;
  publishedBy: string;
  /** Runs inside the publishing transaction, after the version is stored. */
  within?: (trx: Kysely<Database>, version: number) => Promise<void>;
}

export type CreateInstitutionInput = Omit<NewInstitutionEntry, 'at'> & {
  /** Runs inside the creating transaction. */
  within?: (trx: Kysely<Database>, institutionId: number) => Promise<void>;
};

export interface InstitutionsService {
  resolveHost(host: string): Promise<RequestInstitution | undefined>;
  defaultInstitution(): Promise<RequestInstitution | undefined>;
  findById(institutionId: number): Promise<RequestInstitution | undefined>;
  /** The published configuration (the latest version), `{}` when nothing was published. */
  publishedSettings(institutionId: number): Promise<InstitutionConfiguration>;
  /**
   * The typed accessor over the published settings, admin-only keys included (the server's
   * policies). Reading a key whose stored value is malformed throws a SettingsError.
   */
  settings(institutionId: number): Promise<SettingsAccessor>;
  /** Stores the next version and tells the listeners (caches built from the settings). */
  publishSettings(input: PublishSettingsInput): Promise<number>;
  onSettingsPublished(listener: (institutionId: number) => void): void;
  /**
   * Adds an institution with its hosts and published settings (version 1). Its portal answers on
   * its host names at once: they are dropped from the host cache.
   */
  createInstitution(input: CreateInstitutionInput): Promise<number>;
  /** maintenanceOptions.maintenanceModeOption of the published settings. */
  maintenanceMode(institutionId: number): Promise<boolean>;
  /** A named secret, decrypted (undefined when the institution has none of that name). */
  secret(institutionId: number, name: string): Promise<string | undefined>;
  storeSecret(institutionId: number, name: string, value: string): Promise<void>;
}

function toRequestInstitution(row: InstitutionRow): RequestInstitution {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    cdnFolder: row.cdn_folder,
    timeZone: row.time_zone,
  };
}

export function accessorOf(document: InstitutionConfiguration): SettingsAccessor {
  return createSettingsAccessor({ shared: document.shared ?? {}, english: document.english ?? {} });
}

/** An institution found by its slug, read now (no cache: staff act on one just created). */
export async function institutionBySlug(
  db: Kysely<Database>,
  slug: string,
): Promise<RequestInstitution | undefined> {
  const row = await findInstitutionBySlug(db, slug);
  return row ? toRequestInstitution(row) : undefined;
}

/**
 * Every institution's id and the time zone stored at its creation, by id (the jobs that run per
 * institution; the published localeOptions.institutionTimeZone may override the zone).
 */
export async function listInstitutionTimeZones(
  db: Kysely<Database>,
): Promise<{ id: number; timeZone: string }[]> {
  const rows = await listInstitutionZones(db);
  return rows.map((row) => ({ id: row.id, timeZone: row.time_zone }));
}

/** The host names an institution's portal answers on, alphabetically. */
export async function portalHostsOf(
  db: Kysely<Database>,
  institutionId: number,
): Promise<string[]> {
  return (await listHosts(db)).get(institutionId) ?? [];
}

/** The host names of every institution's portal. */
export async function allPortalHosts(db: Kysely<Database>): Promise<string[]> {
  return [...(await listHosts(db)).values()].flat();
}

/** One line of the operators' list of institutions. */
export interface InstitutionListing {
  id: number;
  slug: string;
  name: string;
  hosts: string[];
  /** The default institution also answers on localhost, and staff sign in through it. */
  isDefault: boolean;
}

/** Every institution, by name, with its host names and which one is the default. */
export async function listInstitutionDirectory(
  db: Kysely<Database>,
): Promise<InstitutionListing[]> {
  const rows = await listInstitutionRows(db);
  const hosts = await listHosts(db);
  const defaultId = (await findDefaultInstitution(db))?.id;
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    hosts: hosts.get(row.id) ?? [],
    isDefault: row.id === defaultId,
  }));
}

/**
 * An institution's name, CDN folder, published settings and time zone read through `db` only,
 * for work inside a caller's transaction, where the cached `settings()` would read on another
 * connection (on PGlite a second connection inside a transaction waits forever). The zone is
 * the published one when it is an IANA zone, else the one stored at creation ('UTC' without an
 * institution).
 */
export async function readInstitutionWithin(
  db: Kysely<Database>,
  institutionId: number,
): Promise<{
  institution: RequestInstitution | undefined;
  settings: SettingsAccessor;
  timeZone: string;
}> {
  const [row, published] = await Promise.all([
    findInstitutionById(db, institutionId),
    findLatestSettingsVersion(db, institutionId),
  ]);
  const settings = accessorOf(published?.document ?? {});
  const zone = settings.get('localeOptions.institutionTimeZone');
  return {
    institution: row ? toRequestInstitution(row) : undefined,
    settings,
    timeZone: isTimeZone(zone) ? zone : (row?.time_zone ?? 'UTC'),
  };
}

export function createInstitutionsService(
  options: InstitutionsServiceOptions,
): InstitutionsService {
  const { db, clock, dataProtector } = options;
  const hosts = createRefreshingCache<string, RequestInstitution | undefined>({
    clock,
    maxAgeMs: options.hostCacheTtlMs ?? 2000,
    // Only hits are kept, so random Host headers cannot grow the cache.
    keep: (institution) => institution !== undefined,
  });
  const accessors = createRefreshingCache<number, SettingsAccessor>({
    clock,
    maxAgeMs: options.settingsCacheTtlMs ?? 2000,
  });
  // By id, for the jobs (posting, receipts, the ACH day): each payment read its institution's
  // row once or twice, 15% of a posting's statements; the same short life as the host cache.
  const byId = createRefreshingCache<number, RequestInstitution | undefined>({
    clock,
    maxAgeMs: options.hostCacheTtlMs ?? 2000,
    keep: (institution) => institution !== undefined,
  });
  const listeners: ((institutionId: number) => void)[] = [];

  async function defaultInstitution(): Promise<RequestInstitution | undefined> {
    const row = await findDefaultInstitution(db);
    return row ? toRequestInstitution(row) : undefined;
  }

  /**
   * The institution's time zone is its published `localeOptions.institutionTimeZone`, the one
   * the portal reads too, so staff change it in one place; the column written at creation is the
   * fallback for a value that is not an IANA zone.
   */
  async function withPublishedTimeZone(
    institution: RequestInstitution,
  ): Promise<RequestInstitution> {
    const timeZone = (await settings(institution.id)).get('localeOptions.institutionTimeZone');
    return isTimeZone(timeZone) ? { ...institution, timeZone } : institution;
  }

  async function lookUp(host: string): Promise<RequestInstitution | undefined> {
    const row = await findInstitutionByHost(db, host);
    if (row) return withPublishedTimeZone(toRequestInstitution(row));
    const fallback = LOOPBACK_HOSTS.has(host) ? await defaultInstitution() : undefined;
    return fallback ? withPublishedTimeZone(fallback) : undefined;
  }

  async function publishedSettings(institutionId: number): Promise<InstitutionConfiguration> {
    return (await findLatestSettingsVersion(db, institutionId))?.document ?? {};
  }

  function settings(institutionId: number): Promise<SettingsAccessor> {
    return accessors.get(institutionId, async () =>
      accessorOf(await publishedSettings(institutionId)),
    );
  }

  return {
    resolveHost: (host) => hosts.get(host, () => lookUp(host)),
    defaultInstitution,
    findById: (institutionId) =>
      byId.get(institutionId, async () => {
        const row = await findInstitutionById(db, institutionId);
        return row ? toRequestInstitution(row) : undefined;
      }),
    publishedSettings,
    settings,
    async publishSettings({ within, ...input }) {
      const version = await insertNextSettingsVersion(
        db,
        { ...input, publishedAt: clock.now() },
        within,
      );
      accessors.delete(input.institutionId);
      byId.delete(input.institutionId);
      for (const listener of listeners) listener(input.institutionId);
      return version;
    },
    onSettingsPublished(listener) {
      listeners.push(listener);
    },
    async createInstitution({ within, ...input }) {
      const id = await insertInstitution(db, { ...input, at: clock.now() }, within);
      for (const host of input.hosts) hosts.delete(host);
      accessors.delete(id);
      byId.delete(id);
      for (const listener of listeners) listener(id);
      return id;
    },
    async maintenanceMode(institutionId) {
      return (await settings(institutionId)).get('maintenanceOptions.maintenanceModeOption');
    },
    async secret(institutionId, name) {
      if (name === '') return undefined;
      const sealed = await findInstitutionSecret(db, institutionId, name);
      return sealed === undefined ? undefined : dataProtector.decrypt(sealed);
    },
    async storeSecret(institutionId, name, value) {
      await upsertInstitutionSecret(db, {
        institutionId,
        name,
        encrypted: dataProtector.encrypt(value),
        at: clock.now(),
      });
    },
  };
}
