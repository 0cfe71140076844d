import type { InstitutionConfiguration } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database, InstitutionRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import type { RequestInstitution } from '../../plugins/institution';
import {
  findDefaultInstitution,
  findInstitutionByHost,
  findLatestSettingsVersion,
  findMaintenanceMode,
  insertNextSettingsVersion,
} from './institutions.repository';

/** Host names that reach the default institution when no institution claims them. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1']);

export interface InstitutionsServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** How long a resolved host stays in memory. Short, because another instance may change the tables. */
  hostCacheTtlMs?: number;
}

export interface PublishSettingsInput {
  institutionId: number;
  document: InstitutionConfiguration;
  comment: string;
  publishedBy: string;
}

export interface InstitutionsService {
  resolveHost(host: string): Promise<RequestInstitution | undefined>;
  defaultInstitution(): Promise<RequestInstitution | undefined>;
  /** The published configuration (the latest version), `{}` when nothing was published. */
  publishedSettings(institutionId: number): Promise<InstitutionConfiguration>;
  /** Stores the next version and tells the listeners (caches built from the settings). */
  publishSettings(input: PublishSettingsInput): Promise<number>;
  onSettingsPublished(listener: (institutionId: number) => void): void;
  maintenanceMode(institutionId: number): Promise<boolean>;
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

export function createInstitutionsService(
  options: InstitutionsServiceOptions,
): InstitutionsService {
  const { db, clock } = options;
  const hosts = createRefreshingCache<string, RequestInstitution | undefined>({
    clock,
    maxAgeMs: options.hostCacheTtlMs ?? 2000,
    // Only hits are kept, so random Host headers cannot grow the cache.
    keep: (institution) => institution !== undefined,
  });
  const listeners: ((institutionId: number) => void)[] = [];

  async function defaultInstitution(): Promise<RequestInstitution | undefined> {
    const row = await findDefaultInstitution(db);
    return row ? toRequestInstitution(row) : undefined;
  }

  async function lookUp(host: string): Promise<RequestInstitution | undefined> {
    const row = await findInstitutionByHost(db, host);
    if (row) return toRequestInstitution(row);
    return LOOPBACK_HOSTS.has(host) ? defaultInstitution() : undefined;
  }

  return {
    resolveHost: (host) => hosts.get(host, () => lookUp(host)),
    defaultInstitution,
    async publishedSettings(institutionId) {
      return (await findLatestSettingsVersion(db, institutionId))?.document ?? {};
    },
    async publishSettings(input) {
      const version = await insertNextSettingsVersion(db, {
        ...input,
        publishedAt: clock.now(),
      });
      for (const listener of listeners) listener(input.institutionId);
      return version;
    },
    onSettingsPublished(listener) {
      listeners.push(listener);
    },
    maintenanceMode: (institutionId) => findMaintenanceMode(db, institutionId),
  };
}
