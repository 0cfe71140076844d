import { describeUserAgent } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { listSignInAttempts } from './sessions.repository';

/**
 * The login history screen shows the user's sign-in attempts of the last year, succeeded and
 * failed, newest first, at most this many (the specs fix neither; a year covers any review a
 * borrower makes, and a failed attempt they did not make is what they most need to see).
 */
export const LOGIN_HISTORY_LIMIT = 50;
export const LOGIN_HISTORY_DAYS = 365;

/** One sign-in attempt: when, from which address, browser and device, and whether it worked. */
export interface SignInRecord {
  id: number;
  at: Date;
  ip: string;
  /** 'Chrome 131', '' when the attempt's User-Agent does not say (describeUserAgent). */
  browser: string;
  /** 'iPhone', 'Windows computer', '' when unknown. */
  device: string;
  succeeded: boolean;
}

/** The borrower's own record of sign-ins, which the auth module writes as they happen. */
export interface LoginHistoryService {
  /** The user's sign-in attempts of the last LOGIN_HISTORY_DAYS, newest first. */
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
      const rows = await listSignInAttempts(db, institutionId, userId, since, LOGIN_HISTORY_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        at: row.created_at,
        ip: row.ip,
        ...describeUserAgent(row.user_agent),
        succeeded: row.success,
      }));
    },
  };
}
