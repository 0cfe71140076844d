import {
  CreateAccountResponse,
  GenerateMfaCodeResponse,
  type CreateAccountRequest,
} from '@portal/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoAccountNumber } from '../../demo/demo-accounts';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import {
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';
import { issueLinkToken } from '../account-links/links';
import {
  firstErrorOf,
  institutionIdOf,
  mailTo,
  postJson,
  publishShared,
} from '../../testing/account-flows';
import { findBorrowerByUsername } from '../borrowers/users.repository';
import type { CoreTables } from '../../core/builtin/core.schema';

const HARBOR_AGREEMENT = 11337;
const PASSWORD = 'Fresh-Start-2025';

/** An account holder of these tests, inserted as the core banking system would hold them. */
interface Holder {
  lastName: string;
  /** Nine digits, or null: the core holds no SSN for this holder. */
  ssn: string | null;
  dateOfBirth: string;
  zip: string;
  loanAccount: string;
  restricted?: boolean;
}

let nextAccount = 700_100;

function usDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

/**
 * Outcomes of registration and activation that need account holders the demo seed does not have
 * (restricted, without an SSN), the limits per account, and the limits that depend on settings.
 */
describe.each(testDatabases())('registration outcomes on $name', (testDatabase) => {
  let test: TestApp;
  let institutionId: number;
  let address = '';

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    institutionId = await institutionIdOf(test);
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(() => {
    address = nextClientAddress();
  });

  async function insertHolder(fields: Omit<Holder, 'loanAccount'>): Promise<Holder> {
    nextAccount += 1;
    const holder: Holder = { ...fields, loanAccount: String(nextAccount) };
    const { id } = await test.database.db
      .insertInto('customers')
      .values({
        institution_id: institutionId,
        first_name: 'Casey',
        last_name: holder.lastName,
        personal_name: `Casey ${holder.lastName}`,
        email: `casey.${holder.lastName.toLowerCase()}@example.test`,
        ssn_encrypted: holder.ssn === null ? null : TEST_DATA_PROTECTOR.encrypt(holder.ssn),
        ssn_blind_index: holder.ssn === null ? null : TEST_DATA_PROTECTOR.blindIndex(holder.ssn),
        date_of_birth: holder.dateOfBirth,
        zip: holder.zip,
        phone: '2075550100',
        servicing_branch: '001',
        restricted: holder.restricted ?? false,
        created_at: test.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.database.db
      .withTables<CoreTables>()
      .insertInto('core_accounts')
      .values({
        institution_id: institutionId,
        customer_id: id,
        number: demoAccountNumber('001', holder.loanAccount),
        type: 0,
        description: 'Personal Loan',
        balance_cents: 100_000,
        available_balance_cents: 0,
        name_on_account: `Casey ${holder.lastName}`,
        opened_on: '2023-06-01',
      })
      .execute();
    return holder;
  }

  function registration(
    holder: Holder,
    overrides: Partial<CreateAccountRequest> = {},
  ): CreateAccountRequest {
    return {
      Agreements: [{ AgreedTo: true, AgreementType: HARBOR_AGREEMENT }],
      UserName: `casey.${holder.lastName.toLowerCase()}`,
      SecretQuestion: 'What was the name of your first pet?',
      SecretAnswer: 'Biscuit',
      AccountNumber: demoAccountNumber('001', holder.loanAccount),
      AccountType: 'Loan',
      DateOfBirth: usDate(holder.dateOfBirth),
      EmailAddress: `casey.${holder.lastName.toLowerCase()}@example.test`,
      FirstName: 'Casey',
      MiddleName: '',
      LastName: holder.lastName,
      SSN: holder.ssn ?? '900123456',
      Zip: holder.zip,
      PhoneNumber: '(207) 555-0100',
      PlaceOfBirth: '',
      DriversLicense: '',
      MothersMaiden: '',
      Password: PASSWORD,
      ...overrides,
    };
  }

  const create = (request: CreateAccountRequest, ip = address) =>
    postJson(test, '/api/Register/CreateAccount', request, { ip });

  const errorsOf = (body: unknown) =>
    CreateAccountResponse.parse(body).Errors.map((error) => error.ErrorMessage);

  async function userOf(username: string) {
    return findBorrowerByUsername(test.database.db, institutionId, username);
  }

  it('registers a restricted account holder and answers Restricted; sign-in then says Restricted', async () => {
    const holder = await insertHolder({
      lastName: 'Restricted',
      ssn: '900700001',
      dateOfBirth: '1980-02-02',
      zip: '04110',
      restricted: true,
    });
    const result = await create(registration(holder));
    expect(result).toEqual({
      status: 200,
      body: {
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'Restricted' }],
        UserName: 'casey.restricted',
        EmailIsVerified: false,
      },
    });
    const user = await userOf('casey.restricted');
    expect(user?.restricted).toBe(true);
    expect(user?.password_hash?.startsWith('$argon2id$')).toBe(true);

    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: nextClientAddress(),
      headers: PORTAL_WRITE_HEADERS,
      payload: { username: 'casey.restricted', password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(firstErrorOf(login.json())).toBe('Restricted');
  });

  it('answers SSNNull when the matched account holder has no SSN on file, and creates nothing', async () => {
    const holder = await insertHolder({
      lastName: 'Nossn',
      ssn: null,
      dateOfBirth: '1979-03-03',
      zip: '04111',
    });
    const result = await create(registration(holder));
    expect(result.status).toBe(403);
    expect(errorsOf(result.body)).toEqual(['SSNNull']);
    expect(await userOf('casey.nossn')).toBeUndefined();
  });

  it('answers Invalid, not SSNNull, when a holder without an SSN does not match the other details', async () => {
    const holder = await insertHolder({
      lastName: 'Nossnother',
      ssn: null,
      dateOfBirth: '1979-04-04',
      zip: '04112',
    });
    const result = await create(registration(holder, { DateOfBirth: '04/05/1979' }));
    expect(result.status).toBe(403);
    expect(errorsOf(result.body)).toEqual(['Invalid']);
  });

  it('limits the attempts on one account holder across addresses', async () => {
    const holder = await insertHolder({
      lastName: 'Target',
      ssn: '900700002',
      dateOfBirth: '1981-05-05',
      zip: '04113',
    });
    const codes: (string | undefined)[] = [];
    let lastStatus = 0;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      // Wrong last names pass the form checks and fail only at the identity match.
      const result = await create(
        registration(holder, { LastName: `Wrong${'x'.repeat(attempt)}` }),
        nextClientAddress(),
      );
      lastStatus = result.status;
      codes.push(firstErrorOf(result.body));
    }
    expect(codes.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 'Invalid'));
    expect(lastStatus).toBe(429);
    // The right details are refused too until the hour is over, then accepted.
    expect((await create(registration(holder), nextClientAddress())).status).toBe(429);
    test.clock.advance(60 * 60_000 + 1);
    expect((await create(registration(holder), nextClientAddress())).status).toBe(200);
  });

  it.each([
    ['a date of birth more than 110 years ago', { DateOfBirth: '03/13/1915' }, 'DateOfBirth'],
    ['a date of birth without slashes', { DateOfBirth: '05051981' }, 'DateOfBirth'],
    ['an SSN with letters', { SSN: '900-70-00a3' }, 'SSN'],
    ['a 129-character password', { Password: `Aa1-${'x'.repeat(125)}` }, 'userInfo'],
    ['a logon name with a space', { UserName: 'casey limits' }, 'userInfo'],
  ])('refuses %s', async (_name, overrides, flag) => {
    const holder = await insertHolder({
      lastName: 'Limits',
      ssn: '900700003',
      dateOfBirth: '1982-06-06',
      zip: '04114',
    });
    const result = await create(registration(holder, overrides));
    expect(result.status).toBe(403);
    expect(errorsOf(result.body)).toContain(flag);
  });

  it('accepts a date of birth exactly 110 years ago and a 128-character password', async () => {
    const holder = await insertHolder({
      lastName: 'Oldest',
      ssn: '900700004',
      dateOfBirth: '1915-03-14',
      zip: '04115',
    });
    const result = await create(
      registration(holder, { Password: `Aa1-${'y'.repeat(124)}`, UserName: 'casey.oldest' }),
    );
    expect(result.status).toBe(200);
    expect(await userOf('casey.oldest')).toBeDefined();
  });

  it('judges a date of birth by the calendar date of the institution, not UTC', async () => {
    // 02:00 UTC on March 15 is still March 14 in New York, Harbor's time zone.
    test.clock.set('2025-03-15T02:00:00.000Z');
    const holder = await insertHolder({
      lastName: 'Tomorrow',
      ssn: '900700005',
      dateOfBirth: '1983-07-07',
      zip: '04116',
    });
    const result = await create(registration(holder, { DateOfBirth: '03/15/2025' }));
    expect(result.status).toBe(403);
    expect(errorsOf(result.body)).toContain('DateOfBirth');
  });

  describe('without customer credentials (12-character maximum)', () => {
    beforeAll(async () => {
      await publishShared(test, {
        passwordRuleOptions: { useCustomerCredentialsOption: 'false' },
      });
    });
    afterAll(async () => {
      await publishShared(test, {
        passwordRuleOptions: { useCustomerCredentialsOption: 'true' },
      });
    });

    it('refuses a 13-character password and a 13-character logon name', async () => {
      const holder = await insertHolder({
        lastName: 'Twelve',
        ssn: '900700006',
        dateOfBirth: '1984-08-08',
        zip: '04117',
      });
      const longPassword = await create(registration(holder, { Password: 'Abcdefgh-123' + '4' }));
      expect(errorsOf(longPassword.body)).toContain('userInfo');
      const longName = await create(
        registration(holder, { UserName: 'casey.twelve1', Password: 'Abcdefg-1234' }),
      );
      expect(errorsOf(longName.body)).toContain('userInfo');
      const fits = await create(
        registration(holder, { UserName: 'casey.twelv', Password: 'Abcdefg-1234' }),
      );
      expect(fits.status).toBe(200);
    });
  });

  describe('with the security fields shown', () => {
    beforeAll(async () => {
      await publishShared(test, {
        registrationOptions: {
          hidePlaceOfBirthOption: 'false',
          hideDriversLicenseOption: 'false',
          hideMothersMaidenNameOption: 'false',
        },
      });
    });
    afterAll(async () => {
      await publishShared(test, {
        registrationOptions: {
          hidePlaceOfBirthOption: 'true',
          hideDriversLicenseOption: 'true',
          hideMothersMaidenNameOption: 'true',
        },
      });
    });

    it.each([['PlaceOfBirth'], ['DriversLicense'], ['MothersMaiden']] as const)(
      'requires %s',
      async (field) => {
        const holder = await insertHolder({
          lastName: `Security${field}`,
          ssn: '900700007',
          dateOfBirth: '1985-09-09',
          zip: '04118',
        });
        const filled = {
          PlaceOfBirth: 'Portland',
          DriversLicense: 'D1234567',
          MothersMaiden: 'Smith',
        };
        const result = await create(registration(holder, { ...filled, [field]: '  ' }));
        expect(result.status).toBe(403);
        expect(errorsOf(result.body)).toEqual(['userInfo']);
      },
    );
  });

  describe('with the last four SSN digits and the account number', () => {
    beforeAll(async () => {
      await publishShared(test, { registrationOptions: { requiredSsnDigits: '4' } });
    });
    afterAll(async () => {
      await publishShared(test, { registrationOptions: { requiredSsnDigits: '9' } });
    });

    it('matches the last four digits and refuses three or the wrong four', async () => {
      const holder = await insertHolder({
        lastName: 'Lastfour',
        ssn: '900704321',
        dateOfBirth: '1986-10-10',
        zip: '04119',
      });
      const three = await create(registration(holder, { SSN: '321' }));
      expect(errorsOf(three.body)).toContain('SSN');
      const wrong = await create(registration(holder, { SSN: '4320' }));
      expect(errorsOf(wrong.body)).toEqual(['Invalid']);
      const right = await create(registration(holder, { SSN: '4321' }));
      expect(right.status).toBe(200);
    });
  });

  describe('without the account number', () => {
    beforeAll(async () => {
      await publishShared(test, {
        registrationOptions: {
          doNotRequireAccountNumberForRegistrationOption: 'true',
          requiredSsnDigits: '4',
        },
      });
    });
    afterAll(async () => {
      await publishShared(test, {
        registrationOptions: {
          doNotRequireAccountNumberForRegistrationOption: 'false',
          requiredSsnDigits: '9',
        },
      });
    });

    it('needs all nine SSN digits and finds the holder by them', async () => {
      const holder = await insertHolder({
        lastName: 'Noaccount',
        ssn: '900705555',
        dateOfBirth: '1987-11-11',
        zip: '04120',
      });
      const four = await create(registration(holder, { SSN: '5555', AccountNumber: '' }));
      expect(errorsOf(four.body)).toContain('SSN');
      const nine = await create(registration(holder, { AccountNumber: '' }));
      expect(nine.status).toBe(200);
      expect(await userOf('casey.noaccount')).toMatchObject({ last_name: 'Noaccount' });
    });
  });

  it("accepts every character the specs allow in a logon name (_ . ! # $ % & ' * + - / = ? ^ ` | ~ @)", async () => {
    const holder = await insertHolder({
      lastName: 'Specials',
      ssn: '900700015',
      dateOfBirth: '1994-06-19',
      zip: '04128',
    });
    const username = "c_o.n!#$%&'*+-/=?^`|~@x";
    const result = await create(registration(holder, { UserName: username }));
    expect(result.status).toBe(200);
    expect((await userOf(username))?.username).toBe(username);
  });

  describe('with custom security questions', () => {
    beforeAll(async () => {
      await publishShared(test, {
        registrationOptions: { useCustomSecurityQuestionOption: 'true' },
      });
    });
    afterAll(async () => {
      await publishShared(test, {
        registrationOptions: { useCustomSecurityQuestionOption: 'false' },
      });
    });

    it('takes a question of the user, in the permitted characters only', async () => {
      const holder = await insertHolder({
        lastName: 'Custom',
        ssn: '900700016',
        dateOfBirth: '1995-07-20',
        zip: '04129',
      });
      const invalid = await create(
        registration(holder, { SecretQuestion: 'Favourite <script> tag?' }),
      );
      expect(errorsOf(invalid.body)).toEqual(['userInfo']);
      const empty = await create(registration(holder, { SecretQuestion: ' ' }));
      expect(errorsOf(empty.body)).toEqual(['userInfo']);
      const own = await create(registration(holder, { SecretQuestion: 'Name of my first boat?' }));
      expect(own.status).toBe(200);
      expect((await userOf('casey.custom'))?.password_question).toBe('Name of my first boat?');
    });
  });

  it('lets only one of two simultaneous registrations of a holder through, and the other changes nothing', async () => {
    const holder = await insertHolder({
      lastName: 'Race',
      ssn: '900700017',
      dateOfBirth: '1996-08-21',
      zip: '04130',
    });
    const [first, second] = await Promise.all([
      create(
        registration(holder, { UserName: 'casey.race.a', EmailAddress: 'a.race@example.test' }),
      ),
      create(
        registration(holder, { UserName: 'casey.race.b', EmailAddress: 'b.race@example.test' }),
      ),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 403]);
    const loser = first.status === 403 ? first : second;
    expect(errorsOf(loser.body)).toEqual(['Failed']);
    const users = await test.database.db
      .selectFrom('users')
      .innerJoin('customers', 'customers.id', 'users.customer_id')
      .select(['users.username', 'customers.email'])
      .where('customers.last_name', '=', 'Race')
      .execute();
    expect(users).toHaveLength(1);
    const [winner] = users;
    // The customer's e-mail is the winner's: the loser's transaction left nothing behind.
    expect(winner?.email).toBe(
      winner?.username === 'casey.race.a' ? 'a.race@example.test' : 'b.race@example.test',
    );
    const loserAddress =
      winner?.username === 'casey.race.a' ? 'b.race@example.test' : 'a.race@example.test';
    expect(await mailTo(test, loserAddress)).toHaveLength(0);
  });

  it('refuses registration and its security code under single sign-on', async () => {
    const holder = await insertHolder({
      lastName: 'Sso',
      ssn: '900700011',
      dateOfBirth: '1991-03-15',
      zip: '04124',
    });
    await publishShared(test, {
      ssoOptions: { useSingleSignOnOption: 'true' },
      registrationOptions: { multiFactorDuringRegistrationOption: 'true' },
    });
    try {
      const created = await create(registration(holder));
      expect(created.status).toBe(403);
      expect(errorsOf(created.body)).toEqual(['RegistrationNotAllowed']);
      const code = await postJson(test, '/api/Register/GenerateMFACode', {
        Id: 'anon-sso',
        FirstName: 'Casey',
        EmailAddress: 'casey.sso@example.test',
      });
      expect(code.status).toBe(403);
      expect(firstErrorOf(code.body)).toBe('RegistrationNotAllowed');
      expect(await mailTo(test, 'casey.sso@example.test')).toHaveLength(0);
      expect(await userOf('casey.sso')).toBeUndefined();
    } finally {
      await publishShared(test, {
        ssoOptions: { useSingleSignOnOption: 'false' },
        registrationOptions: { multiFactorDuringRegistrationOption: 'false' },
      });
    }
  });

  describe('with the e-mail security code', () => {
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

    async function verifiedToken(anonymousId: string, email: string): Promise<string> {
      const generated = await postJson(
        test,
        '/api/Register/GenerateMFACode',
        { Id: anonymousId, FirstName: 'Casey', EmailAddress: email },
        { ip: nextClientAddress() },
      );
      expect(generated.status).toBe(200);
      const { MFAToken } = GenerateMfaCodeResponse.parse(generated.body);
      const [message] = (await mailTo(test, email)).reverse();
      const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
      const validated = await postJson(test, '/api/Register/ValidateCode', {
        Code: code,
        MFAToken,
        UserId: anonymousId,
      });
      expect(validated.status).toBe(200);
      return MFAToken;
    }

    it('accepts a verified code for an hour only', async () => {
      const holder = await insertHolder({
        lastName: 'Latecode',
        ssn: '900700012',
        dateOfBirth: '1992-04-16',
        zip: '04125',
      });
      const email = 'casey.latecode@example.test';
      const stale = await verifiedToken('anon-late-1', email);
      test.clock.advance(60 * 60_000 + 1);
      const refused = await create(registration(holder, { MFAToken: stale }));
      expect(errorsOf(refused.body)).toEqual(['Invalid']);
      expect(await userOf('casey.latecode')).toBeUndefined();
      const fresh = await verifiedToken('anon-late-2', email);
      expect((await create(registration(holder, { MFAToken: fresh }))).status).toBe(200);
    });

    it('uses a verified code for one account only', async () => {
      const first = await insertHolder({
        lastName: 'Onceone',
        ssn: '900700013',
        dateOfBirth: '1993-05-17',
        zip: '04126',
      });
      const second = await insertHolder({
        lastName: 'Oncetwo',
        ssn: '900700014',
        dateOfBirth: '1993-05-18',
        zip: '04127',
      });
      const email = 'casey.shared@example.test';
      const token = await verifiedToken('anon-once', email);
      const created = await create(registration(first, { MFAToken: token, EmailAddress: email }));
      expect(created.status).toBe(200);
      const reused = await create(registration(second, { MFAToken: token, EmailAddress: email }));
      expect(errorsOf(reused.body)).toEqual(['Invalid']);
      expect(await userOf('casey.oncetwo')).toBeUndefined();
    });

    it('limits the codes sent to one address, whatever the session', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const result = await postJson(
          test,
          '/api/Register/GenerateMFACode',
          { Id: `anon-mailbomb-${attempt}`, FirstName: 'X', EmailAddress: 'victim@example.test' },
          { ip: nextClientAddress() },
        );
        statuses.push(result.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await mailTo(test, 'victim@example.test')).toHaveLength(5);
    });
  });

  describe('activation', () => {
    async function activationToken(holder: Holder, username: string): Promise<string> {
      const customer = await test.database.db
        .selectFrom('customers')
        .select('id')
        .where('institution_id', '=', institutionId)
        .where('last_name', '=', holder.lastName)
        .executeTakeFirstOrThrow();
      const { id: userId } = await test.database.db
        .insertInto('users')
        .values({
          institution_id: institutionId,
          customer_id: customer.id,
          username,
          password_hash: null,
          created_at: test.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return issueLinkToken(test.database.db, {
        institutionId,
        userId,
        purpose: 'activation',
        lifetimeMs: 3_600_000,
        at: test.clock.now(),
      });
    }

    const activate = (token: string, password: string) =>
      postJson(test, '/api/Register/ActivateAccount', { Token: token, Password: password });

    it('answers Restricted for a restricted account holder and sets no password', async () => {
      const holder = await insertHolder({
        lastName: 'Activaterestricted',
        ssn: '900700008',
        dateOfBirth: '1988-12-12',
        zip: '04121',
        restricted: true,
      });
      const token = await activationToken(holder, 'casey.ar');
      const result = await activate(token, PASSWORD);
      expect(result).toEqual({
        status: 403,
        body: {
          HasNoErrors: false,
          Errors: [{ ErrorMessage: 'Restricted' }],
          UserName: 'casey.ar',
          LogonNameTaken: false,
          Restricted: true,
        },
      });
      expect((await userOf('casey.ar'))?.password_hash).toBeNull();
    });

    it('allows 128 characters even when the institution caps passwords at 12, and no more', async () => {
      await publishShared(test, { passwordRuleOptions: { useCustomerCredentialsOption: 'false' } });
      try {
        const holder = await insertHolder({
          lastName: 'Activatelong',
          ssn: '900700009',
          dateOfBirth: '1989-01-13',
          zip: '04122',
        });
        const token = await activationToken(holder, 'casey.al');
        const tooLong = await activate(token, `Aa1-${'z'.repeat(125)}`);
        expect(tooLong.status).toBe(403);
        expect(firstErrorOf(tooLong.body)).toBe('ChooseDifferentPassword');
        expect((await userOf('casey.al'))?.password_hash).toBeNull();
        const longest = await activate(token, `Aa1-${'z'.repeat(124)}`);
        expect(longest.status).toBe(200);
      } finally {
        await publishShared(test, {
          passwordRuleOptions: { useCustomerCredentialsOption: 'true' },
        });
      }
    });

    it('answers maintenanceModeEnabled during maintenance and leaves the link usable', async () => {
      const holder = await insertHolder({
        lastName: 'Activatemaint',
        ssn: '900700010',
        dateOfBirth: '1990-02-14',
        zip: '04123',
      });
      const token = await activationToken(holder, 'casey.am');
      await publishShared(test, { maintenanceOptions: { maintenanceModeOption: 'true' } });
      try {
        const result = await activate(token, PASSWORD);
        expect(result.status).toBe(403);
        expect(firstErrorOf(result.body)).toBe('maintenanceModeEnabled');
      } finally {
        await publishShared(test, { maintenanceOptions: { maintenanceModeOption: 'false' } });
      }
      expect((await activate(token, PASSWORD)).status).toBe(200);
    });
  });
});
