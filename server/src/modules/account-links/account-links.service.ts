import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hashToken } from '../../lib/tokens';
import { findUserToken, useUserToken } from '../borrowers/codes.repository';
import { updateUserFlags } from '../borrowers/users.repository';

export interface AccountLinksService {
  /** Marks the e-mail address verified; false when the link is unknown, used or expired. */
  validateEmail(institutionId: number, token: string): Promise<boolean>;
  /** Stops e-mail notifications of the link's user; false when the link is unknown or expired. */
  optOut(institutionId: number, token: string): Promise<boolean>;
}

/** The links of e-mails that need no sign-in: verify e-mail (single use) and opt-out (lasting). */
export function createAccountLinksService(options: {
  db: Kysely<Database>;
  clock: Clock;
}): AccountLinksService {
  const { db, clock } = options;

  return {
    async validateEmail(institutionId, token) {
      const tokenHash = token.trim() === '' ? undefined : hashToken(token.trim());
      if (!tokenHash) return false;
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await findUserToken(trx, institutionId, tokenHash, ['verifyEmail']);
        if (!row || row.used_at !== null) return false;
        if (row.expires_at !== null && row.expires_at <= now) return false;
        if (!(await useUserToken(trx, row.id, now))) return false;
        await updateUserFlags(trx, row.user_id, { emailVerified: true });
        return true;
      });
    },

    async optOut(institutionId, token) {
      if (token.trim() === '') return false;
      const row = await findUserToken(db, institutionId, hashToken(token.trim()), ['optOut']);
      if (!row) return false;
      if (row.expires_at !== null && row.expires_at <= clock.now()) return false;
      // Lasting and idempotent: the same footer link may be pressed again.
      await updateUserFlags(db, row.user_id, { emailOptOut: true });
      return true;
    },
  };
}
