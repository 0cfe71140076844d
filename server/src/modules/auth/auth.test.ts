import { LoginResponse, ProfileResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { listLoginAttempts } from './auth.repository';
import { DEFAULT_SESSION_POLICY } from './session-policy';

const MINUTE = 60_000;

describe.each(testDatabases())('sign-in and sessions on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  const login = (payload: object, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      headers: { ...PORTAL_WRITE_HEADERS, ...headers },
      payload,
    });

  const profile = (headers: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: '/api/Profile', headers });

  it('signs a borrower in with the previous sign-in in the answer and the token only in an HttpOnly cookie', async () => {
    const response = await login({ username: 'Pat.Lee', password: 'Demo-Pass-2024' });
    expect(response.statusCode).toBe(200);
    const body = LoginResponse.parse(response.json());
    expect(body).toMatchObject({
      HasNoErrors: true,
      IsLoggedIn: true,
      UserName: 'pat.lee',
      PersonalName: 'Pat Lee',
      CompanyNumber: 0,
      ServicingBranch: '001',
      UserToken: '',
      HasPasswordQuestion: true,
      MustChangePassword: false,
      // Seeded one day before the test clock's start.
      LastLoggedIn: '2025-03-13T15:00:00.000Z',
      LastLoggedInIP: '192.0.2.55',
    });

    const cookie = response.cookies.find((candidate) => candidate.name === 'portal_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body).not.toContain(cookie?.value);
  });

  it('marks the cookie Secure when the configuration says so', async () => {
    const secure = await startTestApp(testDatabase, { cookieSecure: true, seed: true });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/login/userlogin',
        headers: PORTAL_WRITE_HEADERS,
        payload: { username: 'pat.lee', password: 'Demo-Pass-2024' },
      });
      expect(response.headers['set-cookie']).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('answers an unknown user and a wrong password identically with 403 Invalid', async () => {
    const unknown = await login({ username: 'nobody.here', password: 'Demo-Pass-2024' });
    const wrong = await login({ username: 'jordan.rivers', password: 'not-the-password' });
    expect(unknown.statusCode).toBe(403);
    expect(wrong.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] });
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('records successful and failed sign-ins in the login history', async () => {
    await login({ username: 'casey.morgan', password: 'wrong' });
    await signIn(test.app, { username: 'casey.morgan' });
    const institution = await test.app.services.institutions.resolveHost('localhost');
    const attempts = await listLoginAttempts(test.database.db, institution?.id ?? -1);
    const casey = attempts.filter((attempt) => attempt.username_attempted === 'casey.morgan');
    expect(casey.map(({ success, reason }) => ({ success, reason })).slice(-2)).toEqual([
      { success: false, reason: 'Invalid' },
      { success: true, reason: '' },
    ]);
  });

  it('gives the token in UserToken to a client asking for the header transport, and accepts it back', async () => {
    const response = await login(
      { username: 'jordan.rivers', password: 'Demo-Pass-2024' },
      { 'x-session-transport': 'header' },
    );
    const body = LoginResponse.parse(response.json());
    expect(body.UserToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['set-cookie']).toBeUndefined();

    const answer = await profile({ usertoken: body.UserToken });
    expect(answer.statusCode).toBe(200);
    expect(ProfileResponse.parse(answer.json()).UserInfo).toMatchObject({
      LogonName: 'jordan.rivers',
      PersonalName: 'Jordan Rivers',
      LastLoggedInIP: '203.0.113.24',
    });
  });

  it('prefers the UserToken header over the cookie', async () => {
    const pat = await signIn(test.app, { username: 'pat.lee' });
    const jordan = await signIn(test.app, { username: 'jordan.rivers', transport: 'header' });
    const answer = await profile({ cookie: pat.cookie, usertoken: jordan.token });
    expect(ProfileResponse.parse(answer.json()).UserInfo?.LogonName).toBe('jordan.rivers');
  });

  it('answers Unauthorized without a session and with a made-up token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { usertoken: 'forged-token' },
      { cookie: 'portal_session=nope' },
    ];
    for (const headers of attempts) {
      const answer = await profile(headers);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().Errors[0].ErrorMessage).toBe('Unauthorized');
    }
  });

  it('ends a session after the idle time and slides it while the borrower is active', async () => {
    const { cookie } = await signIn(test.app, { username: 'pat.lee' });
    const idle = DEFAULT_SESSION_POLICY.idleTimeoutMs;

    test.clock.advance(idle - MINUTE);
    expect((await profile({ cookie })).statusCode).toBe(200);
    // That request slid the expiry: another almost-idle period is fine.
    test.clock.advance(idle - MINUTE);
    expect((await profile({ cookie })).statusCode).toBe(200);

    test.clock.advance(idle + 1);
    expect((await profile({ cookie })).statusCode).toBe(401);
  });

  it('ends a session at the absolute limit however active it is', async () => {
    const { cookie } = await signIn(test.app, { username: 'pat.lee' });
    const step = DEFAULT_SESSION_POLICY.idleTimeoutMs - MINUTE;
    let elapsed = 0;
    while (elapsed + step < DEFAULT_SESSION_POLICY.absoluteTimeoutMs) {
      test.clock.advance(step);
      elapsed += step;
      expect((await profile({ cookie })).statusCode).toBe(200);
    }
    test.clock.advance(DEFAULT_SESSION_POLICY.absoluteTimeoutMs - elapsed);
    expect((await profile({ cookie })).statusCode).toBe(401);
  });

  it('revokes the session at logout and clears the cookie', async () => {
    const { cookie } = await signIn(test.app, { username: 'jordan.rivers' });
    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/Login/Logout',
      headers: { ...PORTAL_WRITE_HEADERS, cookie },
      payload: {},
    });
    expect(logout.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect(logout.headers['set-cookie']).toMatch(/^portal_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await profile({ cookie })).statusCode).toBe(401);
  });

  it('reports token expiry without extending the session', async () => {
    const { token } = await signIn(test.app, { username: 'pat.lee', transport: 'header' });
    const check = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/Login/CheckTokenExpiration',
        headers: PORTAL_WRITE_HEADERS,
        payload: { Token: token },
      });
    const signedInAt = test.clock.now().getTime();
    expect((await check()).json()).toMatchObject({
      IsExpired: false,
      ExpiresAt: new Date(signedInAt + DEFAULT_SESSION_POLICY.idleTimeoutMs).toISOString(),
    });
    test.clock.advance(DEFAULT_SESSION_POLICY.idleTimeoutMs - MINUTE);
    await check();
    test.clock.advance(2 * MINUTE);
    expect((await check()).json()).toMatchObject({ IsExpired: true, ExpiresAt: null });
  });

  it('looks the user name up from a token', async () => {
    const { token } = await signIn(test.app, { username: 'casey.morgan', transport: 'header' });
    const lookup = (UserToken: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/Login/LookupLoginFromToken',
        headers: PORTAL_WRITE_HEADERS,
        payload: { UserToken },
      });
    expect((await lookup(token)).json()).toEqual({
      HasNoErrors: true,
      Errors: [],
      Logon: 'casey.morgan',
    });
    expect((await lookup('unknown')).statusCode).toBe(401);
  });

  it('does not accept a session at another institution', async () => {
    const { token } = await signIn(test.app, { username: 'jordan.rivers', transport: 'header' });
    const answer = await profile({ usertoken: token, host: 'summit.localhost' });
    expect(answer.statusCode).toBe(401);
  });

  it('refuses a user whose logon is not allowed, after checking the password', async () => {
    const institution = await test.app.services.institutions.resolveHost('summit.localhost');
    await test.database.db
      .updateTable('users')
      .set({ logon_allowed: false })
      .where('username', '=', 'pat.lee')
      .where('institution_id', '=', institution?.id ?? -1)
      .execute();
    const summit = { host: 'summit.localhost' };
    const refused = await login({ username: 'pat.lee', password: 'Demo-Pass-2024' }, summit);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Errors[0].ErrorMessage).toBe('LogonNotAllowed');
    const wrong = await login({ username: 'pat.lee', password: 'nope' }, summit);
    expect(wrong.json().Errors[0].ErrorMessage).toBe('Invalid');
  });

  it('refuses sign-in during maintenance', async () => {
    const institution = await test.app.services.institutions.resolveHost('summit.localhost');
    await test.database.db
      .updateTable('institutions')
      .set({ maintenance_mode: true })
      .where('id', '=', institution?.id ?? -1)
      .execute();
    try {
      const answer = await login(
        { username: 'jordan.rivers', password: 'Demo-Pass-2024' },
        { host: 'summit.localhost' },
      );
      expect(answer.statusCode).toBe(403);
      expect(answer.json().Errors[0].ErrorMessage).toBe('maintenanceModeEnabled');
    } finally {
      await test.database.db
        .updateTable('institutions')
        .set({ maintenance_mode: false })
        .where('id', '=', institution?.id ?? -1)
        .execute();
    }
  });

  it('rejects a sign-in body that does not match the contract', async () => {
    const answer = await login({ username: 'pat.lee' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().Errors[0].ErrorMessage).toBe('InvalidRequest');
  });
});
