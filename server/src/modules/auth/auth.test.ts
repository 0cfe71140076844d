import { AccountListResponse, LoginResponse, ProfileResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2PasswordHasher, legacyHashPassword, type PasswordHasher } from '../../lib/passwords';
import { testDatabases } from '../../testing/databases';
import {
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';
import { hashToken } from '../../lib/tokens';
import { SESSION_TOUCH_EVERY_MS } from './session-policy';
import { listLoginAttempts } from './sessions.repository';
import { publishSettingsChange } from '../../testing/settings';

const MINUTE = 60_000;
/** Harbor's securityPolicyOptions in the demo seed. */
const HARBOR_SESSIONS = { idleTimeoutMs: 20 * MINUTE, absoluteTimeoutMs: 720 * MINUTE };
const DEFAULT_SESSION_POLICY = HARBOR_SESSIONS;

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
      remoteAddress: nextClientAddress(),
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
        remoteAddress: nextClientAddress(),
        method: 'POST',
        url: '/api/login/userlogin',
        headers: PORTAL_WRITE_HEADERS,
        payload: { username: 'pat.lee', password: 'Demo-Pass-2024' },
      });
      expect(response.headers['set-cookie']).toMatch(/; Secure/);
      // __Host-: the browser keeps it only from this host over https, Path=/, no Domain.
      const cookie = response.cookies.find(
        (candidate) => candidate.name === '__Host-portal_session',
      );
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(cookie?.domain).toBeUndefined();
      const profile = (name: string) =>
        secure.app.inject({ url: '/api/Profile', headers: { cookie: `${name}=${cookie?.value}` } });
      expect((await profile('__Host-portal_session')).statusCode).toBe(200);
      // A cookie without the prefix (one a sibling subdomain could plant) is not a session.
      expect((await profile('portal_session')).statusCode).toBe(401);
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
    const last = casey.at(-1);
    expect(last?.ip).toMatch(/^10\.77\./);
    expect(last?.created_at).toEqual(test.clock.now());
    expect(last?.user_id).not.toBeNull();
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

  it('slides the stored expiry at most once per SESSION_TOUCH_EVERY_MS (reads write nothing)', async () => {
    const { token } = await signIn(test.app, { username: 'pat.lee', transport: 'header' });
    const idle = DEFAULT_SESSION_POLICY.idleTimeoutMs;
    const stored = async () =>
      (
        await test.database.db
          .selectFrom('sessions')
          .select('idle_expires_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).idle_expires_at.getTime();
    const signedInAt = test.clock.now().getTime();
    const ask = () => profile({ usertoken: token });

    test.clock.advance(SESSION_TOUCH_EVERY_MS - 1000);
    expect((await ask()).statusCode).toBe(200);
    expect(await stored()).toBe(signedInAt + idle);

    test.clock.advance(1000);
    expect((await ask()).statusCode).toBe(200);
    const slidAt = test.clock.now().getTime();
    expect(await stored()).toBe(slidAt + idle);

    // The session ends at the stored expiry: at most SESSION_TOUCH_EVERY_MS before exact.
    test.clock.advance(SESSION_TOUCH_EVERY_MS - 1000);
    expect((await ask()).statusCode).toBe(200);
    test.clock.set(new Date(slidAt + idle));
    expect((await ask()).statusCode).toBe(401);
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

  it('refuses sign-in while the published settings turn maintenance mode on', async () => {
    const restore = await publishSettingsChange(test.app, 'summit.localhost', {
      shared: { maintenanceOptions: { maintenanceModeOption: 'true' } },
    });
    try {
      const answer = await login(
        { username: 'jordan.rivers', password: 'Demo-Pass-2024' },
        { host: 'summit.localhost' },
      );
      expect(answer.statusCode).toBe(403);
      expect(answer.json().Errors[0].ErrorMessage).toBe('maintenanceModeEnabled');
    } finally {
      await restore();
    }
    const after = await login(
      { username: 'casey.morgan', password: 'Demo-Pass-2024' },
      { host: 'summit.localhost' },
    );
    expect(after.json().Errors).toEqual([]);
    expect(after.statusCode).toBe(200);
  });

  it('refuses a restricted account holder with Restricted, after checking the password', async () => {
    const harbor = await test.app.services.institutions.resolveHost('localhost');
    const casey = await test.database.db
      .selectFrom('users')
      .select('customer_id')
      .where('username', '=', 'casey.morgan')
      .where('institution_id', '=', harbor?.id ?? -1)
      .executeTakeFirstOrThrow();
    await test.database.db
      .updateTable('customers')
      .set({ restricted: true })
      .where('id', '=', casey.customer_id)
      .execute();
    try {
      const refused = await login({ username: 'casey.morgan', password: 'Demo-Pass-2024' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().Errors).toEqual([{ ErrorMessage: 'Restricted' }]);
      const wrong = await login({ username: 'casey.morgan', password: 'nope' });
      expect(wrong.json().Errors).toEqual([{ ErrorMessage: 'Invalid' }]);
    } finally {
      await test.database.db
        .updateTable('customers')
        .set({ restricted: false })
        .where('id', '=', casey.customer_id)
        .execute();
    }
  });

  it("never lets a second user's token read the first user's data", async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers', transport: 'header' });
    const pat = await signIn(test.app, { username: 'pat.lee', transport: 'header' });
    const read = async (token: string) => {
      const [who, accounts] = await Promise.all([
        profile({ usertoken: token }),
        test.app.inject({ url: '/api/accountList', headers: { usertoken: token } }),
      ]);
      return {
        logon: ProfileResponse.parse(who.json()).UserInfo?.LogonName,
        numbers: AccountListResponse.parse(accounts.json()).Accounts.map((item) => item.Number),
      };
    };
    const asJordan = await read(jordan.token);
    const asPat = await read(pat.token);
    expect(asJordan.logon).toBe('jordan.rivers');
    expect(asPat.logon).toBe('pat.lee');
    expect(asPat.numbers.length).toBeGreaterThan(0);
    expect(asPat.numbers.some((number) => asJordan.numbers.includes(number))).toBe(false);
    // The cookie of one and the header of the other: the header wins, nothing mixes.
    const mixed = await profile({ usertoken: pat.token, cookie: `portal_session=${jordan.token}` });
    expect(ProfileResponse.parse(mixed.json()).UserInfo?.LogonName).toBe('pat.lee');
  });

  it('reads the idle and absolute session limits from the published settings', async () => {
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        securityPolicyOptions: {
          sessionIdleTimeoutMinutes: '5',
          sessionAbsoluteTimeoutMinutes: '30',
        },
      },
    });
    try {
      const { cookie } = await signIn(test.app, { username: 'pat.lee' });
      test.clock.advance(4 * MINUTE);
      expect((await profile({ cookie })).statusCode).toBe(200);
      test.clock.advance(5 * MINUTE + 1);
      expect((await profile({ cookie })).statusCode).toBe(401);

      const active = await signIn(test.app, { username: 'pat.lee' });
      for (let minute = 4; minute < 30; minute += 4) {
        test.clock.advance(4 * MINUTE);
        expect((await profile({ cookie: active.cookie })).statusCode).toBe(200);
      }
      test.clock.advance(4 * MINUTE);
      expect((await profile({ cookie: active.cookie })).statusCode).toBe(401);
    } finally {
      await restore();
    }
  });

  it('hashes with argon2id (19 MiB, t=2, p=1) and rehashes a legacy hash at the next sign-in', async () => {
    const harbor = await test.app.services.institutions.resolveHost('localhost');
    const where = { username: 'pat.lee', institutionId: harbor?.id ?? -1 };
    const stored = () =>
      test.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', where.username)
        .where('institution_id', '=', where.institutionId)
        .executeTakeFirstOrThrow();
    expect((await stored()).password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await test.database.db
      .updateTable('users')
      .set({ password_hash: await legacyHashPassword('Demo-Pass-2024', 1000) })
      .where('username', '=', where.username)
      .where('institution_id', '=', where.institutionId)
      .execute();
    expect((await stored()).password_hash).toMatch(/^pbkdf2-sha256\$/);
    expect((await login({ username: 'pat.lee', password: 'Demo-Pass-2024' })).statusCode).toBe(200);
    expect((await stored()).password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await login({ username: 'pat.lee', password: 'Demo-Pass-2024' })).statusCode).toBe(200);
  });

  it('rejects a sign-in body that does not match the contract', async () => {
    const answer = await login({ username: 'pat.lee' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().Errors[0].ErrorMessage).toBe('InvalidRequest');
  });
});

describe.each(testDatabases())('password verification per sign-in on $name', (testDatabase) => {
  let test: TestApp;
  const calls: string[] = [];
  const countingHasher: PasswordHasher = {
    hash: (password) => argon2PasswordHasher.hash(password),
    async verify(hash, password) {
      calls.push('verify');
      return argon2PasswordHasher.verify(hash, password);
    },
    async verifyDummy(password) {
      calls.push('dummy');
      return argon2PasswordHasher.verifyDummy(password);
    },
  };

  beforeAll(async () => {
    test = await startTestApp(testDatabase, { passwordHasher: countingHasher });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('runs one argon2 verification for an unknown name too, against a dummy hash', async () => {
    const attempt = (username: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/login/userlogin',
        remoteAddress: nextClientAddress(),
        headers: PORTAL_WRITE_HEADERS,
        payload: { username, password: 'wrong-password-1' },
      });
    calls.length = 0;
    const unknown = await attempt('nobody.at.all');
    expect(calls).toEqual(['dummy']);
    calls.length = 0;
    const known = await attempt('jordan.rivers');
    expect(calls).toEqual(['verify']);
    expect(unknown.body).toBe(known.body);
  });
});
