import { describe, expect, it } from 'vitest';
import {
  decodeSignInCheck,
  encodeSignInCheck,
  signInCheckHash,
  solveSignInCheck,
} from './sign-in-check';

const SALT = '00112233445566778899aabb?expires=1800000000&i=1';

describe('the sign-in check', () => {
  it('finds the number a challenge was made from and answers it with the signed challenge', async () => {
    const challenge = {
      Algorithm: 'SHA-256' as const,
      Challenge: await signInCheckHash(SALT, 377),
      MaxNumber: 1000,
      Salt: SALT,
      Signature: 'signed',
    };
    const solution = await solveSignInCheck(challenge);
    expect(decodeSignInCheck(solution ?? '')).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.Challenge,
      number: 377,
      salt: SALT,
      signature: 'signed',
    });
  });

  it('gives up past MaxNumber and when aborted', async () => {
    const challenge = {
      Algorithm: 'SHA-256' as const,
      Challenge: await signInCheckHash(SALT, 50),
      MaxNumber: 49,
      Salt: SALT,
      Signature: 's',
    };
    expect(await solveSignInCheck(challenge)).toBeUndefined();
    expect(
      await solveSignInCheck({ ...challenge, MaxNumber: 100 }, { signal: AbortSignal.abort() }),
    ).toBeUndefined();
  });

  it('reads back only what it wrote', () => {
    const solution = {
      algorithm: 'SHA-256' as const,
      challenge: 'ab',
      number: 3,
      salt: SALT,
      signature: 'cd',
    };
    expect(decodeSignInCheck(encodeSignInCheck(solution))).toEqual(solution);
    expect(decodeSignInCheck('not base64!')).toBeUndefined();
    expect(decodeSignInCheck(btoa('{"algorithm":"MD5"}'))).toBeUndefined();
    expect(decodeSignInCheck(btoa(JSON.stringify({ ...solution, number: -1 })))).toBeUndefined();
  });
});
