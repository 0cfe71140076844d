import type { InstitutionConfiguration } from '@portal/settings-schema';
import {
  AccountListResponse,
  AddPaymentMethodResponse,
  PAYMENT_METHOD_ERRORS,
  PaymentMethodsResponse,
  RoutingLookupResponse,
  type SavedPaymentMethod,
  SUBMIT_ERRORS,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEDERAL_RESERVE_BANKS } from '../../core/ach/routing-directory';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { withPublishedSettings } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { paymentBody, paymentInfo, submit } from '../../testing/payment-test-kit';
import { allowManyCardAttempts } from '../../testing/card-testing';

// Seeded at Harbor (branch 001) on 2025-03-14, America/New_York.
const AUTO_LOAN = '001-100234-1';
const HOME_EQUITY = '001-100235-2';
const NO_SUCH_ACCOUNT = '001-999999-9';

const VISA = '4242424242424242';
const MASTERCARD = '5555555555554444';
const VISA_DEBIT = '4000056655665556';
/** Luhn-valid Visa numbers the built-in processor does not know: refused as Declined. */
const UNKNOWN_VISA = '4012888888881881';
/** The built-in processor's "incorrect security code" test card. */
const WRONG_CVC_VISA = '4000000000000127';
/** A security code no seeded row holds next to a card field. */
const SECURITY_CODE = '739';
const EVERY_CARD_NUMBER = [VISA, MASTERCARD, VISA_DEBIT, UNKNOWN_VISA, WRONG_CVC_VISA];

const HARBOR_BANK = '011099990';
const BAD_CHECKSUM = '011099991';
/** Passes the ABA checksum, but no bank of the directory has it. */
const UNLISTED_ROUTING = '011000028';
const ACCOUNT_NUMBER = '90817263544';

/** Harbor's agreements plus ACH terms (host number 11339, the third entry). */
const ACH_TERMS_LINE = '/cdn/harbor/agreements/ach-terms.html|2025-01-01|ACH Terms|ach';

function cardPayload(overrides: Record<string, unknown> = {}) {
  return {
    BillingAddress: { ZipCode: '04101', Address1: '', Address2: '', City: '', State: '' },
    CardHolderFirstName: 'Jordan',
    CardHolderLastName: 'Rivers',
    CardNumber: VISA,
    ExpirationDate: '12/29',
    SecurityCode: SECURITY_CODE,
    CardType: 'visa',
    DebitCreditType: 'CreditCard',
    LoanAccountNumber: AUTO_LOAN,
    SavePaymentProfile: true,
    ...overrides,
  };
}

function achPayload(overrides: Record<string, unknown> = {}) {
  return {
    AccountType: 'Checking',
    RoutingNumber: HARBOR_BANK,
    AccountNumber: ACCOUNT_NUMBER,
    OwnerName: 'Jordan Rivers',
    ...overrides,
  };
}

