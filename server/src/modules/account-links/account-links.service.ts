import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { createSecurityCodesService } from '../borrowers/security-codes.service';

export interface AccountLinksService {
  /**
   * Marks the e-mail address verified, or confirms a new address typed on the profile (its link
   * is a verify-e-mail link too); false when the link is unknown, used or expired.
   */
  validateEmail(institutionId: number, token: string): Promise<boolean>;
  /** Stops e-mail notifications of the link's user; false when the link is unknown or expired. */
  optOut(institutionId: number, token: string): Promise<boolean>;
}

/** The links of e-mails that need no sign-in: verify e-mail (single use) and opt-out (lasting). */
export function createAccountLinksService(options: {
  db: Kysely<Database>;
  clock: Clock;
  /** The profile's e-mail changes, whose links arrive here too (profile module). */
  emailChanges?: { confirm(institutionId: number, token: string): Promise<boolean> };
}): AccountLinksService {
  const { db, clock } = options;
  const borrowers = createBorrowersService({ db });
  const securityCodes = createSecurityCodesService({ db });

  return {
    async validateEmail(institutionId, token) {
      if (token.trim() === '') return false;
      const verified = await db.transaction().execute(async (trx) => {
        const securityCodesInTrx = createSecurityCodesService({ db: trx });
        const now = clock.now();
        const link = await securityCodesInTrx.findUserToken(institutionId, token.trim(), [
          'verifyEmail',
        ]);
        if (!link || link.usedAt !== null) return false;
        if (link.expiresAt !== null && link.expiresAt <= now) return false;
        if (!(await securityCodesInTrx.useUserToken(link.id, now))) return false;
        await createBorrowersService({ db: trx }).markEmailVerified(link.userId);
        return true;
      });
      if (verified) return true;
      return options.emailChanges ? options.emailChanges.confirm(institutionId, token) : false;
    },

    async optOut(institutionId, token) {
      if (token.trim() === '') return false;
      const link = await securityCodes.findUserToken(institutionId, token.trim(), ['optOut']);
      if (!link) return false;
      if (link.expiresAt !== null && link.expiresAt <= clock.now()) return false;
      // Lasting and idempotent: the same footer link may be pressed again.
      await borrowers.optOutOfEmail(link.userId);
      return true;
    },
  };
}
