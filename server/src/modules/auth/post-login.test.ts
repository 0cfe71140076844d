import { LoginResponse, PostLoginStepResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import {
  DEMO_PASSWORD_FOR_TESTS,
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';
import { insertTrustedDevice } from '../borrowers/codes.repository';
import { listOutboxMessages } from '../mail/outbox.repository';
import { mayRunStep } from '@portal/domain';

const PASSWORD = 'Demo-Pass-2024';

describe('the order of the post-login steps', () => {
  it('lets a step run only when no earlier step is pending', () => {
    expect(mayRunStep(['securityCode', 'agreements'], 'agreements')).toBe(false);
    expect(mayRunStep(['securityCode', 'agreements'], 'securityCode')).toBe(true);
    expect(mayRunStep(['changePassword', 'agreements'], 'validateSSN')).toBe(true);
    expect(mayRunStep([], 'setupSecretQuestion')).toBe(true);
  });
});

describe.each(testDatabases())('the post-login steps on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  /** A password sign-in; with a deviceId it is the mobile app's sign-in of an opted-in user. */
  async function login(username: string, password = PASSWORD, deviceId?: string) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, 'x-session-transport': 'header' },
      payload: { username, password, ...(deviceId ? { deviceId } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return LoginResponse.parse(response.json());
  }

  const post = (url: string, token: string | null, payload: object) =>
    test.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, ...(token ? { usertoken: token } : {}) },
      payload,
    });

  const dataStatus = async (token: string) =>
    (await test.app.inject({ url: '/api/accountList', headers: { usertoken: token } })).statusCode;

  const errors = (response: { json(): unknown }) =>
    (response.json() as { Errors: { ErrorMessage: string }[] }).Errors.map(
      (error) => error.ErrorMessage,
    );

  async function userRow(username: string) {
    const harbor = await test.app.services.institutions.resolveHost('localhost');
    return test.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .where('institution_id', '=', harbor?.id ?? -1)
      .executeTakeFirstOrThrow();
  }

  it('goes straight to the dashboard for a borrower with nothing to do', async () => {
    const body = await login('jordan.rivers');
    expect(body.PendingSteps).toEqual([]);
    // The sign-in agreement and the E-Sign disclosure accepted when going paperless.
    expect(body.WebAgreementLogs).toEqual([
      expect.objectContaining({ HostNum: 11337, Name: 'Online Banking Agreement' }),
      expect.objectContaining({ HostNum: 11338, Name: 'E-Sign Disclosure' }),
    ]);
    expect(await dataStatus(body.UserToken)).toBe(200);
  });

  it('makes riley.chen change the password, with every rule and reset code', async () => {
    const body = await login('riley.chen');
    expect(body).toMatchObject({ MustChangePassword: true, PendingSteps: ['changePassword'] });
    expect(body.ChangePasswordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await dataStatus(body.UserToken)).toBe(401);
    const change = (Password: string, Enc = body.ChangePasswordToken, token = body.UserToken) =>
      post('/api/Login/ResetPassword', token, { Enc, Password });

    expect(errors(await change('Ab1'))).toContain('PasswordTooShort');
    expect(errors(await change('xriley.chen1'))).toContain('PasswordSameAsLogin');
    expect(errors(await change('Pass900445555'))).toContain('PasswordSameAsSSN');
    expect(errors(await change('onlyletters'))).toContain('PasswordNeedsLetterNumber');
    expect(errors(await change(PASSWORD))).toEqual(['ChooseDifferentPassword']);
    expect(errors(await change('Whatever-2025', 'not-a-token'))).toEqual(['Expired']);
    // The step's token belongs to its session.
    const other = await login('jordan.rivers');
    expect(
      errors(await change('Whatever-2025', body.ChangePasswordToken, other.UserToken)),
    ).toEqual(['Expired']);

    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        passwordRuleOptions: {
          passwordValidationRules: JSON.stringify([
            { ValidationRuleType: 0, ValidationRegex: null, RegexMatchMeansError: false },
            { ValidationRuleType: 4, ValidationRegex: null, RegexMatchMeansError: false },
            { ValidationRuleType: 8, ValidationRegex: null, RegexMatchMeansError: false },
          ]),
        },
      },
    });
    try {
      const ruled = errors(await change('lowercase1aaa'));
      expect(ruled).toEqual(
        expect.arrayContaining([
          'PasswordMissingCapitalLetter',
          'PasswordMissingSpecialCharacter',
          'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
        ]),
      );
      const changed = await change('New-Harbor-2025');
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ HasNoErrors: true, IsLoggedIn: true });
    } finally {
      await restore();
    }
    expect(await dataStatus(body.UserToken)).toBe(200);
    // Used once; the old password is history and cannot come back.
    expect(errors(await change('Another-2025'))).toEqual(['Expired']);
    const row = await userRow('riley.chen');
    expect(row.must_change_password).toBe(false);
    const next = await login('riley.chen', 'New-Harbor-2025');
    expect(next.PendingSteps).toEqual([]);
    const history = await test.database.db
      .selectFrom('password_history')
      .select('password_hash')
      .where('user_id', '=', row.id)
      .execute();
    expect(history).toHaveLength(1);
  });

  it('refuses a previously used password through a reset link', async () => {
    const row = await userRow('riley.chen');
    const issue = async () => {
      const { createToken, hashToken } = await import('../../lib/tokens');
      const token = createToken();
      await test.database.db
        .insertInto('user_tokens')
        .values({
          institution_id: row.institution_id,
          user_id: row.id,
          purpose: 'resetPassword',
          token_hash: hashToken(token),
          expires_at: new Date(test.clock.now().getTime() + 3_600_000),
          created_at: test.clock.now(),
        })
        .execute();
      return token;
    };
    const link = await issue();
    const reused = await post('/api/Login/ResetPassword', null, { Enc: link, Password: PASSWORD });
    expect(errors(reused)).toEqual(['ReusedPassword']);
    const fine = await post('/api/Login/ResetPassword', null, {
      Enc: link,
      Password: 'Fresh-Start-77',
    });
    expect(fine.json()).toMatchObject({ HasNoErrors: true, IsLoggedIn: false });
  });

  it('makes avery.stone accept the login agreement, and not again', async () => {
    const body = await login('avery.stone');
    expect(body.PendingSteps).toEqual(['agreements']);
    expect(await dataStatus(body.UserToken)).toBe(401);
    const log = (Agreements: number[], UserName = 'avery.stone') =>
      post('/api/AgreementLogging', body.UserToken, { Agreements, UserName });
    expect(errors(await log([]))).toEqual(['MustAgreeToAllError']);
    expect(errors(await log([11337, 11340]))).toEqual(['AgreementRecordingError']);
    expect(errors(await log([11337], 'jordan.rivers'))).toEqual(['AgreementRecordingError']);
    expect((await log([11337])).json()).toEqual({
      HasNoErrors: true,
      Errors: [],
      BiometricsTokenExpiration: null,
      BiometricsToken: '',
    });
    expect(await dataStatus(body.UserToken)).toBe(200);
    const next = await login('avery.stone');
    expect(next.PendingSteps).toEqual([]);
  });

  it('asks again once the agreement has a newer date, but not for a future date', async () => {
    const restore = await publishSettingsChange(test.app, 'localhost', {
      english: {
        agreementTexts: {
          agreementSetup: [
            '/terms.html|2025-03-14|Online Banking Agreement|login',
            '/privacy.html|2025-03-15|Privacy Notice|login',
          ].join('\n'),
        },
      },
    });
    try {
      // The test clock's today is 2025-03-14: the first is due again, the second not yet.
      const body = await login('pat.lee');
      expect(body.PendingSteps).toEqual(['agreements']);
      expect(
        (
          await post('/api/AgreementLogging', body.UserToken, {
            Agreements: [11337],
            UserName: 'pat.lee',
          })
        ).statusCode,
      ).toBe(200);
      expect((await login('pat.lee')).PendingSteps).toEqual([]);
      test.clock.advance(24 * 3_600_000);
      expect((await login('pat.lee')).PendingSteps).toEqual(['agreements']);
    } finally {
      await restore();
    }
  });

  it('checks the SSN when SSN validation at creation is on and the e-mail is not verified', async () => {
    const casey = await userRow('casey.morgan');
    await test.database.db
      .updateTable('users')
      .set({ email_verified: false })
      .where('id', '=', casey.id)
      .execute();
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { postLoginOptions: { validateSsnAtCreationOption: 'true' } },
    });
    try {
      const body = await login('casey.morgan');
      expect(body.PendingSteps).toEqual(['validateSSN']);
      const verify = (SocialSecurityNumber: string, Password = PASSWORD) =>
        post('/api/Login/VerifyNewUser', body.UserToken, {
          Credentials: { UserName: 'casey.morgan', Password },
          SocialSecurityNumber,
        });
      expect(errors(await verify('900-22-3334'))).toEqual(['Invalid']);
      expect(errors(await verify('900-22-3333', 'wrong'))).toEqual(['Invalid']);
      expect((await verify('900-22-3333')).statusCode).toBe(200);
      expect(await dataStatus(body.UserToken)).toBe(200);
      expect((await login('casey.morgan')).PendingSteps).toEqual([]);
    } finally {
      await restore();
    }
  });

  it('ends the sign-in after too many wrong SSNs', async () => {
    const pat = await userRow('pat.lee');
    await test.database.db
      .updateTable('users')
      .set({ email_verified: false })
      .where('id', '=', pat.id)
      .execute();
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        postLoginOptions: { validateSsnAtCreationOption: 'true' },
        securityPolicyOptions: { securityCodeMaxAttempts: '2' },
      },
    });
    try {
      const body = await login('pat.lee');
      const verify = () =>
        post('/api/Login/VerifyNewUser', body.UserToken, {
          Credentials: { UserName: 'pat.lee', Password: PASSWORD },
          SocialSecurityNumber: '111-11-1111',
        });
      expect(errors(await verify())).toEqual(['Invalid']);
      expect(errors(await verify())).toEqual(['MaxAttemptsReached']);
      expect((await verify()).statusCode).toBe(401);
    } finally {
      await restore();
    }
  });

  it('asks for a secret question when there is none, from the configured list', async () => {
    const jordan = await userRow('jordan.rivers');
    await test.database.db
      .updateTable('users')
      .set({ password_question: '', password_answer_hash: null })
      .where('id', '=', jordan.id)
      .execute();
    const body = await login('jordan.rivers');
    expect(body).toMatchObject({
      HasPasswordQuestion: false,
      PendingSteps: ['setupSecretQuestion'],
    });
    const set = (PasswordQuestion: string, PasswordAnswer: string) =>
      post('/api/register/SetPasswordQuestion', body.UserToken, {
        PasswordQuestion,
        PasswordAnswer,
      });
    expect(errors(await set('What is my secret?', 'Anything'))).toEqual(['Invalid']);
    expect(errors(await set('What was the name of your first pet?', 'Bad<answer>'))).toEqual([
      'Invalid',
    ]);
    expect((await set('What was the name of your first pet?', 'Rex')).statusCode).toBe(200);
    expect(await dataStatus(body.UserToken)).toBe(200);
    expect((await login('jordan.rivers')).HasPasswordQuestion).toBe(true);
  });

  it('replaces a secret question outside its sign-in step only with the current password, and says so by e-mail', async () => {
    const body = await login('casey.morgan');
    expect(body.PendingSteps).toEqual([]);
    const casey = await userRow('casey.morgan');
    const change = (extra: Record<string, string>) =>
      post('/api/register/SetPasswordQuestion', body.UserToken, {
        PasswordQuestion: 'What was the name of your first pet?',
        PasswordAnswer: 'Takeover',
        ...extra,
      });
    const questionNow = async () => (await userRow('casey.morgan')).password_answer_hash;
    const before = await questionNow();

    expect(errors(await change({}))).toEqual(['Invalid']);
    expect(errors(await change({ CurrentPassword: 'not-the-password' }))).toEqual(['Invalid']);
    expect(await questionNow()).toBe(before);

    const institutionId = casey.institution_id;
    const mailBefore = (await listOutboxMessages(test.database.db, institutionId)).length;
    expect((await change({ CurrentPassword: DEMO_PASSWORD_FOR_TESTS })).statusCode).toBe(200);
    expect(await questionNow()).not.toBe(before);
    const mail = await listOutboxMessages(test.database.db, institutionId);
    expect(mail).toHaveLength(mailBefore + 1);
    expect(mail.at(-1)?.to_address).toBe('casey.morgan@example.test');
    expect(mail.at(-1)?.subject).toMatch(/secret question was changed/);
  });

  it('counts a wrong current password offered to replace the secret question as a failed sign-in', async () => {
    const body = await login('devon.hayes');
    expect(body.PendingSteps).toEqual([]);
    // Five failures lock a user name by default (securityPolicyOptions.maxFailedLoginAttempts).
    const guesses: string[][] = [];
    for (let guess = 0; guess < 5; guess += 1) {
      const answer = await post('/api/register/SetPasswordQuestion', body.UserToken, {
        PasswordQuestion: 'What was the name of your first pet?',
        PasswordAnswer: 'Takeover',
        CurrentPassword: `wrong-guess-${guess}`,
      });
      guesses.push(errors(answer));
    }
    expect(guesses).toEqual([...Array(4).fill(['Invalid']), ['LockedOnBadPassword']]);
    // Locked: refused whatever is typed, the right password too.
    const rightPassword = await post('/api/register/SetPasswordQuestion', body.UserToken, {
      PasswordQuestion: 'What was the name of your first pet?',
      PasswordAnswer: 'Takeover',
      CurrentPassword: PASSWORD,
    });
    expect(errors(rightPassword)).toEqual(['LockedOnBadPassword']);
    const signInAgain = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, 'x-session-transport': 'header' },
      payload: { username: 'devon.hayes', password: PASSWORD },
    });
    expect(signInAgain.statusCode).toBe(403);
    expect(errors(signInAgain)).toEqual(['LockedOnBadPassword']);
  });

  it('refuses a step while maintenance mode is on', async () => {
    const body = await login('avery.stone');
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { maintenanceOptions: { maintenanceModeOption: 'true' } },
    });
    try {
      // avery.stone accepted the agreement in an earlier test; riley's steps are done too, so
      // use a fresh session's step call.
      const answer = await post('/api/register/SetPasswordQuestion', body.UserToken, {
        PasswordQuestion: 'What was the name of your first pet?',
        PasswordAnswer: 'Rex',
      });
      expect(errors(answer)).toEqual(['maintenanceModeEnabled']);
    } finally {
      await restore();
    }
  });

  describe('the biometric token of a mobile sign-in', () => {
    const tokenLogin = (Token: string, DeviceID: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/login/tokenlogin',
        remoteAddress: nextClientAddress(),
        headers: { ...PORTAL_WRITE_HEADERS, 'x-session-transport': 'header' },
        payload: { Token, DeviceID },
      });

    /** The biometric grant of a step's answer (the same fields as the ValidateCode answer). */
    const grantOf = (response: { statusCode: number; json(): unknown }) => {
      expect(response.statusCode).toBe(200);
      return PostLoginStepResponse.parse(response.json());
    };

    /** Leaves the given steps to do at the user's next sign-in (the SSN step needs its setting). */
    async function pendAtNextSignIn(
      username: string,
      steps: { validateSSN?: boolean; setupSecretQuestion?: boolean; agreements?: boolean },
    ) {
      const row = await userRow(username);
      await test.database.db
        .updateTable('users')
        .set({
          email_verified: steps.validateSSN !== true,
          must_change_password: false,
          ...(steps.setupSecretQuestion
            ? { password_question: '', password_answer_hash: null }
            : {}),
        })
        .where('id', '=', row.id)
        .execute();
      if (steps.agreements) {
        await test.database.db.deleteFrom('agreement_logs').where('user_id', '=', row.id).execute();
      }
    }

    const acceptAgreements = (token: string, UserName: string) =>
      post('/api/AgreementLogging', token, { Agreements: [11337], UserName });
    const setQuestion = (token: string) =>
      post('/api/register/SetPasswordQuestion', token, {
        PasswordQuestion: 'What was the name of your first pet?',
        PasswordAnswer: 'Rex',
      });

    /** The granted token signs the device in, and only that device. */
    async function expectTokenSignIn(token: string, deviceId: string, username: string) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const signedIn = await tokenLogin(token, deviceId);
      expect(signedIn.statusCode).toBe(200);
      const body = LoginResponse.parse(signedIn.json());
      expect(body).toMatchObject({ IsLoggedIn: true, UserName: username, PendingSteps: [] });
      expect(await dataStatus(body.UserToken)).toBe(200);
      expect((await tokenLogin(token, `${deviceId}-other`)).statusCode).toBe(403);
    }

    it('comes with the agreements when they are the last step', async () => {
      await pendAtNextSignIn('avery.stone', { agreements: true });
      const body = await login('avery.stone', PASSWORD, 'phone-agreements');
      expect(body).toMatchObject({ PendingSteps: ['agreements'], BiometricsToken: '' });
      const grant = grantOf(await acceptAgreements(body.UserToken, 'avery.stone'));
      expect(grant.BiometricsTokenExpiration).toBe(
        new Date(test.clock.now().getTime() + 90 * 24 * 3_600_000).toISOString(),
      );
      await expectTokenSignIn(grant.BiometricsToken, 'phone-agreements', 'avery.stone');
    });

    it('comes with the SSN check when it is the last step', async () => {
      await pendAtNextSignIn('casey.morgan', { validateSSN: true });
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: { postLoginOptions: { validateSsnAtCreationOption: 'true' } },
      });
      try {
        const body = await login('casey.morgan', PASSWORD, 'phone-ssn');
        expect(body).toMatchObject({ PendingSteps: ['validateSSN'], BiometricsToken: '' });
        const grant = grantOf(
          await post('/api/Login/VerifyNewUser', body.UserToken, {
            Credentials: { UserName: 'casey.morgan', Password: PASSWORD },
            SocialSecurityNumber: '900-22-3333',
          }),
        );
        expect(grant.BiometricsTokenExpiration).not.toBeNull();
        await expectTokenSignIn(grant.BiometricsToken, 'phone-ssn', 'casey.morgan');
      } finally {
        await restore();
      }
    });

    it('comes with the secret question when it is the last step', async () => {
      await pendAtNextSignIn('jordan.rivers', { setupSecretQuestion: true });
      const body = await login('jordan.rivers', PASSWORD, 'phone-question');
      expect(body).toMatchObject({ PendingSteps: ['setupSecretQuestion'], BiometricsToken: '' });
      const grant = grantOf(await setQuestion(body.UserToken));
      expect(grant.BiometricsTokenExpiration).not.toBeNull();
      await expectTokenSignIn(grant.BiometricsToken, 'phone-question', 'jordan.rivers');
    });

    it('is not given while another step is still pending, only by the last one', async () => {
      await pendAtNextSignIn('avery.stone', {
        validateSSN: true,
        setupSecretQuestion: true,
        agreements: true,
      });
      const restore = await publishSettingsChange(test.app, 'localhost', {
        shared: { postLoginOptions: { validateSsnAtCreationOption: 'true' } },
      });
      try {
        const body = await login('avery.stone', PASSWORD, 'phone-queue');
        expect(body).toMatchObject({
          PendingSteps: ['validateSSN', 'setupSecretQuestion', 'agreements'],
          BiometricsToken: '',
        });
        const none = { BiometricsToken: '', BiometricsTokenExpiration: null };
        expect(
          grantOf(
            await post('/api/Login/VerifyNewUser', body.UserToken, {
              Credentials: { UserName: 'avery.stone', Password: PASSWORD },
              SocialSecurityNumber: '900-55-6666',
            }),
          ),
        ).toMatchObject(none);
        expect(grantOf(await setQuestion(body.UserToken))).toMatchObject(none);
        const rows = await test.database.db
          .selectFrom('biometric_devices')
          .select('id')
          .where('device_id', '=', 'phone-queue')
          .execute();
        expect(rows).toEqual([]);
        const last = grantOf(await acceptAgreements(body.UserToken, 'avery.stone'));
        await expectTokenSignIn(last.BiometricsToken, 'phone-queue', 'avery.stone');
      } finally {
        await restore();
      }
    });

    it('is not granted again when a token sign-in finishes its steps; the token keeps working', async () => {
      await pendAtNextSignIn('avery.stone', {});
      const first = await login('avery.stone', PASSWORD, 'phone-kept');
      expect(first.PendingSteps).toEqual([]);
      const token = first.BiometricsToken;
      expect(token).not.toBe('');
      // A new agreement appears; the next sign-in is by the biometric token.
      await pendAtNextSignIn('avery.stone', { agreements: true });
      const signedIn = await tokenLogin(token, 'phone-kept');
      const body = LoginResponse.parse(signedIn.json());
      expect(body).toMatchObject({ PendingSteps: ['agreements'], BiometricsToken: '' });
      expect(grantOf(await acceptAgreements(body.UserToken, 'avery.stone'))).toMatchObject({
        BiometricsToken: '',
        BiometricsTokenExpiration: null,
      });
      await expectTokenSignIn(token, 'phone-kept', 'avery.stone');
    });

    it('stops working, with every trusted device, once the password changes', async () => {
      await pendAtNextSignIn('pat.lee', {});
      const mobile = await login('pat.lee', PASSWORD, 'phone-before-reset');
      expect(mobile.PendingSteps).toEqual([]);
      const token = mobile.BiometricsToken;
      expect((await tokenLogin(token, 'phone-before-reset')).statusCode).toBe(200);
      const row = await userRow('pat.lee');
      await insertTrustedDevice(test.database.db, {
        institutionId: row.institution_id,
        userId: row.id,
        tokenHash: 'trusted-before-reset',
        expiresAt: new Date(test.clock.now().getTime() + 86_400_000),
        at: test.clock.now(),
      });

      await test.database.db
        .updateTable('users')
        .set({ must_change_password: true })
        .where('id', '=', row.id)
        .execute();
      const web = await login('pat.lee');
      expect(web.PendingSteps).toEqual(['changePassword']);
      const changed = await post('/api/Login/ResetPassword', web.UserToken, {
        Enc: web.ChangePasswordToken,
        Password: 'Pat-New-Pass-77',
      });
      expect(changed.statusCode).toBe(200);

      expect((await tokenLogin(token, 'phone-before-reset')).statusCode).toBe(403);
      const trusted = await test.database.db
        .selectFrom('trusted_devices')
        .select('id')
        .where('user_id', '=', row.id)
        .execute();
      expect(trusted).toEqual([]);
    });

    it('is not given to a web sign-in without a device id', async () => {
      await pendAtNextSignIn('avery.stone', { agreements: true });
      const body = await login('avery.stone');
      expect(body.PendingSteps).toEqual(['agreements']);
      expect(grantOf(await acceptAgreements(body.UserToken, 'avery.stone'))).toMatchObject({
        BiometricsToken: '',
        BiometricsTokenExpiration: null,
      });
      expect(await dataStatus(body.UserToken)).toBe(200);
    });

    it('is not given again by a step call once no step is left', async () => {
      const body = await login('jordan.rivers', PASSWORD, 'phone-done');
      expect(body.PendingSteps).toEqual([]);
      expect(body.BiometricsToken).not.toBe('');
      const again = grantOf(
        await post('/api/AgreementLogging', body.UserToken, {
          Agreements: [],
          UserName: 'jordan.rivers',
        }),
      );
      expect(again).toMatchObject({ BiometricsToken: '', BiometricsTokenExpiration: null });
      // The sign-in's own token was not replaced.
      await expectTokenSignIn(body.BiometricsToken, 'phone-done', 'jordan.rivers');
    });
  });
});
