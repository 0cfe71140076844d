import { hashToken } from '../../lib/tokens';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { confirmEmailChange, findEmailChangeByToken } from './profile.repository';
import type { ProfileDeps } from './profile-types';

/**
 * The link of an e-mail change (sent to the new address by the profile's user info update): it
 * makes the new address the account's, verified, and tells the old address. The link is the
 * verify-e-mail link (`home/verifyEmail/<token>`, `POST /api/Login/ValidateEmail`), so the portal
 * has one page for both. Single use; a newer change or a change back ends it.
 */
export function createEmailChangeConfirmation(deps: ProfileDeps) {
  const { db, clock } = deps;

  return async function confirm(institutionId: number, token: string): Promise<boolean> {
    const typed = token.trim();
    if (typed === '') return false;
    const now = clock.now();
    const change = await findEmailChangeByToken(db, institutionId, hashToken(typed));
    if (!change || change.ended_at !== null || change.expires_at <= now) return false;
    // The old address is told (emailAddressChanged, on by default), so a change the user did not
    // make is noticed; the alert is read before the transaction and queued in it, so it exists
    // exactly when the change does (once per change).
    const before = await createBorrowersService({ db }).findBorrowerById(
      institutionId,
      change.user_id,
    );
    if (!before) return false;
    const previous = before.email.trim();
    const alert =
      previous !== '' && previous.toLowerCase() !== change.new_email.toLowerCase()
        ? await deps.prepareTell?.({
            institutionId,
            userId: change.user_id,
            kind: 'emailChanged',
            changeId: String(change.id),
            previousEmail: previous,
            newEmail: change.new_email,
            at: now,
          })
        : undefined;
    const confirmed = await db.transaction().execute(async (trx) => {
      if (!(await confirmEmailChange(trx, change.id, now))) return false;
      const borrowers = createBorrowersService({ db: trx });
      const borrower = await borrowers.findBorrowerById(institutionId, change.user_id);
      if (!borrower) return false;
      await borrowers.changeVerifiedEmail(borrower, change.new_email);
      if (alert?.sends) await alert.queue(trx);
      return true;
    });
    if (!confirmed) return false;
    alert?.deliverSoon();
    return true;
  };
}
