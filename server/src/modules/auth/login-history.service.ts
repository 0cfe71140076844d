import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { listSuccessfulLogins } from './sessions.repository';

/**
 * The login history screen shows the user's successful sign-ins of the last year, newest first,
 * at most this many (the specs fix neither; a year covers any review a borrower makes).
 */
export const LOGIN_HISTORY_LIMIT = 50;
export const LOGIN_HISTORY_DAYS = 365;

/** One successful sign-in: when, and from which address. */
export interface SignInRecord {
  id: number;
  at: Date;
  ip: string;
}

/** The borrower's own record of sign-ins, which the auth module writes as they happen. */
export interface LoginHistoryService {
  /** The user's successful sign-ins of the last LOGIN_HISTORY_DAYS, newest first. */
  recentSignIns(user: { institutionId: number; userId: string }): Promise<SignInRecord[]>;
}

export function createLoginHistoryService(options: {
  db: Kysely<Database>;
  clock: Clock;
}): LoginHistoryService {
  const { db, clock } = options;
  return {
    async recentSignIns({ institutionId, userId }) {
      const since = new Date(clock.now().getTime() - LOGIN_HISTORY_DAYS * 86_400_000);
      const rows = await listSuccessfulLogins(
        db,
        institutionId,
        userId,
        since,
        LOGIN_HISTORY_LIMIT,
      );
      return rows.map((row) => ({ id: row.id, at: row.created_at, ip: row.ip }));
    },
  };
}
