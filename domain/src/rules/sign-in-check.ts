import { z } from 'zod';
import { withEnvelope } from '../envelope';

/*
 * The sign-in check (issue 20): after many failed sign-ins from one address, every sign-in from
 * it carries a proof of work, as ALTCHA's self-hosted captcha does (ARCHITECTURE.md names ALTCHA
 * as the product's captcha). The server hands out a challenge: a salt and the SHA-256 of the salt
 * followed by a secret number up to `MaxNumber`, signed by the server. The browser finds the
 * number by trying them; the server checks the answer in one hash and accepts each challenge
 * once. No one is locked out and no one solves a puzzle: a borrower waits a few seconds, a
 * guesser pays that for every guess.
 */

/** `GET /api/login/SignInCheck`: a challenge for the next sign-in from this address. */
export const SignInCheckResponse = withEnvelope({
  Algorithm: z.literal('SHA-256'),
  Challenge: z.string(),
  MaxNumber: z.number().int(),
  Salt: z.string(),
  Signature: z.string(),
});
export type SignInCheckResponse = z.infer<typeof SignInCheckResponse>;
export type SignInChallenge = Omit<SignInCheckResponse, 'HasNoErrors' | 'Errors'>;

/** The solved challenge as the sign-in request carries it (`SignInCheck`): base64 of JSON. */
export const SignInCheckSolution = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().max(128),
  number: z.number().int().nonnegative(),
  salt: z.string().max(200),
  signature: z.string().max(128),
});
export type SignInCheckSolution = z.infer<typeof SignInCheckSolution>;

export function encodeSignInCheck(solution: SignInCheckSolution): string {
  return btoa(JSON.stringify(solution));
}

/** The solution a request carries, or undefined when it is not one. */
export function decodeSignInCheck(text: string): SignInCheckSolution | undefined {
  try {
    const parsed = SignInCheckSolution.safeParse(JSON.parse(atob(text)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of `salt` followed by `number` in decimal, in hex: what a challenge is made of. */
export async function signInCheckHash(salt: string, number: number): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}${number}`)));
}

/**
 * Finds the challenge's number (tries 0 to MaxNumber); undefined when none fits or `signal`
 * aborts. Yields to the page now and then, so a status message stays live while it works.
 */
export async function solveSignInCheck(
  challenge: SignInChallenge,
  options: { signal?: AbortSignal } = {},
): Promise<string | undefined> {
  const encoder = new TextEncoder();
  for (let number = 0; number <= challenge.MaxNumber; number += 1) {
    if (options.signal?.aborted) return undefined;
    const digest = hex(
      await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.Salt}${number}`)),
    );
    if (digest === challenge.Challenge) {
      return encodeSignInCheck({
        algorithm: 'SHA-256',
        challenge: challenge.Challenge,
        number,
        salt: challenge.Salt,
        signature: challenge.Signature,
      });
    }
  }
  return undefined;
}
