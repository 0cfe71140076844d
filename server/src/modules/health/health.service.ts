import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pingDatabase } from './health.repository';

/** Readiness: accepting work and the database answers within `timeoutMs`. */
export interface HealthService {
  ready(): Promise<boolean>;
  /** From now on not ready (shutting down): load balancers stop sending new requests. */
  beginShutdown(): void;
}

export function createHealthService(options: {
  db: Kysely<Database>;
  timeoutMs?: number;
}): HealthService {
  const timeoutMs = options.timeoutMs ?? 2000;
  let shuttingDown = false;
  return {
    async ready() {
      if (shuttingDown) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([pingDatabase(options.db).then(() => true), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
