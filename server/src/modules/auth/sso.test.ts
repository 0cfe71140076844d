import { LoginResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHs256, type SsoClaims } from '../../lib/hs256';
import { testDatabases } from '../../testing/databases';
import {
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';

const CEDAR = 'cedar.localhost';

describe.each(testDatabases())('single sign-on and biometric sign-in on $name', (testDatabase) => {
  let test: TestApp;
  let secret: string;

  beforeAll(async () => {
    test = await startTestApp(testDatabase, { demoMode: true });
    const cedar = await test.app.services.institutions.resolveHost(CEDAR);
    secret =
      (await test.app.services.institutions.secret(cedar?.id ?? -1, 'sso-shared-secret')) ?? '';
  });
  afterAll(async () => {
    await test?.close();
  });

  const ssoLogin = (Token: string, host = CEDAR) =>
    test.app.inject({
      method: 'POST',
      url: '/api/login/ssologin',
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, host },
      payload: { Token, Channel: 'Web' },
    });

  const claims = (overrides: Partial<SsoClaims> = {}): SsoClaims => {
    const iat = Math.floor(test.clock.now().getTime() / 1000);
    return {
      sub: 'quinn.harper',
      aud: 'cedar',
      iat,
      exp: iat + 60,
      jti: `jti-${Math.random()}`,
      ...overrides,
    };
  };

  it("keeps the institution's secret encrypted at rest", async () => {
    expect(secret.length).toBeGreaterThan(30);
    const row = await test.database.db
      .selectFrom('institution_secrets')
      .select('secret_encrypted')
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(secret);
  });

  it('signs in through the demo identity provider with channel Web, once per token', async () => {
    const page = await test.app.inject({ url: '/demo/idp', headers: { host: CEDAR } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in as quinn.harper');

    const redirect = await test.app.inject({
      url: '/demo/idp?user=quinn.harper',
      headers: { host: CEDAR },
    });
    expect(redirect.statusCode).toBe(302);
    const location = String(redirect.headers.location);
    expect(location).toMatch(/^\/#\/home\/sso\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const token = decodeURIComponent(location.slice('/#/home/sso/'.length));

    const first = await ssoLogin(token);
    expect(first.statusCode).toBe(200);
    expect(LoginResponse.parse(first.json())).toMatchObject({
      IsLoggedIn: true,
      UserName: 'quinn.harper',
      Password: false,
      MFARequired: false,
      PendingSteps: [],
    });
    const cookie = first.cookies.find((candidate) => candidate.name === 'portal_session');
    const data = await test.app.inject({
      url: '/api/accountList',
      headers: { host: CEDAR, cookie: `portal_session=${cookie?.value}` },
    });
    expect(data.statusCode).toBe(200);

    const replay = await ssoLogin(token);
    expect(replay.statusCode).toBe(403);
    expect(replay.json().Errors[0].ErrorMessage).toBe('Invalid');
  });

  it('refuses expired, long-lived, mis-addressed, mis-signed and foreign tokens', async () => {
    const expired = signHs256(claims(), secret);
    test.clock.advance(61_000);
    expect((await ssoLogin(expired)).statusCode).toBe(403);

    const cases = [
      signHs256(claims({ exp: claims().iat + 3600 }), secret),
      signHs256(claims({ aud: 'harbor' }), secret),
      signHs256(claims(), 'another-secret'),
      signHs256(claims({ sub: 'no.such.user' }), secret),
      'not-a-token',
    ];
    for (const token of cases) {
      const answer = await ssoLogin(token);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] });
    }
    // An institution without single sign-on accepts no token at all.
    const harbor = await ssoLogin(signHs256(claims({ aud: 'harbor' }), secret), 'localhost');
    expect(harbor.statusCode).toBe(403);
    // A fresh good token still works.
    expect((await ssoLogin(signHs256(claims(), secret))).statusCode).toBe(200);
  });

  it('offers no demo identity provider where single sign-on is off', async () => {
    expect((await test.app.inject({ url: '/demo/idp' })).statusCode).toBe(404);
  });

  it('signs a mobile device in with its biometric token and device id', async () => {
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, 'x-session-transport': 'header' },
      payload: { username: 'jordan.rivers', password: 'Demo-Pass-2024', deviceId: 'device-1' },
    });
    const body = LoginResponse.parse(login.json());
    expect(body.BiometricsToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.BiometricsTokenExpiration).not.toBeNull();

    const tokenLogin = (Token: string, DeviceID: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/login/tokenlogin',
        remoteAddress: nextClientAddress(),
        headers: { ...PORTAL_WRITE_HEADERS, 'x-session-transport': 'header' },
        payload: { Token, DeviceID },
      });
    const ok = await tokenLogin(body.BiometricsToken, 'device-1');
    expect(ok.statusCode).toBe(200);
    expect(LoginResponse.parse(ok.json())).toMatchObject({ IsLoggedIn: true, Password: false });
    expect((await tokenLogin(body.BiometricsToken, 'device-2')).statusCode).toBe(403);
    expect((await tokenLogin('made-up', 'device-1')).statusCode).toBe(403);
    test.clock.advance(91 * 24 * 3_600_000);
    expect((await tokenLogin(body.BiometricsToken, 'device-1')).statusCode).toBe(403);
  });
});
