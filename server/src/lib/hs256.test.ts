import { describe, expect, it } from 'vitest';
import { signHs256, verifyHs256 } from './hs256';

const claims = { sub: 'jordan.rivers', aud: 'cedar', iat: 1000, exp: 1060, jti: 'abc' };

describe('HS256 tokens', () => {
  it('verifies what it signed and returns the claims', () => {
    const token = signHs256(claims, 'secret');
    expect(verifyHs256(token, 'secret')).toEqual({ ok: true, claims });
  });

  it('refuses another secret, an altered payload and the none algorithm', () => {
    const token = signHs256(claims, 'secret');
    expect(verifyHs256(token, 'other')).toEqual({ ok: false, reason: 'signature' });
    const [header, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'pat.lee' })).toString('base64url');
    expect(verifyHs256(`${header}.${forged}.${sig}`, 'secret')).toEqual({
      ok: false,
      reason: 'signature',
    });
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(verifyHs256(`${none}.${forged}.`, 'secret')).toEqual({
      ok: false,
      reason: 'algorithm',
    });
    expect(verifyHs256('not-a-token', 'secret')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a signed token without the claims it needs', () => {
    const token = signHs256({ ...claims, jti: '' }, 'secret');
    expect(verifyHs256(token, 'secret')).toEqual({ ok: false, reason: 'claims' });
  });
});
