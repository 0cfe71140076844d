import { decodeSignInCheck, type SignInChallenge } from '@portal/domain';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { ThrottleService } from '../throttle/throttle.service';

/** How long a challenge may be solved and sent: a question typed after the captcha was ticked. */
export const MESSAGE_CAPTCHA_LIFETIME_MS = 20 * 60_000;
/**
 * The numbers a browser may have to try: about a second of a phone's work on average, nothing
 * for a person, a cost on every message for a script.
 */
export const MESSAGE_CAPTCHA_WORK = 50_000;
const PURPOSE = 'messages-captcha';

/**
 * The messages' captcha: a self-hosted proof of work (ALTCHA, through altcha-lib's v1 protocol,
 * the same one as the sign-in check's in domain rules/sign-in-check.ts, so the browser solves both
 * with `solveSignInCheck`). Challenges are signed with a key derived from the server's data key,
 * so every server instance verifies alike and nothing is stored until one is used; a solution is
 * accepted once (its signature kept by ThrottleService.useOnce until it expires), only before it
 * expires and only at the institution it was made for.
 */
export interface MessageCaptcha {
  issue(institutionId: number): Promise<SignInChallenge>;
  /** Whether `solution` is a solved, unexpired, unused challenge of this institution's. */
  verify(institutionId: number, solution: string): Promise<boolean>;
}

export function createMessageCaptcha(options: {
  clock: Clock;
  dataProtector: DataProtector;
  throttle: ThrottleService;
}): MessageCaptcha {
  const { clock, dataProtector, throttle } = options;
  const hmacKey = dataProtector.digest(PURPOSE, 'altcha hmac key');
  return {
    async issue(institutionId) {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        hmacKey,
        maxnumber: MESSAGE_CAPTCHA_WORK,
        expires: new Date(clock.now().getTime() + MESSAGE_CAPTCHA_LIFETIME_MS),
        params: { i: String(institutionId) },
      });
      return {
        Algorithm: 'SHA-256',
        Challenge: challenge.challenge,
        MaxNumber: challenge.maxnumber ?? MESSAGE_CAPTCHA_WORK,
        Salt: challenge.salt,
        Signature: challenge.signature,
      };
    },
    async verify(institutionId, text) {
      const solution = decodeSignInCheck(text);
      if (!solution) return false;
      const params = extractParams(solution);
      if (params.i !== String(institutionId) || !/^\d{1,12}$/.test(params.expires ?? '')) {
        return false;
      }
      // The clock, not the process's time: altcha-lib's own expiry check is left off.
      const expiresAt = new Date(Number(params.expires) * 1000);
      if (expiresAt <= clock.now()) return false;
      if (!(await verifySolution(solution, hmacKey, false))) return false;
      return throttle.useOnce(
        { institutionId, scope: PURPOSE, key: solution.signature },
        expiresAt,
      );
    },
  };
}
