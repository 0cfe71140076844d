import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SECRET_ANSWER } from '../../demo/demo-users';
import { argon2PasswordHasher, type PasswordHasher } from '../../lib/passwords';
import { testDatabases } from '../../testing/databases';
import { nextClientAddress, startTestApp, type TestApp } from '../../testing/test-app';
import { firstErrorOf, mailTo, postJson, publishShared } from '../../testing/account-flows';

const JORDAN = {
  EmailAddress: 'jordan.rivers@example.test',
  DateOfBirth: '04/12/1986',
  ZipCode: '04101',
  ServicingBranch: '',
};

/**
 * What recovery gives away: nothing about whether an e-mail address is registered (answer, status,
 * the argon2 work that dominates the answer time, the limits), and the identifying details the
 * institution shows are all needed.
 */
describe.each(testDatabases())('recovery privacy on $name', (testDatabase) => {
  let test: TestApp;
  let address = '';
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
  beforeEach(() => {
    address = nextClientAddress();
    calls.length = 0;
    // Each test starts with the failures of the ones before forgotten (they count for an hour).
    test.clock.advance(60 * 60_000 + 1);
  });

  const post = (url: string, payload: object, ip = address) => postJson(test, url, payload, { ip });
  const answer = (identity: object, secretAnswer: string, logonName = 'jordan.rivers') =>
    post('/api/Recovery/AnswerSecretQuestion', {
      ...identity,
      LogonName: logonName,
      SecretAnswer: secretAnswer,
    });

  it('spends one argon2 verification on an unknown address, as on a registered one', async () => {
    const unknown = await answer({ ...JORDAN, EmailAddress: 'ghost.user@example.test' }, 'Guess');
    expect(calls).toEqual(['dummy']);
    calls.length = 0;
    const wrongDetail = await answer({ ...JORDAN, ZipCode: '04199' }, 'Guess');
    expect(calls).toEqual(['dummy']);
    expect(wrongDetail).toEqual(unknown);
    expect(unknown).toEqual({
      status: 403,
      body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }], SuccessMessage: '' },
    });
    calls.length = 0;
    const wrongAnswer = await answer(JORDAN, 'Guess');
    expect(calls).toEqual(['verify']);
    expect(firstErrorOf(wrongAnswer.body)).toBe('BadQuestion');
  });

  it('needs the branch when the institution shows it', async () => {
    await publishShared(test, { recoveryOptions: { hideBranchOption: 'false' } });
    try {
      const withoutBranch = await post('/api/Recovery/GetSecretQuestion', JORDAN);
      expect(firstErrorOf(withoutBranch.body)).toBe('Invalid');
      const otherBranch = await post('/api/Recovery/GetSecretQuestion', {
        ...JORDAN,
        ServicingBranch: '2',
      });
      expect(firstErrorOf(otherBranch.body)).toBe('Invalid');
      const letters = await post('/api/Recovery/GetSecretQuestion', {
        ...JORDAN,
        ServicingBranch: 'one',
      });
      expect(firstErrorOf(letters.body)).toBe('Invalid');
      const right = await post('/api/Recovery/GetSecretQuestion', {
        ...JORDAN,
        ServicingBranch: '001',
      });
      expect(right.status).toBe(200);
      expect(right.body).toMatchObject({ Credentials: { LogonName: 'jordan.rivers' } });
    } finally {
      await publishShared(test, { recoveryOptions: { hideBranchOption: 'true' } });
    }
  });

  it('does without the date of birth and zip code when the institution hides them', async () => {
    const identity = { ...JORDAN, DateOfBirth: '', ZipCode: '' };
    expect(firstErrorOf((await post('/api/Recovery/GetSecretQuestion', identity)).body)).toBe(
      'Invalid',
    );
    await publishShared(test, {
      recoveryOptions: { hideDateOfBirthOption: 'true', hideZipCodeOption: 'true' },
    });
    try {
      const result = await post('/api/Recovery/GetSecretQuestion', identity);
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ Credentials: { LogonName: 'jordan.rivers' } });
    } finally {
      await publishShared(test, {
        recoveryOptions: { hideDateOfBirthOption: 'false', hideZipCodeOption: 'false' },
      });
    }
  });

  it('refuses recovery under single sign-on', async () => {
    await publishShared(test, { ssoOptions: { useSingleSignOnOption: 'true' } });
    try {
      const step1 = await post('/api/Recovery/GetSecretQuestion', JORDAN);
      expect(step1.status).toBe(403);
      expect(firstErrorOf(step1.body)).toBe('RecoveryFailed');
      const step2 = await answer(JORDAN, DEMO_SECRET_ANSWER);
      expect(firstErrorOf(step2.body)).toBe('RecoveryFailed');
      expect(await mailTo(test, JORDAN.EmailAddress)).toHaveLength(0);
    } finally {
      await publishShared(test, { ssoOptions: { useSingleSignOnOption: 'false' } });
    }
  });

  it('limits the reset links asked for one address, registered or not, alike', async () => {
    await publishShared(test, {
      recoveryOptions: { recoverCredentialsWithoutQuestionOption: 'true' },
    });
    try {
      const generate = (logonName: string, email: string, zip: string) =>
        post(
          '/api/Recovery/GenerateNewPassword',
          {
            LogonName: logonName,
            EmailAddress: email,
            ZipCode: zip,
            CredentialExpiration: '',
            ServicingBranch: '',
          },
          nextClientAddress(),
        );
      for (const [logonName, email, zip] of [
        ['pat.lee', 'pat.lee@example.test', '04103'],
        ['pat.lee', 'no.such.person@example.test', '04103'],
      ] as const) {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 6; attempt += 1) {
          statuses.push((await generate(logonName, email, zip)).status);
        }
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      }
      // The links are queued after the answers, which do not wait for them.
      await vi.waitFor(
        async () => {
          expect(await mailTo(test, 'pat.lee@example.test')).toHaveLength(5);
        },
        { timeout: 5_000 },
      );
      expect(await mailTo(test, 'no.such.person@example.test')).toHaveLength(0);
    } finally {
      await publishShared(test, {
        recoveryOptions: { recoverCredentialsWithoutQuestionOption: 'false' },
      });
    }
  });

  it('counts answers to the secret question on the caller address too', async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const result = await post(
        '/api/Recovery/AnswerSecretQuestion',
        {
          ...JORDAN,
          EmailAddress: `someone${attempt}@example.test`,
          LogonName: `someone${attempt}`,
          SecretAnswer: 'Guess',
        },
        ip,
      );
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
