import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  countUsersOf,
  listInstitutionsPublishedBy,
  listStaffWithEmails,
} from './demo-seed.repository';
import { DEMO_STAFF } from './staff.demo';

/**
 * The `published_by` of the settings version the demo seed writes for each demo institution.
 * Nothing else publishes under this name (staff publish under their e-mail address, the
 * institution command under the implementer's), so it marks a database seeded in demo mode for as
 * long as the institution exists.
 */
export const DEMO_SEED_PUBLISHER = 'demo-seed';

/** What of the demo seed a database holds. */
export interface DemoSeedFound {
  /** Slugs of the institutions the demo seed created, sorted. */
  institutions: string[];
  /** Online users (sign-ins) of those institutions: the demo borrowers, sam.taylor. */
  users: number;
  /** The demo staff accounts that exist (any institution: the demo implementer has them all). */
  staff: string[];
}

/**
 * Whether a database holds the demo seed: an institution the seed created, or one of the demo
 * staff. Their password, the registration holders' SSNs and birth dates are published in
 * README.md, so main.ts refuses to serve such a database outside demo mode (README "Two
 * commands"). Reads only.
 */
export async function findDemoSeed(db: Kysely<Database>): Promise<DemoSeedFound | undefined> {
  const institutions = await listInstitutionsPublishedBy(db, DEMO_SEED_PUBLISHER);
  const staff = await listStaffWithEmails(
    db,
    DEMO_STAFF.map((member) => member.email),
  );
  if (institutions.length === 0 && staff.length === 0) return undefined;
  const users =
    institutions.length === 0
      ? 0
      : await countUsersOf(
          db,
          institutions.map((row) => row.id),
        );
  return {
    institutions: institutions.map((row) => row.slug),
    users,
    staff: staff.map((row) => row.email),
  };
}

/**
 * Why the server will not start on `database` outside demo mode, and the two ways on; `database`
 * names it without a secret ("PGlite in /srv/data/pglite (DATA_DIR)", never DATABASE_URL's
 * value).
 */
export function demoSeedRefusal(found: DemoSeedFound, database: string): string {
  const held = [
    found.institutions.length > 0
      ? `the demo institutions ${found.institutions.join(', ')} with ${found.users} online users`
      : undefined,
    found.staff.length > 0 ? `the demo staff ${found.staff.join(', ')}` : undefined,
  ].filter((part) => part !== undefined);
  return [
    `The server will not start: ${database} holds the demo data (${held.join(', and ')}),`,
    'whose passwords, SSNs and birth dates README.md publishes. Outside demo mode they would be',
    'served to anyone who reaches the server. No data was changed.',
    '  - To run the demo, start with DEMO_MODE=true (on a loopback HOST it is the default outside',
    '    production).',
    '  - For a deployment, start on a database without the demo data: another DATA_DIR (PGlite)',
    '    or another DATABASE_URL (README "Starting a new deployment").',
  ].join('\n');
}
