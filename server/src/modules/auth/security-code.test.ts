import { LoginResponse, ValidateCodeResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  latestSecurityCode,
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';

const MINUTE = 60_000;
const SUMMIT = 'summit.localhost';

describe.each(testDatabases())('the security code step on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase, { demoMode: true });
  });
  afterAll(async () => {
    await test?.close();
  });

  async function login(username: string, extra: object = {}) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, host: SUMMIT, 'x-session-transport': 'header' },
      payload: { username, password: 'Demo-Pass-2024', ...extra },
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function signedInWithCode(username: string, extra: object = {}) {
    const { status, body } = await login(username, extra);
    expect(status).toBe(200);
    return LoginResponse.parse(body);
  }

  const post = (url: string, token: string, payload: object) =>
    test.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, host: SUMMIT, usertoken: token },
      payload,
    });

  const accounts = (token: string) =>
    test.app.inject({ url: '/api/accountList', headers: { host: SUMMIT, usertoken: token } });

  const validate = (login: LoginResponse, code: string, trust = false) =>
    post('/api/Login/ValidateCode', login.UserToken, {
      UserId: login.UserId,
      Code: code,
      CreateTrustedDevice: trust,
    });

  it('asks for a code sent by e-mail and keeps data closed until it is entered', async () => {
    const body = await signedInWithCode('jordan.rivers');
    expect(body).toMatchObject({
      IsLoggedIn: true,
      MFARequired: true,
      PendingSteps: ['securityCode'],
    });
    const closed = await accounts(body.UserToken);
    expect(closed.statusCode).toBe(401);
    expect(
      closed.json().Errors.map((error: { ErrorMessage: string }) => error.ErrorMessage),
    ).toEqual(['Unauthorized', 'PostLoginStepsPending']);

    const code = await latestSecurityCode(test.app, 'jordan.rivers@example.test', SUMMIT);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await test.database.db
      .selectFrom('security_codes')
      .select('code_digest')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.code_digest).not.toContain(code);

    const wrong = await validate(body, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().Errors[0].ErrorMessage).toBe('Invalid');

    const right = await validate(body, code);
    expect(right.statusCode).toBe(200);
    const answer = ValidateCodeResponse.parse(right.json());
    expect(answer.UserToken).not.toBe(body.UserToken);
    expect(answer.EmailAddress).toBe('jordan.rivers@example.test');
    // The token from before the code is spent; the new one reads data.
    expect((await accounts(body.UserToken)).statusCode).toBe(401);
    expect((await accounts(answer.UserToken)).statusCode).toBe(200);
    // A code works once.
    expect((await validate({ ...body, UserToken: answer.UserToken }, code)).statusCode).toBe(403);
  });

  it('answers CodeExpired after ten minutes, and Resend Code sends a new one', async () => {
    const body = await signedInWithCode('casey.morgan');
    const first = await latestSecurityCode(test.app, 'casey.morgan@example.test', SUMMIT);
    test.clock.advance(10 * MINUTE);
    const expired = await validate(body, first);
    expect(expired.json().Errors[0].ErrorMessage).toBe('CodeExpired');

    const resend = await post('/api/Login/ResendCode', body.UserToken, { UserId: body.UserId });
    expect(resend.json()).toEqual({ HasNoErrors: true, Errors: [] });
    const second = await latestSecurityCode(test.app, 'casey.morgan@example.test', SUMMIT);
    if (second !== first) {
      expect((await validate(body, first)).json().Errors[0].ErrorMessage).toBe('Invalid');
    }
    expect((await validate(body, second)).statusCode).toBe(200);
  });

  it('answers MaxAttemptsReached after the maximum of wrong codes, even for the right one', async () => {
    const body = await signedInWithCode('pat.lee');
    const code = await latestSecurityCode(test.app, 'pat.lee@example.test', SUMMIT);
    const wrong = code === '123456' ? '654321' : '123456';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await validate(body, wrong)).json().Errors[0].ErrorMessage);
    }
    expect(answers).toEqual(['Invalid', 'Invalid', 'Invalid', 'Invalid', 'MaxAttemptsReached']);
    expect((await validate(body, code)).json().Errors[0].ErrorMessage).toBe('MaxAttemptsReached');
  });

  it('refuses a code for another user id', async () => {
    const body = await signedInWithCode('jordan.rivers');
    const code = await latestSecurityCode(test.app, 'jordan.rivers@example.test', SUMMIT);
    const other = await validate({ ...body, UserId: '00000000-0000-0000-0000-000000000000' }, code);
    expect(other.statusCode).toBe(403);
    expect((await validate(body, code)).statusCode).toBe(200);
  });

  it('trusts a device until the trust expires', async () => {
    const body = await signedInWithCode('jordan.rivers');
    const code = await latestSecurityCode(test.app, 'jordan.rivers@example.test', SUMMIT);
    const trusted = ValidateCodeResponse.parse((await validate(body, code, true)).json());
    expect(trusted.TrustedDeviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const tokens = { trustedDeviceTokens: { 'jordan.rivers': trusted.TrustedDeviceToken } };
    const again = await signedInWithCode('jordan.rivers', tokens);
    expect(again).toMatchObject({ MFARequired: false, IsTrustedDevice: true, PendingSteps: [] });
    expect((await accounts(again.UserToken)).statusCode).toBe(200);
    // Another user cannot use jordan's device token.
    const casey = await signedInWithCode('casey.morgan', {
      trustedDeviceTokens: { 'casey.morgan': trusted.TrustedDeviceToken },
    });
    expect(casey.MFARequired).toBe(true);

    test.clock.advance(90 * 24 * 60 * MINUTE);
    const later = await signedInWithCode('jordan.rivers', tokens);
    expect(later).toMatchObject({ MFARequired: true, IsTrustedDevice: false });
  });

  it('answers MFANoEmail when the user has no e-mail address', async () => {
    const summit = await test.app.services.institutions.resolveHost(SUMMIT);
    const user = await test.database.db
      .selectFrom('users')
      .select('customer_id')
      .where('username', '=', 'casey.morgan')
      .where('institution_id', '=', summit?.id ?? -1)
      .executeTakeFirstOrThrow();
    await test.database.db
      .updateTable('customers')
      .set({ email: '' })
      .where('id', '=', user.customer_id)
      .execute();
    const { status, body } = await login('casey.morgan');
    expect(status).toBe(403);
    expect(body).toEqual({ HasNoErrors: false, Errors: [{ ErrorMessage: 'MFANoEmail' }] });
  });

  it('lists delivered mail in the demo mailbox, newest first, per address', async () => {
    await signedInWithCode('pat.lee');
    await test.app.services.outbox.runOnce();
    const response = await test.app.inject({
      url: '/demo/mailbox.json?to=pat.lee@example.test',
      headers: { host: SUMMIT },
    });
    const { messages } = response.json() as {
      messages: { id: number; to: string; body: string }[];
    };
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages.every((message) => message.to === 'pat.lee@example.test')).toBe(true);
    expect(messages.map((message) => message.id)).toEqual(
      [...messages.map((message) => message.id)].sort((a, b) => b - a),
    );
    expect(messages[0]?.body).toMatch(/security code is \d{6}/);
    const page = await test.app.inject({ url: '/demo/mailbox', headers: { host: SUMMIT } });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Summit Lending security code');
    // Another institution's mailbox does not show Summit's mail.
    const harbor = await test.app.inject({ url: '/demo/mailbox.json?to=pat.lee@example.test' });
    expect(harbor.json().messages).toEqual([]);
  });
});

describe.each(testDatabases())('demo pages outside demo mode on $name', (testDatabase) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('does not serve the mailbox or the identity provider', async () => {
    for (const url of ['/demo/mailbox', '/demo/mailbox.json', '/demo/idp']) {
      expect((await test.app.inject({ url })).statusCode).toBe(404);
    }
  });
});