describe.each(testDatabases())('the payment method calls on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;
  let patLoan: string;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    test = await startTestApp(testDatabase, {
      logger: { level: 'trace', stream: { write: (line) => void logLines.push(line) } },
    });
    await allowManyCardAttempts(test.app);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/accountList',
      headers: { cookie: pat.cookie },
    });
    const loan = AccountListResponse.parse(listed.json()).Accounts.find(
      (account) => account.Type === 9,
    );
    patLoan = loan?.Number ?? '';
    expect(patLoan).not.toBe('');
  });
  afterAll(async () => {
    await test?.close();
  });

  async function send(
    who: SignedIn,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    const response = await test.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, ...(method === 'GET' ? {} : PORTAL_WRITE_HEADERS) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    answers.push(response.body);
    return response;
  }
  const post = (who: SignedIn, url: string, payload: unknown) => send(who, 'POST', url, payload);

  async function methods(who: SignedIn, loan = AUTO_LOAN) {
    const response = await post(who, '/api/PaymentMethod/GetPaymentMethods', {
      AccountNumber: loan,
    });
    expect(response.statusCode).toBe(200);
    return PaymentMethodsResponse.parse(response.json());
  }
  async function addCard(who: SignedIn, overrides: Record<string, unknown> = {}) {
    const response = await post(
      who,
      '/api/PaymentMethod/AddCardPaymentMethod',
      cardPayload(overrides),
    );
    return { status: response.statusCode, body: response.json() as unknown };
  }
  async function addAch(who: SignedIn, overrides: Record<string, unknown> = {}) {
    const response = await post(
      who,
      '/api/PaymentMethod/AddAchPaymentMethod',
      achPayload(overrides),
    );
    return { status: response.statusCode, body: response.json() as unknown };
  }
  const withSettings = <T>(change: InstitutionConfiguration, run: () => Promise<T>) =>
    withPublishedSettings(test.app, 'localhost', change, run);
  async function withAchTerms<T>(run: () => Promise<T>): Promise<T> {
    const institution = await test.app.services.institutions.resolveHost('localhost');
    if (!institution) throw new Error('No institution at localhost');
    const published = await test.app.services.institutions.publishedSettings(institution.id);
    const setup = published.english?.agreementTexts?.agreementSetup;
    expect(typeof setup).toBe('string');
    return withSettings(
      { english: { agreementTexts: { agreementSetup: `${String(setup)}\n${ACH_TERMS_LINE}` } } },
      run,
    );
  }
  const error = (key: string) => ({ HasNoErrors: false, Errors: [{ ErrorMessage: key }] });
  function savedCard(body: unknown) {
    const method = AddPaymentMethodResponse.parse(body).PaymentMethod;
    if (!method?.IsCard) throw new Error(`Not a card: ${JSON.stringify(body)}`);
    return method;
  }
  function savedAch(body: unknown) {
    const method = AddPaymentMethodResponse.parse(body).PaymentMethod;
    if (!method || method.IsCard) throw new Error(`Not a bank account: ${JSON.stringify(body)}`);
    return method;
  }

  it('saves a card through the processor and lists it by brand, last four and token only', async () => {
    expect((await methods(jordan)).PaymentMethods).toEqual([]);
    const added = await addCard(jordan);
    expect(added.status).toBe(200);
    const card = savedCard(added.body);
    expect(card.CardInfo).toMatchObject({
      CardType: 'visa',
      CardNumber: '4242',
      ExpirationDate: '12/29',
      // The issuer says 4242 4242 4242 4242 is a credit card.
      DebitCreditType: 'CreditCard',
    });
    expect(card.CardInfo.ProfileId).not.toMatch(/\d{5}/);
    const listed = await methods(jordan);
    expect(listed).toEqual({
      HasNoErrors: true,
      Errors: [],
      PaymentMethods: [card],
      DefaultPaymentMethod: null,
      AchAgreementsNeeded: [],
    });
    // Saved per user: the same card is offered for jordan's other loan too.
    expect((await methods(jordan, HOME_EQUITY)).PaymentMethods).toEqual([card]);
  });

  it("refuses a card saved twice with 'Payment method already exists.' (AlreadyExists)", async () => {
    const again = await addCard(jordan);
    expect(again.body).toEqual({ ...error('AlreadyExists'), PaymentMethod: null });
    expect(PAYMENT_METHOD_ERRORS.AlreadyExists).toBe('Payment method already exists.');
    // A single-use copy of it is not a duplicate, and is never listed.
    const single = await addCard(jordan, { SavePaymentProfile: false });
    expect(savedCard(single.body).CardInfo.CardNumber).toBe('4242');
    expect((await methods(jordan)).PaymentMethods).toHaveLength(1);
  });

  it('answers each card refusal with its error key', async () => {
    expect((await addCard(jordan, { CardNumber: UNKNOWN_VISA })).body).toMatchObject(
      error('Declined'),
    );
    expect((await addCard(jordan, { CardNumber: WRONG_CVC_VISA })).body).toMatchObject(
      error('InvalidInfo'),
    );
    // Luhn check, a type that does not match the number, a missing holder name.
    expect((await addCard(jordan, { CardNumber: '4242424242424241' })).body).toMatchObject(
      error('InvalidInfo'),
    );
    expect((await addCard(jordan, { CardType: 'master' })).body).toMatchObject(
      error('InvalidInfo'),
    );
    expect((await addCard(jordan, { SecurityCode: '7391' })).body).toMatchObject(
      error('InvalidInfo'),
    );
    expect((await addCard(jordan, { ExpirationDate: '02/25' })).body).toMatchObject(
      error('Expired'),
    );
    expect(SUBMIT_ERRORS.Expired).toBe('Card is expired.');
    await withSettings(
      { shared: { cardPaymentOptions: { debitCardsOnlyOption: 'true' } } },
      async () => {
        expect((await addCard(jordan, { CardNumber: MASTERCARD })).body).toMatchObject(
          error('CreditCardsNotAccepted'),
        );
        // A debit card is fine, and saved cards that are credit cards are no longer offered.
        const debit = savedCard(
          (await addCard(jordan, { CardNumber: VISA_DEBIT, DebitCreditType: 'DebitCard' })).body,
        );
        expect(debit.CardInfo.DebitCreditType).toBe('DebitCard');
        expect((await methods(jordan)).PaymentMethods).toEqual([debit]);
      },
    );
    await withSettings(
      { shared: { cardPaymentOptions: { allowMasterCardOption: 'false' } } },
      async () => {
        expect(
          (await addCard(jordan, { CardNumber: MASTERCARD, CardType: 'master' })).body,
        ).toMatchObject(error('InvalidInfo'));
      },
    );
    await withSettings(
      { shared: { cardPaymentOptions: { allowCardsOption: 'false' } } },
      async () => {
        expect((await addCard(jordan)).body).toMatchObject(error('CardNotAllowed'));
        expect((await methods(jordan)).PaymentMethods.every((method) => !method.IsCard)).toBe(true);
      },
    );
    await withSettings(
      { shared: { cardPaymentOptions: { allowCardProfilesOption: 'false' } } },
      async () => {
        expect(
          (await addCard(jordan, { CardNumber: MASTERCARD, CardType: 'master' })).body,
        ).toMatchObject(error('MethodError'));
      },
    );
  });

  it('answers the routing lookup for the demo and Federal Reserve banks and refuses a bad checksum', async () => {
    const lookup = async (routingNumber: string) => {
      const response = await send(
        jordan,
        'GET',
        `/api/ACHRoutingData?routingNumber=${routingNumber}`,
      );
      expect(response.statusCode).toBe(200);
      return RoutingLookupResponse.parse(response.json());
    };
    expect(await lookup(HARBOR_BANK)).toEqual({
      HasNoErrors: true,
      Errors: [],
      Address: '12 Wharf Street',
      City: 'Portland',
      State: 'ME',
      Zip: '04101',
      RoutingNumber: HARBOR_BANK,
      BankExists: true,
      Name: 'Harbor Community Bank',
    });
    for (const bank of FEDERAL_RESERVE_BANKS) {
      expect(await lookup(bank.routingNumber)).toMatchObject({
        BankExists: true,
        Name: bank.name,
        City: bank.city,
      });
    }
    expect(await lookup(UNLISTED_ROUTING)).toMatchObject({
      HasNoErrors: true,
      BankExists: false,
      Name: '',
    });
    expect(await lookup(BAD_CHECKSUM)).toMatchObject({
      ...error('RoutingNumberInvalid'),
      BankExists: false,
    });
    const malformed = await send(jordan, 'GET', '/api/ACHRoutingData?routingNumber=12345');
    expect(malformed.statusCode).toBe(400);
    const anonymous = await test.app.inject({
      method: 'GET',
      url: `/api/ACHRoutingData?routingNumber=${HARBOR_BANK}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('validates a bank account with each error key', async () => {
    const validate = async (overrides: Record<string, unknown> = {}) =>
      (
        await post(jordan, '/api/PaymentMethod/ValidateAchPaymentMethod', achPayload(overrides))
      ).json();
    expect(await validate()).toEqual({ HasNoErrors: true, Errors: [] });
    expect(await validate({ RoutingNumber: BAD_CHECKSUM })).toEqual(error('RoutingNumberInvalid'));
    expect(await validate({ AccountNumber: '0000000' })).toEqual(
      error('RoutingAccountInvalidInternal'),
    );
    expect(await validate({ OwnerName: 'Jordan' })).toEqual(error('MethodError'));
    // Without the pre-check an unlisted bank passes; with it, it is an invalid routing number.
    expect(await validate({ RoutingNumber: UNLISTED_ROUTING })).toEqual({
      HasNoErrors: true,
      Errors: [],
    });
    await withSettings(
      { shared: { achPaymentOptions: { achRoutingPreCheckOption: 'true' } } },
      async () => {
        expect(await validate({ RoutingNumber: UNLISTED_ROUTING })).toEqual(
          error('RoutingNumberInvalid'),
        );
        expect(await validate()).toEqual({ HasNoErrors: true, Errors: [] });
      },
    );
    await withSettings(
      { shared: { achPaymentOptions: { allowSavingsAccountOption: 'false' } } },
      async () => {
        expect(await validate({ AccountType: 'Savings' })).toEqual(error('MethodError'));
      },
    );
    await withSettings({ shared: { achPaymentOptions: { hideAchOption: 'true' } } }, async () => {
      expect(await validate()).toEqual(error('AchNotAllowed'));
    });
  });

  it('answers RoutingNumberAchNotAllowed for a routing number no borrower account has', async () => {
    const validate = async (overrides: Record<string, unknown> = {}) =>
      (
        await post(jordan, '/api/PaymentMethod/ValidateAchPaymentMethod', achPayload(overrides))
      ).json();
    // A Federal Reserve Bank's own number (Boston), and checksum-valid numbers whose prefix the
    // Federal Reserve gives no ACH participant (80: traveler's checks; 00: US Government).
    for (const routing of ['011000015', '800000006', '000000000']) {
      expect(await validate({ RoutingNumber: routing })).toEqual(
        error('RoutingNumberAchNotAllowed'),
      );
    }
    const before = await methods(jordan);
    expect((await addAch(jordan, { RoutingNumber: '011000015' })).body).toMatchObject(
      error('RoutingNumberAchNotAllowed'),
    );
    expect(await methods(jordan)).toEqual(before);
  });

  it('validates an account number on its first use (NACHA WEB) and not again', async () => {
    const validate = async (overrides: Record<string, unknown> = {}) =>
      (
        await post(jordan, '/api/PaymentMethod/ValidateAchPaymentMethod', achPayload(overrides))
      ).json();
    // The processor's validation refuses the public failing test accounts: a third party's word.
    for (const account of ['000111111116', '000111111113']) {
      expect(await validate({ AccountNumber: account })).toEqual(
        error('RoutingAccountInvalidThirdParty'),
      );
    }
    const before = await methods(jordan);
    expect((await addAch(jordan, { AccountNumber: '000111111116' })).body).toMatchObject(
      error('RoutingAccountInvalidThirdParty'),
    );
    expect(await methods(jordan)).toEqual(before);
    // An account the institution stored before is not validated again: the processor's
    // validation is not called for it (a stored failing test account passes).
    const institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    const { id: patId } = await test.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'pat.lee')
      .where('institution_id', '=', institutionId)
      .executeTakeFirstOrThrow();
    const stored = '000111111116';
    await test.database.db
      .insertInto('payment_methods')
      .values({
        institution_id: institutionId,
        user_id: patId,
        profile_id: 'ach-validated-before',
        is_card: false,
        saved: true,
        duplicate_key: `ach:${TEST_DATA_PROTECTOR.digest(
          'payment-method-ach-account',
          `${HARBOR_BANK}:${stored}`,
        )}`,
        last_four: stored.slice(-4),
        ach_account_type: 'Checking',
        routing_number: HARBOR_BANK,
        account_number_sealed: TEST_DATA_PROTECTOR.encrypt(stored),
        owner_name_sealed: TEST_DATA_PROTECTOR.encrypt('Pat Lee'),
        created_at: new Date(),
      })
      .execute();
    try {
      expect(await validate({ AccountNumber: stored })).toEqual({ HasNoErrors: true, Errors: [] });
    } finally {
      await test.database.db
        .deleteFrom('payment_methods')
        .where('profile_id', '=', 'ach-validated-before')
        .execute();
    }
  });

  it('saves a bank account only once the ACH terms are accepted, and only once', async () => {
    await withAchTerms(async () => {
      expect((await addAch(jordan)).body).toEqual({
        ...error('AchTermsDisagreed'),
        PaymentMethod: null,
      });
      expect(PAYMENT_METHOD_ERRORS.AchTermsDisagreed).toBe(
        'In order to use the system you must agree to the terms and conditions.',
      );
      expect((await methods(jordan)).PaymentMethods.some((method) => !method.IsCard)).toBe(false);
      // GetPaymentMethods names the ACH agreements still needed (the ACH terms modal asks those).
      expect((await methods(jordan)).AchAgreementsNeeded).toEqual([11339]);
      const agreed = await post(jordan, '/api/AgreementLogging', {
        Agreements: [11339],
        UserName: 'jordan.rivers',
        TurnEStatementsOn: false,
        UnRestrictEmail: false,
      });
      expect(agreed.json()).toMatchObject({ HasNoErrors: true });
      expect((await methods(jordan)).AchAgreementsNeeded).toEqual([]);
      const saved = savedAch((await addAch(jordan)).body);
      expect(saved.AchInfo).toMatchObject({ AccountType: 'Checking', AccountNumber: '3544' });
      expect((await methods(jordan)).PaymentMethods).toContainEqual(saved);
      // The same routing and account number again, whatever the owner name or type.
      expect((await addAch(jordan, { OwnerName: 'J. Rivers' })).body).toEqual({
        ...error('AlreadyExists'),
        PaymentMethod: null,
      });
      expect((await addAch(jordan, { RoutingNumber: BAD_CHECKSUM })).body).toMatchObject(
        error('RoutingNumberInvalid'),
      );
    });
  });

  it('stores the full bank account number only encrypted', async () => {
    const rows = await sql<{ text: string }>`select t::text as text from payment_methods t`.execute(
      test.database.db,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    const raw = rows.rows.map((row) => row.text).join('\n');
    expect(raw).not.toContain(ACCOUNT_NUMBER);
    expect(raw).toContain('3544');
    const sealed = await test.database.db
      .selectFrom('payment_methods')
      .select('account_number_sealed')
      .where('is_card', '=', false)
      .executeTakeFirstOrThrow();
    expect(TEST_DATA_PROTECTOR.decrypt(sealed.account_number_sealed ?? '')).toBe(ACCOUNT_NUMBER);
    expect(answers.join('\n')).not.toContain(ACCOUNT_NUMBER);
  });

  it('refuses ACH profiles to a business user and when the institution disallows them', async () => {
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    expect((await addAch(casey, { AccountNumber: '5550001' })).body).toMatchObject(
      error('AchNotAllowed'),
    );
    await withSettings(
      { shared: { achPaymentOptions: { disallowAchProfilesOption: 'true' } } },
      async () => {
        expect((await addAch(jordan, { AccountNumber: '5550002' })).body).toMatchObject(
          error('AchNotAllowed'),
        );
      },
    );
  });

  it('sets, answers and removes the default method of a loan', async () => {
    const [first] = (await methods(jordan)).PaymentMethods;
    if (!first) throw new Error('jordan has no saved method');
    const set = await post(jordan, '/api/PaymentMethod/SetDefaultPaymentMethod', {
      AccountNumber: AUTO_LOAN,
      PaymentMethod: first,
    });
    expect(set.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await methods(jordan)).DefaultPaymentMethod).toEqual(first);
    // The default is the loan's: the other loan has none.
    expect((await methods(jordan, HOME_EQUITY)).DefaultPaymentMethod).toBeNull();
    await withSettings(
      { shared: { paymentOptions: { useDefaultPaymentMethodOption: 'false' } } },
      async () => {
        expect((await methods(jordan)).DefaultPaymentMethod).toBeNull();
        const refused = await post(jordan, '/api/PaymentMethod/SetDefaultPaymentMethod', {
          AccountNumber: HOME_EQUITY,
          PaymentMethod: first,
        });
        expect(refused.json()).toEqual(error('SetDefaultFailed'));
      },
    );
    const removed = await send(
      jordan,
      'DELETE',
      `/api/PaymentMethod/RemoveDefaultPaymentMethod?accountNumber=${AUTO_LOAN}`,
    );
    expect(removed.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await methods(jordan)).DefaultPaymentMethod).toBeNull();
  });

  describe('another user', () => {
    async function jordansMethods() {
      const list = (await methods(jordan)).PaymentMethods;
      const card = list.find((method) => method.IsCard);
      const ach = list.find((method) => !method.IsCard);
      if (!card?.IsCard || !ach || ach.IsCard)
        throw new Error('jordan needs a card and an account');
      return { card, ach };
    }
    const notFound = { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] };

    it("cannot list jordan's loan's methods, exactly as for a missing loan", async () => {
      const stranger = await post(pat, '/api/PaymentMethod/GetPaymentMethods', {
        AccountNumber: AUTO_LOAN,
      });
      const missing = await post(jordan, '/api/PaymentMethod/GetPaymentMethods', {
        AccountNumber: NO_SUCH_ACCOUNT,
      });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual(notFound);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(notFound);
      // pat's own loan lists pat's methods only: none of jordan's.
      expect((await methods(pat, patLoan)).PaymentMethods).toEqual([]);
    });

    it("cannot add a card for jordan's loan", async () => {
      const added = await addCard(pat, { CardNumber: MASTERCARD, CardType: 'master' });
      expect(added.status).toBe(404);
      expect(added.body).toEqual(notFound);
    });

    it("cannot delete jordan's bank account", async () => {
      const { ach } = await jordansMethods();
      const response = await post(pat, '/api/PaymentMethod/DeleteAchPayment', ach.AchInfo);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
      expect((await methods(jordan)).PaymentMethods).toContainEqual(ach);
    });

    it("cannot delete jordan's card", async () => {
      const { card } = await jordansMethods();
      const response = await post(pat, '/api/PaymentMethod/DeleteCardPayment', card.CardInfo);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
      expect((await methods(jordan)).PaymentMethods).toContainEqual(card);
    });

    it("cannot make jordan's method the default of pat's loan, nor set one on jordan's loan", async () => {
      const { card } = await jordansMethods();
      const onOwnLoan = await post(pat, '/api/PaymentMethod/SetDefaultPaymentMethod', {
        AccountNumber: patLoan,
        PaymentMethod: card,
      });
      expect(onOwnLoan.statusCode).toBe(404);
      expect(onOwnLoan.json()).toEqual(notFound);
      const onJordansLoan = await post(pat, '/api/PaymentMethod/SetDefaultPaymentMethod', {
        AccountNumber: AUTO_LOAN,
        PaymentMethod: card,
      });
      expect(onJordansLoan.statusCode).toBe(404);
      expect((await methods(pat, patLoan)).DefaultPaymentMethod).toBeNull();
    });

    it("cannot remove the default of jordan's loan", async () => {
      const { card } = await jordansMethods();
      await post(jordan, '/api/PaymentMethod/SetDefaultPaymentMethod', {
        AccountNumber: AUTO_LOAN,
        PaymentMethod: card,
      });
      const response = await send(
        pat,
        'DELETE',
        `/api/PaymentMethod/RemoveDefaultPaymentMethod?accountNumber=${AUTO_LOAN}`,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
      expect((await methods(jordan)).DefaultPaymentMethod).toEqual(card);
    });

    it('cannot validate or save bank accounts without a session', async () => {
      for (const url of [
        '/api/PaymentMethod/ValidateAchPaymentMethod',
        '/api/PaymentMethod/AddAchPaymentMethod',
      ]) {
        const response = await test.app.inject({
          method: 'POST',
          url,
          headers: PORTAL_WRITE_HEADERS,
          payload: achPayload(),
        });
        expect(response.statusCode).toBe(401);
      }
      // pat's bank account is pat's alone: jordan's list does not grow.
      const before = (await methods(jordan)).PaymentMethods.length;
      await withAchTerms(async () => {
        await post(pat, '/api/AgreementLogging', {
          Agreements: [11339],
          UserName: 'pat.lee',
          TurnEStatementsOn: false,
          UnRestrictEmail: false,
        });
        // The same account as jordan's is no duplicate for another user.
        expect(
          savedAch((await addAch(pat, { OwnerName: 'Pat Lee' })).body).AchInfo.AccountNumber,
        ).toBe('3544');
      });
      expect((await methods(jordan)).PaymentMethods).toHaveLength(before);
      expect((await methods(pat, patLoan)).PaymentMethods).toHaveLength(1);
    });
  });

  it("deletes a card only by its CardInfo with CardNumber as the card's last four", async () => {
    const card = (await methods(jordan)).PaymentMethods.find((method) => method.IsCard);
    if (!card?.IsCard) throw new Error('jordan has no saved card');
    const { CardNumber, ...rest } = card.CardInfo;
    const deleteCard = (body: object) => post(jordan, '/api/PaymentMethod/DeleteCardPayment', body);
    // The former wire name, a whole number and another last four are not this card.
    expect((await deleteCard({ ...rest, LastFour: CardNumber })).statusCode).toBe(400);
    expect((await deleteCard({ ...rest, CardNumber: '4242424242424242' })).statusCode).toBe(400);
    expect((await deleteCard({ ...rest, CardNumber: '0000' })).statusCode).toBe(404);
    expect((await methods(jordan)).PaymentMethods).toContainEqual(card);
  });

  it('cancels the recurring payment a deleted card was paying, as the dialog warns', async () => {
    const listed = (await methods(jordan)).PaymentMethods;
    const existing = listed.find(
      (method) => method.IsCard && method.CardInfo.CardNumber === '4444',
    );
    const card =
      existing ??
      savedCard((await addCard(jordan, { CardNumber: MASTERCARD, CardType: 'master' })).body);
    const caller = { app: test.app, who: jordan };
    const made = await submit(
      caller,
      'recurringCard',
      paymentBody({
        loan: HOME_EQUITY,
        method: card,
        date: '2025-03-20',
        amount: 40,
        recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
      }),
      'delete-method-recurring',
    );
    expect(made.body.HasNoErrors).toBe(true);
    const before = await paymentInfo(caller, HOME_EQUITY);
    expect(before.body).toMatchObject({ RecurringPayment: { PaymentAccountNum: '4444' } });
    if (!card.IsCard) throw new Error('not a card');
    const deleted = await post(jordan, '/api/PaymentMethod/DeleteCardPayment', card.CardInfo);
    expect(deleted.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await paymentInfo(caller, HOME_EQUITY)).body).toMatchObject({
      RecurringPayment: null,
    });
  });

  it('deletes a saved card and a saved bank account, clearing a default that used them', async () => {
    const list = (await methods(jordan)).PaymentMethods;
    const deleteOne = (method: SavedPaymentMethod) =>
      method.IsCard
        ? post(jordan, '/api/PaymentMethod/DeleteCardPayment', method.CardInfo)
        : post(jordan, '/api/PaymentMethod/DeleteAchPayment', method.AchInfo);
    expect((await methods(jordan)).DefaultPaymentMethod).not.toBeNull();
    for (const method of list) {
      expect((await deleteOne(method)).json()).toEqual({ HasNoErrors: true, Errors: [] });
    }
    expect(await methods(jordan)).toMatchObject({ PaymentMethods: [], DefaultPaymentMethod: null });
    // Deleting it again is the answer for a method that is not there.
    const [first] = list;
    if (!first) throw new Error('nothing was deleted');
    expect((await deleteOne(first)).statusCode).toBe(404);
  });

  it('keeps card numbers and security codes out of the database, the log and every answer', async () => {
    // A malformed number is refused by the schema without being quoted back.
    const malformed = await addCard(jordan, { CardNumber: `${VISA}0000` });
    expect(malformed.status).toBe(400);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(test.database.db);
    const dump: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await sql<{
        text: string;
      }>`select t::text as text from ${sql.table(table_name)} t`.execute(test.database.db);
      dump.push(...rows.rows.map((row) => row.text));
    }
    const database = dump.join('\n');
    // The scan reads real rows: the saved cards' expiry dates are there.
    expect(database).toContain('12/29');
    const log = logLines.join('\n');
    const answered = answers.join('\n');
    expect(log).toContain('/api/PaymentMethod/AddCardPaymentMethod');
    for (const number of EVERY_CARD_NUMBER) {
      expect(database).not.toContain(number);
      expect(log).not.toContain(number);
      expect(answered).not.toContain(number);
    }
    // The columns a card's details could land in (not ids, digests or times, whose random
    // characters may hold any three digits).
    const cardRows = await sql<{ text: string }>`
      select concat_ws('|', profile_id, last_four, card_type, debit_credit_type, expiration_date)
        as text from payment_methods where is_card
      union all select concat_ws('|', token, brand, funding, last_four, behaviour)
        from card_processor_tokens`.execute(test.database.db);
    expect(cardRows.rows.length).toBeGreaterThan(0);
    const code = new RegExp(`(?<!\\d)${SECURITY_CODE}(?!\\d)`);
    for (const row of cardRows.rows) expect(row.text).not.toMatch(code);
    expect(log).not.toContain(`"${SECURITY_CODE}"`);
    expect(log).not.toContain('SecurityCode');
    expect(answered).not.toContain(`"${SECURITY_CODE}"`);
    expect(answered).not.toContain('SecurityCode');
  });
});
