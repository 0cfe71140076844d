import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createToken, hashToken } from '../../lib/tokens';
import {
  consumeDownloadToken,
  deleteExpiredDownloadTokens,
  insertDownloadToken,
} from './download-tokens.repository';

/** A download opens in a new tab right after the token is issued: a minute is plenty. */
export const DOWNLOAD_TOKEN_MS = 60_000;

export type DownloadPurpose = 'history' | 'payoff' | 'passable';

/**
 * Short-lived, single-use tokens that open a download (history CSV or PDF, a payoff breakdown, a
 * statement) in a new tab. A token is bound to the user who asked: it opens only that user's
 * download, and not for another signed-in user of the browser.
 */
export interface DownloadTokens {
  issue(input: {
    institutionId: number;
    userId: string;
    purpose: DownloadPurpose;
    payload: Record<string, unknown>;
  }): Promise<string>;
  /**
   * The payload of a live token, which is used up; undefined for an unknown, used, expired or
   * foreign token, or when the request's session belongs to someone else.
   */
  redeem(input: {
    institutionId: number;
    token: string;
    purpose: DownloadPurpose;
    sessionUserId: string | undefined;
  }): Promise<{ userId: string; payload: Record<string, unknown> } | undefined>;
}

/** Deletes the tokens expired before `before` (for the housekeeping job); returns how many. */
export function purgeExpiredDownloadTokens(db: Kysely<Database>, before: Date): Promise<number> {
  return deleteExpiredDownloadTokens(db, before);
}

export function createDownloadTokens(options: {
  db: Kysely<Database>;
  clock: Clock;
}): DownloadTokens {
  const { db, clock } = options;
  return {
    async issue(input) {
      const token = createToken();
      await insertDownloadToken(db, {
        ...input,
        tokenHash: hashToken(token),
        expiresAt: new Date(clock.now().getTime() + DOWNLOAD_TOKEN_MS),
      });
      return token;
    },
    async redeem(input) {
      if (input.token.length === 0 || input.token.length > 200) return undefined;
      const found = await consumeDownloadToken(db, {
        institutionId: input.institutionId,
        tokenHash: hashToken(input.token),
        purpose: input.purpose,
        now: clock.now(),
      });
      if (!found) return undefined;
      if (input.sessionUserId !== undefined && input.sessionUserId !== found.userId)
        return undefined;
      return found;
    },
  };
}
