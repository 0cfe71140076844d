import type { PasswordHasher } from '../../lib/passwords';
import type { FailureCounter, ThrottleService } from '../throttle/throttle.service';
import { LOGIN_USER_SCOPE, normaliseUsername } from './auth.service';
import type { SecurityPolicy } from './policy';

/**
 * The current password asked for by a signed-in change (the profile's password, secret question
 * and answer) or guessed through the password check while typing. A wrong one counts as a failed
 * sign-in of the user name, and while the name is locked no password is looked at, whatever is
 * typed. The failures are also counted for the user itself, so renaming the user does not
 * start a fresh count (the name's counter is keyed by the name).
 */
export const CURRENT_PASSWORD_SCOPE = 'current-password-user';

export interface PasswordHolder {
  id: string;
  username: string;
  password_hash: string | null;
}

export type CurrentPasswordOutcome =
  /** The password is the user's. */
  | { ok: true }
  /** Wrong (counted); `lockedNow` when this failure locked the user. */
  | { ok: false; locked: false }
  | { ok: false; locked: true; lockedNow: boolean };

export interface CurrentPasswordCheck {
  /** Whether the user may not be asked for a password now (locked by failed sign-ins). */
  locked(institutionId: number, user: Pick<PasswordHolder, 'id' | 'username'>): Promise<boolean>;
  verify(input: {
    institutionId: number;
    user: PasswordHolder;
    password: string;
    policy: SecurityPolicy;
    /** The longest password there may be: a longer one is wrong without hashing it. */
    maximumLength: number;
  }): Promise<CurrentPasswordOutcome>;
  /** Counts a failure as a wrong current password does; answers whether the user is now locked. */
  countFailure(
    institutionId: number,
    user: Pick<PasswordHolder, 'id' | 'username'>,
    policy: SecurityPolicy,
  ): Promise<boolean>;
}

function countersOf(institutionId: number, user: Pick<PasswordHolder, 'id' | 'username'>) {
  const byName: FailureCounter = {
    institutionId,
    scope: LOGIN_USER_SCOPE,
    key: normaliseUsername(user.username).slice(0, 200),
  };
  const byUser: FailureCounter = { institutionId, scope: CURRENT_PASSWORD_SCOPE, key: user.id };
  return [byName, byUser] as const;
}

export function createCurrentPasswordCheck(options: {
  throttle: ThrottleService;
  hasher: PasswordHasher;
}): CurrentPasswordCheck {
  const { throttle, hasher } = options;

  async function locked(institutionId: number, user: Pick<PasswordHolder, 'id' | 'username'>) {
    const counters = countersOf(institutionId, user);
    const until = await Promise.all(counters.map((counter) => throttle.lockedUntil(counter)));
    return until.some((date) => date !== undefined);
  }

  async function countFailure(
    institutionId: number,
    user: Pick<PasswordHolder, 'id' | 'username'>,
    policy: SecurityPolicy,
  ): Promise<boolean> {
    const failure = {
      maxFailures: policy.maxFailedLoginAttempts,
      lockoutMs: policy.lockoutMs,
      ...(policy.lockoutMs > 0 ? { windowMs: policy.lockoutMs } : {}),
    };
    const results = await Promise.all(
      countersOf(institutionId, user).map((counter) => throttle.registerFailure(counter, failure)),
    );
    return results.some((result) => result.locked);
  }

  return {
    locked,
    countFailure,
    async verify({ institutionId, user, password, policy, maximumLength }) {
      if (await locked(institutionId, user)) return { ok: false, locked: true, lockedNow: false };
      let matches = false;
      if (password.length <= maximumLength) {
        // One argon2 verification either way, so a user without a password answers alike.
        if (user.password_hash === null) await hasher.verifyDummy(password);
        else matches = (await hasher.verify(user.password_hash, password)).matches;
      }
      if (matches) {
        await Promise.all(
          countersOf(institutionId, user).map((counter) => throttle.reset(counter)),
        );
        return { ok: true };
      }
      const lockedNow = await countFailure(institutionId, user, policy);
      return lockedNow
        ? { ok: false, locked: true, lockedNow: true }
        : { ok: false, locked: false };
    },
  };
}
