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
    // Three failures lock for ten minutes; at most six failures per address; ten tries a minute.
    await publishSettingsChange(test.app, 'localhost', {
      shared: {
        securityPolicyOptions: {
          maxFailedLoginAttempts: '3',
          lockoutMinutes: '10',
          maxFailedLoginAttemptsPerIp: '6',
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

  it('locks an address after its maximum of failures across user names', async () => {
    const address = freshAddress();
    const answers = [];
    for (let index = 0; index < 7; index += 1) {
      const answer = await login(`visitor.${index}`, 'wrong', address);
      answers.push(answer.json().Errors[0].ErrorMessage);
    }
    expect(answers).toEqual([
      'Invalid',
      'Invalid',
      'Invalid',
      'Invalid',
      'Invalid',
      'MaxAttemptsReached',
      'MaxAttemptsReached',
    ]);
    // Even a correct sign-in from that address waits for the lock to end.
    expect((await login('pat.lee', PASSWORD, address)).json().Errors[0].ErrorMessage).toBe(
      'MaxAttemptsReached',
    );
    expect((await login('pat.lee', PASSWORD, freshAddress())).statusCode).toBe(200);
    test.clock.advance(10 * MINUTE);
    expect((await login('pat.lee', PASSWORD, address)).statusCode).toBe(200);
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
