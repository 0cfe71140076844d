import {
  decodeSignInCheck,
  encodeSignInCheck,
  SignInCheckResponse,
  solveSignInCheck,
} from '@portal/domain';
import { findSettingDefinition } from '@portal/settings-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';
import { listLoginAttempts } from './sessions.repository';

const MINUTE = 60_000;
const PASSWORD = 'Demo-Pass-2024';

describe.each(testDatabases())('sign-in lockout and rate limits on $name', (testDatabase) => {
  let test: TestApp;
  let addressCount = 0;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    // Three failures lock for ten minutes; six failures per address ask for the sign-in check
    // (of little work here); ten tries a minute.
    await publishSettingsChange(test.app, 'localhost', {
      shared: {
        securityPolicyOptions: {
          maxFailedLoginAttempts: '3',
          lockoutMinutes: '10',
          maxFailedLoginAttemptsPerIp: '6',
          loginCheckWork: '1000',
          loginRequestsPerMinutePerIp: '10',
        },
      },
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  /** A fresh client address, so per-address counters do not mix between tests. */
  const freshAddress = () => {
    addressCount += 1;
    return `192.0.2.${addressCount}`;
  };

  const login = (username: string, password: string, remoteAddress: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress,
      headers: PORTAL_WRITE_HEADERS,
      payload: { username, password },
    });

  const outcome = async (username: string, password: string, address: string) => {
    const response = await login(username, password, address);
    return { status: response.statusCode, body: response.body };
  };

  it('locks an unknown user name exactly like a real one, and the lock ends after its time', async () => {
    const sequence = async (username: string) => {
      const address = freshAddress();
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        answers.push(await outcome(username, 'wrong-password', address));
      }
      // The right password does not help while locked (for the real user).
      answers.push(await outcome(username, PASSWORD, freshAddress()));
      return answers;
    };
    const real = await sequence('jordan.rivers');
    const unknown = await sequence('no.such.person');
    const invalid = JSON.stringify({ HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] });
    const locked = JSON.stringify({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'LockedOnBadPassword' }],
    });
    expect(real).toEqual([
      { status: 403, body: invalid },
      { status: 403, body: invalid },
      { status: 403, body: locked },
      { status: 403, body: locked },
      { status: 403, body: locked },
    ]);
    expect(unknown).toEqual(real);

    test.clock.advance(10 * MINUTE - 1000);
    expect((await outcome('jordan.rivers', PASSWORD, freshAddress())).body).toBe(locked);
    test.clock.advance(1000);
    expect((await login('jordan.rivers', PASSWORD, freshAddress())).statusCode).toBe(200);
    // After the lock the count starts again from zero.
    expect((await outcome('no.such.person', 'wrong', freshAddress())).body).toBe(invalid);
  });

  it('counts the user name case-insensitively', async () => {
    const address = freshAddress();
    await login('Pat.Lee', 'wrong', address);
    await login('PAT.LEE', 'wrong', address);
    const third = await login('pat.lee', 'wrong', address);
    expect(third.json().Errors[0].ErrorMessage).toBe('LockedOnBadPassword');
    test.clock.advance(10 * MINUTE);
  });

  it('starts the count again after a successful sign-in', async () => {
    const address = freshAddress();
    await login('casey.morgan', 'wrong', address);
    await login('casey.morgan', 'wrong', address);
    expect((await login('casey.morgan', PASSWORD, freshAddress())).statusCode).toBe(200);
    const afterSuccess = [
      await login('casey.morgan', 'wrong', freshAddress()),
      await login('casey.morgan', 'wrong', freshAddress()),
    ];
    expect(afterSuccess.map((answer) => answer.json().Errors[0].ErrorMessage)).toEqual([
      'Invalid',
      'Invalid',
    ]);
    expect((await login('casey.morgan', PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  const challenge = async (address: string) => {
    const answer = await test.app.inject({
      method: 'GET',
      url: '/api/login/SignInCheck',
      remoteAddress: address,
    });
    expect(answer.statusCode).toBe(200);
    return SignInCheckResponse.parse(answer.json());
  };
  const solved = async (address: string) => {
    const solution = await solveSignInCheck(await challenge(address));
    if (!solution) throw new Error('the sign-in check has no solution');
    return solution;
  };
  const loginWithCheck = (username: string, password: string, address: string, check: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: address,
      headers: PORTAL_WRITE_HEADERS,
      payload: { username, password, SignInCheck: check },
    });

  it('asks every sign-in from an address with many failures for the sign-in check, and locks no one', async () => {
    const address = freshAddress();
    const answers = [];
    for (let index = 0; index < 7; index += 1) {
      const answer = await login(`visitor.${index}`, 'wrong', address);
      answers.push(answer.json().Errors[0].ErrorMessage);
    }
    // Six failures from the address (beforeAll), then the check is asked for.
    expect(answers).toEqual([...Array(6).fill('Invalid'), 'SignInCheckRequired']);
    // Pat, behind the same address, is not locked out: the correct password with a solved check
    // signs in; nothing says an account is locked.
    const refused = await login('pat.lee', PASSWORD, address);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Errors[0].ErrorMessage).toBe('SignInCheckRequired');
    const check = await solved(address);
    expect((await loginWithCheck('pat.lee', PASSWORD, address, check)).statusCode).toBe(200);
    // A solved check is used once.
    const replay = await loginWithCheck('pat.lee', PASSWORD, address, check);
    expect(replay.json().Errors[0].ErrorMessage).toBe('SignInCheckRequired');
    // A wrong guess with a solved check is just a wrong guess: Invalid, counted. (A minute on:
    // ten sign-ins a minute here.)
    test.clock.advance(MINUTE);
    const guess = await loginWithCheck('pat.lee', 'wrong', address, await solved(address));
    expect(guess.json().Errors[0].ErrorMessage).toBe('Invalid');
    // Other addresses never see the check, and the user was never locked.
    expect((await login('pat.lee', PASSWORD, freshAddress())).statusCode).toBe(200);
    test.clock.advance(10 * MINUTE);
    expect((await login('pat.lee', PASSWORD, address)).statusCode).toBe(200);
  });

  it('refuses a forged, expired or foreign sign-in check, and makes it harder as failures go on', async () => {
    const address = freshAddress();
    for (let index = 0; index < 6; index += 1) await login(`guess.${index}`, 'wrong', address);
    const first = await challenge(address);
    expect(first.MaxNumber).toBe(1000);
    // Forged: a number that does not fit, or a signature of our own making.
    const fitting = await solveSignInCheck(first);
    if (!fitting) throw new Error('no solution');
    const decoded = decodeSignInCheck(fitting);
    if (!decoded) throw new Error('undecodable');
    for (const forged of [
      encodeSignInCheck({ ...decoded, number: decoded.number + 1 }),
      encodeSignInCheck({ ...decoded, signature: 'ab'.repeat(32) }),
      'not base64 json',
    ]) {
      const answer = await loginWithCheck('pat.lee', PASSWORD, address, forged);
      expect(answer.json().Errors[0].ErrorMessage).toBe('SignInCheckRequired');
    }
    // Another institution's check does not open this one.
    const summit = await test.app.inject({
      method: 'GET',
      url: '/api/login/SignInCheck',
      remoteAddress: address,
      headers: { host: 'summit.localhost' },
    });
    const summitCheck = await solveSignInCheck(SignInCheckResponse.parse(summit.json()));
    const foreign = await loginWithCheck('pat.lee', PASSWORD, address, summitCheck ?? '');
    expect(foreign.json().Errors[0].ErrorMessage).toBe('SignInCheckRequired');
    // Expired after five minutes.
    const late = await solved(address);
    test.clock.advance(5 * MINUTE);
    const expired = await loginWithCheck('pat.lee', PASSWORD, address, late);
    expect(expired.json().Errors[0].ErrorMessage).toBe('SignInCheckRequired');
    // Six more failures double the work, up to 16 times.
    for (let index = 0; index < 6; index += 1) {
      await loginWithCheck(`guess.${index}`, 'wrong', address, await solved(address));
    }
    expect((await challenge(address)).MaxNumber).toBe(2000);
    test.clock.advance(10 * MINUTE);
  });

  it('limits sign-in requests per address per minute, successful ones included, without the lockout wording', async () => {
    const address = freshAddress();
    // Start at a minute boundary so the fixed window is the whole minute.
    test.clock.advance(MINUTE - (test.clock.now().getTime() % MINUTE));
    // Ten a minute here (beforeAll); 60 by default, so an office signing in at nine does not
    // reach it.
    for (let index = 0; index < 10; index += 1) {
      expect((await login('pat.lee', PASSWORD, address)).statusCode).toBe(200);
    }
    test.clock.advance(20_000);
    const over = await login('pat.lee', PASSWORD, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().Errors[0].ErrorMessage).toBe('TooManyRequests');
    expect(over.headers['retry-after']).toBe('40');
    // The user is not locked: another address signs in at once.
    expect((await login('pat.lee', PASSWORD, freshAddress())).statusCode).toBe(200);
    test.clock.advance(MINUTE);
    expect((await login('pat.lee', PASSWORD, address)).statusCode).toBe(200);
  });

  it('allows 60 sign-ins a minute per address by default, so an office behind one address does not reach it', () => {
    expect(
      findSettingDefinition('securityPolicyOptions.loginRequestsPerMinutePerIp')?.default,
    ).toBe('60');
  });

  it('records every attempt with its date, address, outcome and reason', async () => {
    const address = freshAddress();
    await login('avery.stone', 'wrong', address);
    await login('nobody.known', 'wrong', address);
    await login('avery.stone', PASSWORD, address);
    const harbor = await test.app.services.institutions.resolveHost('localhost');
    const attempts = (await listLoginAttempts(test.database.db, harbor?.id ?? -1)).filter(
      (attempt) => attempt.ip === address,
    );
    expect(
      attempts.map((attempt) => ({
        username: attempt.username_attempted,
        known: attempt.user_id !== null,
        success: attempt.success,
        reason: attempt.reason,
        at: attempt.created_at,
      })),
    ).toEqual([
      {
        username: 'avery.stone',
        known: true,
        success: false,
        reason: 'Invalid',
        at: test.clock.now(),
      },
      {
        username: 'nobody.known',
        known: false,
        success: false,
        reason: 'Invalid',
        at: test.clock.now(),
      },
      { username: 'avery.stone', known: true, success: true, reason: '', at: test.clock.now() },
    ]);
  });
});
