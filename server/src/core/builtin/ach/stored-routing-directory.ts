import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { RoutingDirectory } from '../../ach/routing-directory';
import { findStoredBank } from './stored-routing-directory.repository';

/**
 * The routing directory the server uses unless it is given one (app.ts): the FedACH directory an
 * operator loaded into the database (`fedach load`, table ach_routing_directory) first, then the
 * bundled banks (the Federal Reserve Banks and the demo banks), so a loaded bank is found by
 * every server instance at once and the demo institutions keep working. The file's record wins
 * for a number both hold, as in `routingDirectoryFromFedAchFile`.
 *
 * Decision: the table, not memory, holds the loaded directory: the command runs beside the
 * server (PostgreSQL) or while it is stopped (PGlite), and no restart is needed to see it.
 */
export function createStoredRoutingDirectory(options: {
  db: Kysely<Database>;
  fallback: RoutingDirectory;
}): RoutingDirectory {
  const { db, fallback } = options;
  return {
    async lookup(routingNumber) {
      const number = routingNumber.trim();
      if (!/^\d{9}$/.test(number)) return undefined;
      const row = await findStoredBank(db, number);
      if (!row) return fallback.lookup(number);
      return {
        routingNumber: row.routing_number,
        name: row.name,
        city: row.city,
        state: row.state,
        ...(row.address === null ? {} : { address: row.address }),
        ...(row.zip === null ? {} : { zip: row.zip }),
      };
    },
  };
}
