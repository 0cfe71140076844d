import { MessagesCaptchaResponse, solveSignInCheck } from '@portal/domain';
import { api } from '../../../lib/api-client';

/** `GET /api/Messages/Captcha`: a proof-of-work challenge for the next question. */
export function getMessagesCaptcha(signal?: AbortSignal) {
  return api.get('api/Messages/Captcha', MessagesCaptchaResponse, { signal });
}

/**
 * A solved captcha, as `ReCaptchaCode` carries it: the browser fetches a challenge and finds its
 * number (the ALTCHA proof of work the sign-in check uses too); undefined when none fits or
 * `signal` aborts.
 */
export async function solveMessagesCaptcha(signal?: AbortSignal): Promise<string | undefined> {
  const challenge = await getMessagesCaptcha(signal);
  return solveSignInCheck(challenge, { signal });
}
