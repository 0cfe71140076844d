import { SETTING_DEFINITIONS } from '@portal/settings-schema';
import {
  CreateAccountResponse,
  GenerateMfaCodeResponse,
  type CreateAccountRequest,
} from '@portal/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoAccountNumber } from '../../demo/demo-accounts';
import { testDatabases } from '../../testing/databases';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { issueLinkToken } from '../account-links/links';
import {
  firstErrorOf,
  institutionIdOf,
  linkTokenFor,
  mailTo,
  postJson,
  publishShared,
} from '../../testing/account-flows';
import { findBorrowerByUsername, listAgreementLogs } from '../borrowers/users.repository';
import {
  DEMO_ACTIVATION_HOLDER,
  DEMO_ACTIVATION_USERNAME,
  DEMO_REGISTRATION_HOLDERS,
  SUMMIT_REGISTRATION_HOLDER,
  type DemoAccountHolder,
} from '../../demo/account-holders.demo';

const [MORGAN, DREW] = DEMO_REGISTRATION_HOLDERS as [DemoAccountHolder, DemoAccountHolder];
const HARBOR_AGREEMENT = 11337;
const PASSWORD = 'Fresh-Start-2025';

function usDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

function registration(
  holder: DemoAccountHolder,
  overrides: Partial<CreateAccountRequest> = {},
): CreateAccountRequest {
  return {
    Agreements: [{ AgreedTo: true, AgreementType: HARBOR_AGREEMENT }],
    UserName: `${holder.firstName}.${holder.lastName}`.toLowerCase(),
    SecretQuestion: 'What was the name of your first pet?',
    SecretAnswer: 'Biscuit',
    AccountNumber: demoAccountNumber('001', holder.loanAccount),
    AccountType: 'Loan',
    DateOfBirth: usDate(holder.dateOfBirth),
    EmailAddress: holder.email,
    FirstName: holder.firstName,
    MiddleName: '',
    LastName: holder.lastName,
    SSN: holder.ssn,
    Zip: holder.zip,
    PhoneNumber: '(207) 555-0177',
    PlaceOfBirth: '',
    DriversLicense: '',
    MothersMaiden: '',
    Password: PASSWORD,
    ...overrides,
  };
}

