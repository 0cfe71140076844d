import {
  LogonValidationRulesResponse,
  PasswordValidationRulesResponse,
  ValidatePasswordResponse,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  DEMO_PASSWORD_FOR_TESTS,
  signIn,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';
import { issueLinkToken } from '../account-links/links';
import {
  firstErrorOf,
  institutionIdOf,
  postJson,
  publishShared,
} from '../../testing/account-flows';
import { findBorrowerByUsername } from '../borrowers/users.repository';
import { MINUTE_MS } from '../throttle/throttle.service';
import { SECRET_CHECKS_PER_USER_PER_MINUTE } from './credentials.service';

const JORDAN_SSN = '900112222';
const JORDAN_EMAIL = 'jordan.rivers@example.test';

const RULES = [
  { ValidationRuleType: 0, ValidationRegex: null, RegexMatchMeansError: false },
  { ValidationRuleType: 5, ValidationRegex: null, RegexMatchMeansError: false },
  { ValidationRuleType: 7, ValidationRegex: null, RegexMatchMeansError: false },
  { ValidationRuleType: 8, ValidationRegex: '(.)\\1\\1', RegexMatchMeansError: true },
  { ValidationRuleType: 11, ValidationRegex: null, RegexMatchMeansError: false },
];

function checkBody(password: string, flags = { ssn: true, email: true, history: true }) {
  return {
    PasswordToValidate: password,
    InvalidWhenMatchesSSN: flags.ssn,
    InvalidWhenMatchEmail: flags.email,
    InvalidWhenPasswordExists: flags.history,
  };
}

describe.each(testDatabases())('password and logon rules on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers the configured password rules with the 128 maximum of customer credentials', async () => {
    const before = await postJson(
      test,
      '/api/CredentialValidationRules/GetPasswordValidationRules',
      {},
    );
    expect(PasswordValidationRulesResponse.parse(before.body)).toMatchObject({
      HasNoErrors: true,
      MinimumLength: 8,
      MaximumLength: 128,
      CustomerCredentials: true,
      PasswordValidationRules: [],
    });

    await publishShared(test, {
      institutionOptions: { PasswordMinimumLength: '10' },
      passwordRuleOptions: { passwordValidationRules: JSON.stringify(RULES) },
    });
    const after = PasswordValidationRulesResponse.parse(
      (await postJson(test, '/api/CredentialValidationRules/GetPasswordValidationRules', {})).body,
    );
    expect(after.MinimumLength).toBe(10);
    expect(after.PasswordValidationRules.map((rule) => rule.ValidationRuleType)).toEqual([
      0, 5, 7, 8, 11,
    ]);
    expect(after.PasswordValidationRules[3]).toEqual(RULES[3]);
  });

  it('caps passwords and logon names at 12 characters when customer credentials are off', async () => {
    await publishShared(test, { passwordRuleOptions: { useCustomerCredentialsOption: 'false' } });
    const passwordRules = PasswordValidationRulesResponse.parse(
      (await postJson(test, '/api/CredentialValidationRules/GetPasswordValidationRules', {})).body,
    );
    const logonRules = LogonValidationRulesResponse.parse(
      (await postJson(test, '/api/CredentialValidationRules/GetLogonValidationRules', {})).body,
    );
    expect(passwordRules.MaximumLength).toBe(12);
    expect(passwordRules.CustomerCredentials).toBe(false);
    expect(logonRules.MaximumLength).toBe(12);
    await publishShared(test, { passwordRuleOptions: { useCustomerCredentialsOption: 'true' } });
  });

  it('answers the logon rules: the minimum user name length and only the rule types of a name', async () => {
    await publishShared(test, {
      passwordRuleOptions: { logonValidationRules: JSON.stringify(RULES) },
    });
    const rules = LogonValidationRulesResponse.parse(
      (await postJson(test, '/api/CredentialValidationRules/GetLogonValidationRules', {})).body,
    );
    // Harbor's UserNameMinimumLength is 6.
    expect(rules.MinimumLength).toBe(6);
    expect(rules.MaximumLength).toBe(128);
    expect(rules.LogonValidationRules.map((rule) => rule.ValidationRuleType)).toEqual([0, 7]);
  });

  it('needs a session to check a password for the signed-in user', async () => {
    const result = await postJson(
      test,
      '/api/Login/ValidatePasswordForLoggedInUser',
      checkBody('x'),
    );
    expect(result.status).toBe(401);
    expect(firstErrorOf(result.body)).toBe('Unauthorized');
  });

  it('tells the signed-in user whether a password contains the SSN, is the e-mail or was used', async () => {
    const { cookie } = await signIn(test.app, { username: 'jordan.rivers' });
    const check = async (password: string, flags?: Parameters<typeof checkBody>[1]) => {
      const result = await postJson(
        test,
        '/api/Login/ValidatePasswordForLoggedInUser',
        checkBody(password, flags),
        {
          headers: { cookie },
        },
      );
      expect(result.status).toBe(200);
      return ValidatePasswordResponse.parse(result.body);
    };
    expect(await check('Secret-900-11-2222x')).toMatchObject({
      PasswordMatchesSSN: true,
      PasswordMatchesEmail: false,
      PasswordExists: false,
    });
    expect(
      await check(`abc${JORDAN_SSN}`, { ssn: false, email: true, history: true }),
    ).toMatchObject({
      PasswordMatchesSSN: false,
    });
    expect(await check(JORDAN_EMAIL.toUpperCase())).toMatchObject({ PasswordMatchesEmail: true });
    expect(await check(DEMO_PASSWORD_FOR_TESTS)).toMatchObject({
      PasswordMatchesSSN: false,
      PasswordMatchesEmail: false,
      PasswordExists: true,
    });
    expect(
      await check(DEMO_PASSWORD_FOR_TESTS, { ssn: true, email: true, history: false }),
    ).toMatchObject({
      PasswordExists: false,
    });
    expect(await check('Brand-New-Pass-77')).toMatchObject({
      PasswordMatchesSSN: false,
      PasswordMatchesEmail: false,
      PasswordExists: false,
    });
  });

  it('checks a password for the user of a reset link until the link is used or expired', async () => {
    // A minute after the checks above: the secrets are compared a few times a minute.
    test.clock.advance(MINUTE_MS);
    const institutionId = await institutionIdOf(test);
    const jordan = await findBorrowerByUsername(test.database.db, institutionId, 'jordan.rivers');
    if (!jordan) throw new Error('jordan.rivers is not seeded');
    const token = await issueLinkToken(test.database.db, {
      institutionId,
      userId: jordan.id,
      purpose: 'resetPassword',
      lifetimeMs: 60 * 60_000,
      at: test.clock.now(),
    });
    const check = (password: string, resetToken: string) =>
      postJson(test, '/api/Login/ValidatePasswordForResetPassword', {
        ...checkBody(password),
        ResetToken: resetToken,
      });

    const reused = await check(DEMO_PASSWORD_FOR_TESTS, token);
    expect(reused.status).toBe(200);
    expect(ValidatePasswordResponse.parse(reused.body)).toMatchObject({ PasswordExists: true });
    const ssn = ValidatePasswordResponse.parse((await check(`x${JORDAN_SSN}`, token)).body);
    expect(ssn.PasswordMatchesSSN).toBe(true);

    const unknown = await check('Anything-123', 'no-such-token');
    expect(unknown.status).toBe(403);
    expect(firstErrorOf(unknown.body)).toBe('Expired');

    test.clock.advance(60 * 60_000 + 1);
    const expired = await check('Anything-123', token);
    expect(expired.status).toBe(403);
    expect(firstErrorOf(expired.body)).toBe('Expired');
  });

  it('limits the password checks of one address', async () => {
    let status = 200;
    for (let attempt = 0; attempt < 61 && status !== 429; attempt += 1) {
      ({ status } = await postJson(
        test,
        '/api/Login/ValidatePasswordForResetPassword',
        { ...checkBody('a'), ResetToken: 'nothing' },
        { ip: '198.51.100.99' },
      ));
    }
    expect(status).toBe(429);
    const other = await postJson(
      test,
      '/api/Login/ValidatePasswordForResetPassword',
      { ...checkBody('a'), ResetToken: 'nothing' },
      { ip: '198.51.100.100' },
    );
    expect(other.status).toBe(403);
  });

  it('does not compare a candidate longer than a password may be (one request, one guess)', async () => {
    test.clock.advance(MINUTE_MS);
    const { cookie } = await signIn(test.app, { username: 'jordan.rivers' });
    const check = async (password: string) =>
      ValidatePasswordResponse.parse(
        (
          await postJson(test, '/api/Login/ValidatePasswordForLoggedInUser', checkBody(password), {
            headers: { cookie },
          })
        ).body,
      );
    // 128 is the maximum here (customer credentials); 137 characters are never compared.
    expect((await check(`${'x'.repeat(119)}${JORDAN_SSN}`)).PasswordMatchesSSN).toBe(true);
    expect((await check(`${'x'.repeat(128)}${JORDAN_SSN}`)).PasswordMatchesSSN).toBe(false);
  });

  it('compares one SSN guess per request: the first run of nine digits', async () => {
    test.clock.advance(MINUTE_MS);
    const { cookie } = await signIn(test.app, { username: 'jordan.rivers' });
    const matchesSsn = async (password: string) =>
      ValidatePasswordResponse.parse(
        (
          await postJson(test, '/api/Login/ValidatePasswordForLoggedInUser', checkBody(password), {
            headers: { cookie },
          })
        ).body,
      ).PasswordMatchesSSN;
    expect(await matchesSsn(`Pass-${JORDAN_SSN}`)).toBe(true);
    expect(await matchesSsn(`${JORDAN_SSN}x123456789`)).toBe(true);
    // A second guess in the same candidate is never compared, nor a window of a longer run.
    expect(await matchesSsn(`123456789x${JORDAN_SSN}`)).toBe(false);
    expect(await matchesSsn(`1${JORDAN_SSN}`)).toBe(false);
  });

  it('compares the SSN and the passwords a few times a minute, then says nothing of them', async () => {
    test.clock.advance(MINUTE_MS);
    const { cookie } = await signIn(test.app, { username: 'devon.hayes' });
    const check = async (password: string) =>
      ValidatePasswordResponse.parse(
        (
          await postJson(test, '/api/Login/ValidatePasswordForLoggedInUser', checkBody(password), {
            headers: { cookie },
          })
        ).body,
      );
    const answers = [];
    for (let attempt = 0; attempt < SECRET_CHECKS_PER_USER_PER_MINUTE + 1; attempt += 1) {
      answers.push((await check('Devon-900551313')).PasswordMatchesSSN);
    }
    expect(answers).toEqual([
      ...Array<boolean>(SECRET_CHECKS_PER_USER_PER_MINUTE).fill(true),
      false,
    ]);
    // The e-mail is no secret: still compared.
    expect((await check('DEVON.HAYES@example.test')).PasswordMatchesEmail).toBe(true);
    expect((await check(DEMO_PASSWORD_FOR_TESTS)).PasswordExists).toBe(false);
    test.clock.advance(MINUTE_MS);
    expect((await check('Devon-900551313')).PasswordMatchesSSN).toBe(true);
  });

  it('compares no password of a user locked by failed sign-ins, the current one included', async () => {
    test.clock.advance(MINUTE_MS);
    const { cookie } = await signIn(test.app, { username: 'sky.bennett' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await postJson(test, '/api/login/userlogin', {
        username: 'sky.bennett',
        password: `wrong-${attempt}`,
      });
    }
    const result = await postJson(
      test,
      '/api/Login/ValidatePasswordForLoggedInUser',
      checkBody(DEMO_PASSWORD_FOR_TESTS),
      { headers: { cookie } },
    );
    expect(result.status).toBe(200);
    expect(ValidatePasswordResponse.parse(result.body).PasswordExists).toBe(false);
  });

  it('caps the password checks of one user, whichever address asks', async () => {
    const { cookie } = await signIn(test.app, { username: 'casey.morgan' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const result = await postJson(
        test,
        '/api/Login/ValidatePasswordForLoggedInUser',
        checkBody(`Candidate-${attempt}`, { ssn: true, email: true, history: false }),
        { headers: { cookie }, ip: `203.0.113.${attempt + 1}` },
      );
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('counts a hit on the current password like a failed sign-in', async () => {
    const { cookie } = await signIn(test.app, { username: 'pat.lee' });
    // Five failures lock a user name by default (securityPolicyOptions.maxFailedLoginAttempts).
    for (let hit = 0; hit < 5; hit += 1) {
      const result = await postJson(
        test,
        '/api/Login/ValidatePasswordForLoggedInUser',
        checkBody(DEMO_PASSWORD_FOR_TESTS),
        { headers: { cookie } },
      );
      expect(ValidatePasswordResponse.parse(result.body).PasswordExists).toBe(true);
    }
    const signInAgain = await postJson(test, '/api/login/userlogin', {
      username: 'pat.lee',
      password: DEMO_PASSWORD_FOR_TESTS,
    });
    expect(signInAgain.status).toBe(403);
    expect(firstErrorOf(signInAgain.body)).toBe('LockedOnBadPassword');
  });
});
