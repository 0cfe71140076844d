import { createHash, randomBytes } from 'node:crypto';
import { decodeSignInCheck, type SignInChallenge } from '@portal/domain';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { ThrottleService } from '../throttle/throttle.service';

/** How long a challenge may be solved and used: a slow phone, then the sign-in. */
export const SIGN_IN_CHECK_LIFETIME_MS = 5 * 60_000;
/** The most the work doubles as failures from an address go on. */
const MOST_DOUBLINGS = 4;
const DIGEST_PURPOSE = 'sign-in-check';

/**
 * The sign-in check's server side (domain rules/sign-in-check.ts is the protocol): challenges
 * signed with a key of the server's (DataProtector.digest), so nothing is stored until one is
 * used; each is accepted once (ThrottleService.useOnce) and only before it expires, only at the
 * institution it was made for.
 */
export interface SignInCheck {
  /** A challenge of `work`, doubled for every further `threshold` failures past the threshold. */
  issue(
    institutionId: number,
    pressure: { failures: number; threshold: number; work: number },
  ): SignInChallenge;
  /** Whether `solution` is a solved, unexpired, unused challenge of this institution's. */
  verify(institutionId: number, solution: string): Promise<boolean>;
}

/** ALTCHA's way to carry an expiry and a scope in the salt: `<random>?expires=<s>&i=<id>`. */
function saltParams(salt: string): { expiresS: number; institutionId: number } | undefined {
  const match = /^[0-9a-f]{24}\?expires=(\d{1,12})&i=(\d{1,12})$/.exec(salt);
  if (!match) return undefined;
  return { expiresS: Number(match[1]), institutionId: Number(match[2]) };
}

export function signInCheckWork(pressure: {
  failures: number;
  threshold: number;
  work: number;
}): number {
  const beyond = Math.max(0, pressure.failures - pressure.threshold);
  const doublings = Math.min(MOST_DOUBLINGS, Math.floor(beyond / Math.max(1, pressure.threshold)));
  return pressure.work * 2 ** doublings;
}

export function createSignInCheck(options: {
  clock: Clock;
  dataProtector: DataProtector;
  throttle: ThrottleService;
}): SignInCheck {
  const { clock, dataProtector, throttle } = options;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  return {
    issue(institutionId, pressure) {
      const maxNumber = signInCheckWork(pressure);
      const expiresS = Math.floor((clock.now().getTime() + SIGN_IN_CHECK_LIFETIME_MS) / 1000);
      const salt = `${randomBytes(12).toString('hex')}?expires=${expiresS}&i=${institutionId}`;
      // Anywhere in the range: on average the browser tries half of it.
      const secret = randomBytes(4).readUInt32BE() % (maxNumber + 1);
      const challenge = sha256(`${salt}${secret}`);
      return {
        Algorithm: 'SHA-256',
        Challenge: challenge,
        MaxNumber: maxNumber,
        Salt: salt,
        Signature: dataProtector.digest(DIGEST_PURPOSE, challenge),
      };
    },
    async verify(institutionId, text) {
      const solution = decodeSignInCheck(text);
      if (!solution) return false;
      const params = saltParams(solution.salt);
      if (!params || params.institutionId !== institutionId) return false;
      const expiresAt = new Date(params.expiresS * 1000);
      if (expiresAt <= clock.now()) return false;
      const signed = dataProtector.sameDigest(
        dataProtector.digest(DIGEST_PURPOSE, solution.challenge),
        solution.signature,
      );
      if (!signed || sha256(`${solution.salt}${solution.number}`) !== solution.challenge) {
        return false;
      }
      return throttle.useOnce(
        { institutionId, scope: 'sign-in-check', key: solution.challenge },
        expiresAt,
      );
    },
  };
}