describe.each(testDatabases())('registration on $name', (testDatabase) => {
  let test: TestApp;
  let institutionId: number;
  let ipCounter = 0;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    institutionId = await institutionIdOf(test);
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(() => {
    ipCounter += 1;
  });

  /** Each test has its own address, so the per-address limit does not spill over. */
  const ip = () => `203.0.113.${ipCounter}`;

  async function create(request: CreateAccountRequest, address = ip()) {
    return postJson(test, '/api/Register/CreateAccount', request, { ip: address });
  }

  async function userCount(): Promise<number> {
    const row = await test.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('institution_id', '=', institutionId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  const flagCases: [string, Partial<CreateAccountRequest>][] = [
    ['userInfo', { LastName: '' }],
    ['userInfo', { EmailAddress: 'not-an-address' }],
    ['userInfo', { Zip: '0410' }],
    ['userInfo', { PhoneNumber: '555-01' }],
    ['userInfo', { SecretAnswer: '' }],
    ['userInfo', { SecretQuestion: 'A question nobody configured?' }],
    ['userInfo', { SecretAnswer: 'semi;colon' }],
    ['userInfo', { UserName: 'drew ellis!' }],
    ['SSN', { SSN: '90099' }],
    ['SSN', { SSN: '9009900001' }],
    ['DateOfBirth', { DateOfBirth: '13/45/1990' }],
    ['DateOfBirth', { DateOfBirth: '01/01/2099' }],
    ['DateOfBirth', { DateOfBirth: '' }],
    ['AccountNumberError', { AccountNumber: '12345' }],
    ['AccountNumberError', { AccountNumber: '' }],
    ['UserNameTooShort', { UserName: 'drew' }],
    ['PasswordSameUserName', { Password: 'x-drew.ellis-9' }],
    ['PasswordSameSSN', { Password: 'Pw-900990000' }],
    ['PasswordLettersNumbers', { Password: 'only-letters-here' }],
    ['PasswordTooShort', { Password: 'ab1' }],
    ['MustAgreeToAllError', { Agreements: [] }],
    ['MustAgreeToAllError', { Agreements: [{ AgreedTo: false, AgreementType: HARBOR_AGREEMENT }] }],
    ['RegistrationNotAllowed', { AccountType: 'Deposit' }],
  ];

  it.each(flagCases)('answers %s for %j and creates nothing', async (flag, overrides) => {
    const before = await userCount();
    const result = await create(registration(DREW, overrides));
    expect(result.status).toBe(403);
    const errors = CreateAccountResponse.parse(result.body).Errors.map(
      (error) => error.ErrorMessage,
    );
    expect(errors).toContain(flag);
    expect(await userCount()).toBe(before);
  });

  it('answers LoginNameExists for a taken logon name, whatever its case', async () => {
    const result = await create(registration(DREW, { UserName: 'Jordan.Rivers' }));
    expect(result.status).toBe(403);
    expect(firstErrorOf(result.body)).toBe('LoginNameExists');
  });

  it('tells a user name is taken only to someone whose identity matched', async () => {
    // Someone who does not know Drew's details learns nothing about which names exist.
    const stranger = { LastName: 'Elliot' };
    const taken = await create(registration(DREW, { ...stranger, UserName: 'Jordan.Rivers' }));
    const free = await create(registration(DREW, { ...stranger, UserName: 'nobody.here.yet' }));
    expect(taken.status).toBe(403);
    expect(firstErrorOf(taken.body)).toBe('Invalid');
    expect(taken.body).toEqual(free.body);
  });

  it.each([
    ['a wrong date of birth', { DateOfBirth: '12/02/1975' }],
    ['a wrong last name', { LastName: 'Elliot' }],
    ['a wrong zip code', { Zip: '04108' }],
    ['an unknown SSN', { SSN: '900000001' }],
    [
      "someone else's account number",
      { AccountNumber: demoAccountNumber('001', MORGAN.loanAccount) },
    ],
  ])('answers Invalid for %s', async (_name, overrides) => {
    const before = await userCount();
    const result = await create(registration(DREW, overrides));
    expect(result.status).toBe(403);
    expect(firstErrorOf(result.body)).toBe('Invalid');
    expect(await userCount()).toBe(before);
  });

  it('answers Failed for an account holder who already has an online user', async () => {
    const result = await create({
      ...registration(DREW),
      UserName: 'jordan.second',
      AccountNumber: demoAccountNumber('001', '100234'),
      SSN: '900112222',
      LastName: 'Rivers',
      FirstName: 'Jordan',
      DateOfBirth: '04/12/1986',
      Zip: '04101',
      EmailAddress: 'jordan.rivers@example.test',
    });
    expect(result.status).toBe(403);
    expect(firstErrorOf(result.body)).toBe('Failed');
  });

  it('creates the user of the matched account holder, records the agreement and e-mails a verify link', async () => {
    const result = await create(registration(DREW));
    expect(result.status).toBe(200);
    expect(CreateAccountResponse.parse(result.body)).toEqual({
      HasNoErrors: true,
      Errors: [],
      UserName: 'drew.ellis',
      EmailIsVerified: false,
    });

    const user = await findBorrowerByUsername(test.database.db, institutionId, 'drew.ellis');
    expect(user).toMatchObject({
      last_name: 'Ellis',
      email: DREW.email,
      email_verified: false,
      password_question: 'What was the name of your first pet?',
    });
    expect(user?.password_hash?.startsWith('$argon2id$')).toBe(true);
    const logs = await listAgreementLogs(test.database.db, institutionId, user?.id ?? '');
    expect(logs).toMatchObject([
      {
        agreement_type: HARBOR_AGREEMENT,
        when_to_agree: 1,
        name_of_terms: 'Online Banking Agreement',
      },
    ]);

    const verifyToken = await linkTokenFor(test, DREW.email, 'home/verifyEmail/');
    const verified = await postJson(test, '/api/Login/ValidateEmail', {
      EncryptedUserData: verifyToken,
    });
    expect(verified.status).toBe(200);
    expect(
      (await findBorrowerByUsername(test.database.db, institutionId, 'drew.ellis'))?.email_verified,
    ).toBe(true);

    // The portal signs the new user in with the same credentials.
    await expect(
      signIn(test.app, { username: 'drew.ellis', password: PASSWORD }),
    ).resolves.toMatchObject({
      token: expect.any(String),
    });

    const again = await create(registration(DREW, { UserName: 'drew.again' }));
    expect(again.status).toBe(403);
    expect(firstErrorOf(again.body)).toBe('Failed');
  });

  it('limits account creation per address', async () => {
    const address = '198.51.100.200';
    let status = 0;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      ({ status } = await create(registration(DREW, { LastName: '' }), address));
    }
    expect(status).toBe(429);
    expect((await create(registration(DREW, { LastName: '' }), '198.51.100.201')).status).toBe(403);
  });

  it('answers maintenanceModeEnabled while the institution is in maintenance', async () => {
    await publishShared(test, { maintenanceOptions: { maintenanceModeOption: 'true' } });
    try {
      const result = await create(registration(MORGAN));
      expect(result.status).toBe(403);
      expect(firstErrorOf(result.body)).toBe('maintenanceModeEnabled');
    } finally {
      await publishShared(test, { maintenanceOptions: { maintenanceModeOption: 'false' } });
    }
  });

  it("applies the specs' character set to the secret answer when the configured pattern is broken, as the portal does", async () => {
    await publishShared(test, {
      securityQuestionOptions: { secretAnswerAllowedCharactersPattern: '[unclosed' },
    });
    try {
      const before = await userCount();
      const result = await create(registration(DREW, { SecretAnswer: 'semi;colon' }));
      expect(result.status).toBe(403);
      expect(
        CreateAccountResponse.parse(result.body).Errors.map((error) => error.ErrorMessage),
      ).toContain('userInfo');
      expect(await userCount()).toBe(before);
    } finally {
      await publishShared(test, {
        securityQuestionOptions: {
          secretAnswerAllowedCharactersPattern:
            SETTING_DEFINITIONS['securityQuestionOptions.secretAnswerAllowedCharactersPattern']
              .default,
        },
      });
    }
  });

  describe('with the e-mail security code', () => {
    const anonymousId = 'anon-7f3a';

    beforeAll(async () => {
      await publishShared(test, {
        registrationOptions: { multiFactorDuringRegistrationOption: 'true' },
      });
    });
    afterAll(async () => {
      await publishShared(test, {
        registrationOptions: { multiFactorDuringRegistrationOption: 'false' },
      });
    });

    async function generate(email = MORGAN.email) {
      const result = await postJson(test, '/api/Register/GenerateMFACode', {
        Id: anonymousId,
        FirstName: MORGAN.firstName,
        EmailAddress: email,
      });
      expect(result.status).toBe(200);
      const { MFAToken } = GenerateMfaCodeResponse.parse(result.body);
      const [message] = (await mailTo(test, email)).reverse();
      const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
      if (!code) throw new Error('No code was e-mailed');
      return { mfaToken: MFAToken, code };
    }

    const validate = (code: string, mfaToken: string, userId = anonymousId) =>
      postJson(test, '/api/Register/ValidateCode', {
        Code: code,
        MFAToken: mfaToken,
        UserId: userId,
      });

    const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

    it('refuses to create the account without a verified code', async () => {
      const result = await create(registration(MORGAN));
      expect(result.status).toBe(403);
      expect(firstErrorOf(result.body)).toBe('Invalid');
      const { mfaToken } = await generate();
      const unverified = await create(registration(MORGAN, { MFAToken: mfaToken }));
      expect(firstErrorOf(unverified.body)).toBe('Invalid');
    });

    it('refuses a wrong code, a code of another session, and an expired code', async () => {
      const { mfaToken, code } = await generate();
      const refused = await validate(wrong(code), mfaToken);
      expect(refused.status).toBe(403);
      expect(firstErrorOf(refused.body)).toBe('Invalid');
      expect(firstErrorOf((await validate(code, mfaToken, 'another-session')).body)).toBe(
        'Invalid',
      );
      test.clock.advance(10 * 60_000 + 1);
      const expired = await validate(code, mfaToken);
      expect(expired.status).toBe(403);
      expect(firstErrorOf(expired.body)).toBe('CodeExpired');
    });

    it('answers MaxAttemptsReached after five wrong codes, even for the right one', async () => {
      const { mfaToken, code } = await generate();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(firstErrorOf((await validate(wrong(code), mfaToken)).body)).toBe('Invalid');
      }
      const blocked = await validate(code, mfaToken);
      expect(blocked.status).toBe(403);
      expect(firstErrorOf(blocked.body)).toBe('MaxAttemptsReached');
    });

    it('creates the account with a verified code, once, and the address counts as verified', async () => {
      const { mfaToken, code } = await generate();
      expect((await validate(code, mfaToken)).status).toBe(200);
      const otherAddress = await create(
        registration(MORGAN, { MFAToken: mfaToken, EmailAddress: 'someone.else@example.test' }),
      );
      expect(firstErrorOf(otherAddress.body)).toBe('Invalid');
      const result = await create(registration(MORGAN, { MFAToken: mfaToken }));
      expect(result.status).toBe(200);
      expect(CreateAccountResponse.parse(result.body)).toMatchObject({
        UserName: 'morgan.blake',
        EmailIsVerified: true,
      });
      const user = await findBorrowerByUsername(test.database.db, institutionId, 'morgan.blake');
      expect(user?.email_verified).toBe(true);
    });

    it('limits the codes sent for one registration session', async () => {
      let status = 200;
      for (let attempt = 0; attempt < 6 && status === 200; attempt += 1) {
        ({ status } = await postJson(test, '/api/Register/GenerateMFACode', {
          Id: 'anon-limited',
          FirstName: 'X',
          EmailAddress: `limited${attempt}@example.test`,
        }));
      }
      expect(status).toBe(429);
    });
  });

  describe('at Summit, whose seeded settings ask for the e-mail security code', () => {
    const SUMMIT = 'summit.localhost';
    const ROWAN = SUMMIT_REGISTRATION_HOLDER;
    const anonymousId = 'anon-summit-rowan';
    const rowan = (overrides: Partial<CreateAccountRequest> = {}) =>
      registration(ROWAN, {
        Agreements: [],
        UserName: 'rowan.pike',
        Password: 'Summit-Pike-2025',
        AccountNumber: demoAccountNumber('201', ROWAN.loanAccount),
        ...overrides,
      });
    const atSummit = (url: string, payload: object) =>
      postJson(test, url, payload, { host: SUMMIT, ip: ip() });

    it('registers the seeded holder only with the e-mailed code, then signs in with a sign-in code', async () => {
      const withoutCode = await atSummit('/api/Register/CreateAccount', rowan());
      expect(withoutCode.status).toBe(403);
      expect(firstErrorOf(withoutCode.body)).toBe('Invalid');

      const generated = await atSummit('/api/Register/GenerateMFACode', {
        Id: anonymousId,
        FirstName: ROWAN.firstName,
        EmailAddress: ROWAN.email,
      });
      expect(generated.status).toBe(200);
      const { MFAToken } = GenerateMfaCodeResponse.parse(generated.body);
      const [message] = (await mailTo(test, ROWAN.email, SUMMIT)).reverse();
      const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
      if (!code) throw new Error('No code was e-mailed to the Summit holder');
      // Harbor's host does not know Summit's token.
      const elsewhere = await postJson(test, '/api/Register/ValidateCode', {
        Code: code,
        MFAToken,
        UserId: anonymousId,
      });
      expect(firstErrorOf(elsewhere.body)).toBe('Invalid');
      const validated = await atSummit('/api/Register/ValidateCode', {
        Code: code,
        MFAToken,
        UserId: anonymousId,
      });
      expect(validated.status).toBe(200);

      const created = await atSummit('/api/Register/CreateAccount', rowan({ MFAToken }));
      expect(created.status).toBe(200);
      expect(CreateAccountResponse.parse(created.body)).toMatchObject({
        UserName: 'rowan.pike',
        EmailIsVerified: true,
      });
      const summitId = await institutionIdOf(test, SUMMIT);
      const user = await findBorrowerByUsername(test.database.db, summitId, 'rowan.pike');
      expect(user).toMatchObject({ last_name: 'Pike', email_verified: true });
      expect(await findBorrowerByUsername(test.database.db, institutionId, 'rowan.pike')).toBe(
        undefined,
      );
      // signIn enters the sign-in security code Summit asks for; it throws if anything fails.
      await expect(
        signIn(test.app, { username: 'rowan.pike', password: 'Summit-Pike-2025', host: SUMMIT }),
      ).resolves.toMatchObject({ token: expect.any(String) });
    });
  });

  describe('activation', () => {
    async function activate(token: string, password: string) {
      return postJson(test, '/api/Register/ActivateAccount', { Token: token, Password: password });
    }

    it('refuses an unknown token and an expired link', async () => {
      expect(firstErrorOf((await activate('nope', PASSWORD)).body)).toBe('Invalid');
      const sam = await findBorrowerByUsername(
        test.database.db,
        institutionId,
        DEMO_ACTIVATION_USERNAME,
      );
      if (!sam) throw new Error('sam.taylor is not seeded');
      const token = await issueLinkToken(test.database.db, {
        institutionId,
        userId: sam.id,
        purpose: 'activation',
        lifetimeMs: 60_000,
        at: test.clock.now(),
      });
      test.clock.advance(60_001);
      const result = await activate(token, PASSWORD);
      expect(result.status).toBe(403);
      expect(firstErrorOf(result.body)).toBe('Expired');
    });

    it('refuses a password that breaks the rules and keeps the account unactivated', async () => {
      const token = await linkTokenFor(test, DEMO_ACTIVATION_HOLDER.email, 'home/activate?token=');
      for (const [password, code] of [
        ['short1', 'PasswordTooShort'],
        ['sam.taylor-2025', 'PasswordSameAsLogin'],
        ['lettersonly', 'PasswordNeedsLetterNumber'],
        [`x${DEMO_ACTIVATION_HOLDER.ssn}`, 'PasswordSameAsSSN'],
      ]) {
        const result = await activate(token, password ?? '');
        expect(result.status).toBe(403);
        expect(firstErrorOf(result.body)).toBe(code);
      }
      const sam = await findBorrowerByUsername(
        test.database.db,
        institutionId,
        DEMO_ACTIVATION_USERNAME,
      );
      expect(sam?.password_hash).toBeNull();
    });

    it('sets the first password once; the user can sign in, and the link then says LogonNameTaken', async () => {
      const token = await linkTokenFor(test, DEMO_ACTIVATION_HOLDER.email, 'home/activate?token=');
      const result = await activate(token, PASSWORD);
      expect(result).toEqual({
        status: 200,
        body: {
          HasNoErrors: true,
          Errors: [],
          UserName: 'sam.taylor',
          LogonNameTaken: false,
          Restricted: false,
        },
      });
      await expect(
        signIn(test.app, { username: 'sam.taylor', password: PASSWORD }),
      ).resolves.toBeDefined();
      const again = await activate(token, 'Another-Pass-99');
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ LogonNameTaken: true, UserName: 'sam.taylor' });
      await expect(
        signIn(test.app, { username: 'sam.taylor', password: PASSWORD }),
      ).resolves.toBeDefined();
    });
  });
  it("answers the flags of the institution's configured password and logon rules", async () => {
    await publishShared(test, {
      passwordRuleOptions: {
        passwordValidationRules: JSON.stringify([
          { ValidationRuleType: 0, ValidationRegex: null, RegexMatchMeansError: false },
          { ValidationRuleType: 8, ValidationRegex: null, RegexMatchMeansError: false },
        ]),
        logonValidationRules: JSON.stringify([
          { ValidationRuleType: 3, ValidationRegex: null, RegexMatchMeansError: false },
        ]),
      },
    });
    try {
      const result = await create(
        registration(DREW, { UserName: 'ellis.new', Password: 'fresh-staaart-2025' }),
      );
      expect(result.status).toBe(403);
      const errors = CreateAccountResponse.parse(result.body).Errors.map(
        (error) => error.ErrorMessage,
      );
      expect(errors).toEqual(
        expect.arrayContaining([
          'PasswordMissingCapitalLetter',
          'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
          'LogonMissingNumber',
        ]),
      );
    } finally {
      await publishShared(test, {
        passwordRuleOptions: { passwordValidationRules: '[]', logonValidationRules: '[]' },
      });
    }
  });
});
