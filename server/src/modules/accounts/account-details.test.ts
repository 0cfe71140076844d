import {
  AccountDataResponse,
  AccountDetailsResponse,
  AccountHistoryResponse,
  AccountListResponse,
  BalanceHistoryResponse,
  formatUsd,
  formatUsDate,
  formatUsdPlain,
  historyTimeOf,
  type HistoryItem,
  hostDateOf,
  InsuranceResponse,
  LoginResponse,
  LOAN_HOLDS,
  type LoanHold,
  PaymentMethodsResponse,
  paymentsSummary,
  PayoffProjectionResponse,
  StatementListResponse,
  UpdateAddressResponse,
  DEFAULT_ALERTS,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { pdfText } from '../../testing/pdf-text';
import { publishSettingsChange, withPublishedSettings } from '../../testing/settings';
import {
  addAccount,
  addCard,
  call,
  paymentBody,
  paymentInfo,
  submit,
  VISA_DEBIT,
} from '../../testing/payment-test-kit';
import { historyFileName } from './history-downloads';
import type { CoreTables } from '../../core/builtin/core.schema';
import { wireOf } from '../../testing/wire';

// Seeded at Harbor (branch 001) on 2025-03-14, America/New_York.
const TODAY = '2025-03-14';
const AUTO_LOAN = '001-100234-1';
const HOME_EQUITY = '001-100235-2';
const BOAT_LOAN = '001-100101-4';
const NO_SUCH_ACCOUNT = '001-999999-9';

describe.each(testDatabases())('the loan page calls on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
  });
  afterAll(async () => {
    await test?.close();
  });

  function get(who: SignedIn, url: string) {
    return test.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  }
  function post(who: SignedIn, url: string, payload: unknown) {
    return test.app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie, ...PORTAL_WRITE_HEADERS },
      payload: payload as Record<string, unknown>,
    });
  }
  async function accountList(who: SignedIn) {
    return wireOf(AccountListResponse, (await get(who, '/api/accountList')).json()).Accounts;
  }
  async function accountData(who: SignedIn, number: string) {
    const response = await get(who, `/api/AccountData?accountNumber=${number}`);
    expect(response.statusCode).toBe(200);
    return wireOf(AccountDataResponse, response.json());
  }

  it('loads a past-due loan whose figures agree with the account list', async () => {
    const data = await accountData(jordan, AUTO_LOAN);
    const listed = (await accountList(jordan)).find((account) => account.Number === AUTO_LOAN);
    const info = data.Information;
    expect(info.PrincipalBalance).toBe(listed?.Balance);
    expect(info.PaymentInformation.TotalAmountDue).toBe(listed?.LoanAmountDue);
    expect(hostDateOf(info.NextPaymentDate)).toBe(listed?.LoanDueDate);
    expect((hostDateOf(info.NextPaymentDate) ?? '') < TODAY).toBe(true);
    expect(info.DaysPastDue).toBeGreaterThan(0);
    expect(info.LateChargesDue).toBeGreaterThanOrEqual(35);
    expect(info.TotalLoanFees).toBeGreaterThanOrEqual(info.LateChargesDue);
    expect(info.PayoffAmount).toBeGreaterThan(info.PrincipalBalance);
    expect(info.Address).toEqual({
      Address1: '201 Commercial Street',
      City: 'Portland',
      State: 'ME',
      ZipCode: '04101',
    });
    expect(info.InterestRate).toBe(649);
    expect(info.DaysSinceOpened).toBeGreaterThan(900);
    expect(data.StatementFormat).toBe('ElectronicOnly');
    expect(data.EStatements.length).toBeGreaterThan(0);
    expect(data.Alerts.EmailAlerts.AlertLoanDueDate1).toBe(false);

    const details = await get(jordan, `/api/AccountDetails?accountNumber=${AUTO_LOAN}`);
    expect(wireOf(AccountDetailsResponse, details.json()).Information.Information).toEqual(info);
  });

  it("dates the account list with the institution's today, so the dashboard counts the loan page's days past due", async () => {
    const listed = wireOf(AccountListResponse, (await get(jordan, '/api/accountList')).json());
    expect(listed.BusinessDate).toBe(TODAY);
    const data = await accountData(jordan, AUTO_LOAN);
    const [late] = paymentsSummary(listed.Accounts, listed.BusinessDate ?? '').pastDue;
    expect(late?.account.Number).toBe(AUTO_LOAN);
    expect(late?.daysPastDue).toBe(data.Information.DaysPastDue);
  });

  it('keeps the loan page and the list on PGlite until a write they depend on, and never shares them between users', async () => {
    const statements: string[] = [];
    const unwatch = test.database.watchStatements?.((sql) => statements.push(sql));
    try {
      await accountData(jordan, AUTO_LOAN);
      await accountList(jordan);
      statements.length = 0;
      const again = await accountData(jordan, AUTO_LOAN);
      await accountList(jordan);
      const coreReads = () => statements.filter((sql) => /\bcore_accounts\b/.test(sql)).length;
      // PostgreSQL may be shared by instances: no statement watch, nothing kept (app.ts).
      if (testDatabase.name === 'pglite') expect(coreReads()).toBe(0);
      else expect(test.database.watchStatements).toBeUndefined();
      // A saved alert is on the very next load.
      const alerts = again.Alerts;
      const saved = await post(jordan, '/api/AccountAlerts', {
        AccountNumber: AUTO_LOAN,
        ...alerts,
        EmailAlerts: {
          ...alerts.EmailAlerts,
          AlertLoanDelinquent: !alerts.EmailAlerts.AlertLoanDelinquent,
        },
      });
      expect(saved.json()).toMatchObject({ HasNoErrors: true });
      expect((await accountData(jordan, AUTO_LOAN)).Alerts.EmailAlerts.AlertLoanDelinquent).toBe(
        !alerts.EmailAlerts.AlertLoanDelinquent,
      );
      await post(jordan, '/api/AccountAlerts', { AccountNumber: AUTO_LOAN, ...alerts });
      // Another user asking for Jordan's loan right after still gets nothing.
      expect((await get(pat, `/api/AccountData?accountNumber=${AUTO_LOAN}`)).statusCode).toBe(404);
      // A new day is a new answer (amounts due are as of today).
      if (testDatabase.name === 'pglite') {
        test.clock.advance(24 * 60 * 60_000);
        try {
          const tomorrow = await signIn(test.app, { username: 'jordan.rivers' });
          statements.length = 0;
          await accountData(tomorrow, AUTO_LOAN);
          expect(coreReads()).toBeGreaterThan(0);
        } finally {
          test.clock.advance(-24 * 60 * 60_000);
        }
      }
    } finally {
      unwatch?.();
    }
  });

  it("answers the core's hold on a loan with the loan (spec 002 section 8's on-load flags)", async () => {
    const held = HOME_EQUITY;
    const setHold = (hold: LoanHold | null) =>
      test.database.db
        .withTables<CoreTables>()
        .updateTable('core_accounts')
        .set({ host_hold: hold })
        .where('number', '=', held)
        .execute();
    // AccountDetails carries the hold too (the payment screen's hold check, spec 001 section 7).
    async function accountDetails(who: SignedIn, number: string) {
      const response = await get(who, `/api/AccountDetails?accountNumber=${number}`);
      expect(response.statusCode).toBe(200);
      return wireOf(AccountDetailsResponse, response.json());
    }
    expect((await accountData(jordan, held)).Hold).toBeNull();
    expect((await accountDetails(jordan, held)).Hold).toBeNull();
    try {
      for (const hold of LOAN_HOLDS) {
        await setHold(hold);
        const data = await accountData(jordan, held);
        expect(data.Hold).toBe(hold);
        expect(data.Information.AccountNumber).toBe(held);
        const details = await accountDetails(jordan, held);
        expect(details.Hold).toBe(hold);
        expect(details.Information.Information?.AccountNumber).toBe(held);
        // Another user learns nothing, held or not: the answer of an account that does not exist.
        for (const call of ['AccountData', 'AccountDetails']) {
          const theirs = await get(pat, `/api/${call}?accountNumber=${held}`);
          const none = await get(pat, `/api/${call}?accountNumber=${NO_SUCH_ACCOUNT}`);
          expect(theirs.statusCode).toBe(404);
          expect(theirs.body).toBe(none.body);
          expect(theirs.body).not.toContain(hold);
        }
      }
    } finally {
      await setHold(null);
    }
    // Only that loan was held: Jordan's other loan answers no hold.
    expect((await accountDetails(jordan, AUTO_LOAN)).Hold).toBeNull();
  });

  it('shows a paid-off loan with no next payment date', async () => {
    const info = (await accountData(jordan, BOAT_LOAN)).Information;
    expect(info.PrincipalBalance).toBe(0);
    expect(info.NextPaymentDate).toBe('0001-01-01T00:00:00');
    expect(info.LastPaymentDate).not.toBe('0001-01-01T00:00:00');
  });

  it("answers the caller's default payment method of the loan by its last four, as the payment calls answer it, and no one else's", async () => {
    const paymentInformation = async (who: SignedIn, number: string) => {
      const fromData = (await accountData(who, number)).Information.PaymentInformation;
      const details = await get(who, `/api/AccountDetails?accountNumber=${number}`);
      const fromDetails = wireOf(AccountDetailsResponse, details.json()).Information.Information
        ?.PaymentInformation;
      expect(fromDetails).toEqual(fromData);
      return fromData;
    };
    const methodsDefault = async (who: SignedIn, number: string) =>
      PaymentMethodsResponse.parse(
        (await post(who, '/api/PaymentMethod/GetPaymentMethods', { AccountNumber: number })).json(),
      ).DefaultPaymentMethod;
    const setDefault = async (who: SignedIn, number: string, method: unknown) => {
      const set = await post(who, '/api/PaymentMethod/SetDefaultPaymentMethod', {
        AccountNumber: number,
        PaymentMethod: method,
      });
      expect(set.json()).toEqual({ HasNoErrors: true, Errors: [] });
    };
    const patLoan = (await accountList(pat)).find((account) => account.Type === 9)?.Number ?? '';
    expect(patLoan).not.toBe('');
    expect((await paymentInformation(jordan, AUTO_LOAN)).DefaultPaymentMethod).toBeNull();

    const card = await addCard({ app: test.app, who: jordan }, AUTO_LOAN);
    const account = await addAccount({ app: test.app, who: jordan });
    await setDefault(jordan, AUTO_LOAN, card);
    await setDefault(jordan, HOME_EQUITY, account);
    const patsCard = await addCard({ app: test.app, who: pat }, patLoan, VISA_DEBIT);
    await setDefault(pat, patLoan, patsCard);

    // The very next load has it (a kept loan page is dropped by the write).
    expect((await paymentInformation(jordan, AUTO_LOAN)).DefaultPaymentMethod).toEqual({
      IsCard: true,
      LastFour: '4242',
    });
    expect(await methodsDefault(jordan, AUTO_LOAN)).toEqual(card);
    expect((await paymentInformation(jordan, HOME_EQUITY)).DefaultPaymentMethod).toEqual({
      IsCard: false,
      LastFour: '3544',
    });
    // Pat sees Pat's own default only, and nothing of Jordan's loans.
    expect((await paymentInformation(pat, patLoan)).DefaultPaymentMethod).toEqual({
      IsCard: true,
      LastFour: '5556',
    });
    for (const number of [AUTO_LOAN, HOME_EQUITY]) {
      for (const url of [
        `/api/AccountData?accountNumber=${number}`,
        `/api/AccountDetails?accountNumber=${number}`,
      ]) {
        const foreign = await get(pat, url);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.body).not.toContain('PaymentInformation');
      }
    }

    // The settings decide as on the payment page: the option off shows none, and a card
    // default goes once cards are no longer taken.
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { paymentOptions: { useDefaultPaymentMethodOption: 'false' } } },
      async () => {
        expect((await paymentInformation(jordan, AUTO_LOAN)).DefaultPaymentMethod).toBeNull();
        expect((await paymentInformation(jordan, HOME_EQUITY)).DefaultPaymentMethod).toBeNull();
      },
    );
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { cardPaymentOptions: { allowCardsOption: 'false' } } },
      async () => {
        expect(await methodsDefault(jordan, AUTO_LOAN)).toBeNull();
        expect((await paymentInformation(jordan, AUTO_LOAN)).DefaultPaymentMethod).toBeNull();
        expect((await paymentInformation(jordan, HOME_EQUITY)).DefaultPaymentMethod).toEqual({
          IsCard: false,
          LastFour: '3544',
        });
      },
    );
    for (const [who, number] of [
      [jordan, AUTO_LOAN],
      [jordan, HOME_EQUITY],
      [pat, patLoan],
    ] as const) {
      await test.app.inject({
        method: 'DELETE',
        url: `/api/PaymentMethod/RemoveDefaultPaymentMethod?accountNumber=${number}`,
        headers: { cookie: who.cookie, ...PORTAL_WRITE_HEADERS },
      });
    }
  });

  it("lists the loan's scheduled and recurring payments as GetPaymentInfo does, to the loan's holder only", async () => {
    const jordanCaller = { app: test.app, who: jordan };
    const loanPayments = async (who: SignedIn, number: string) => {
      const fromData = (await accountData(who, number)).Information.PaymentInformation;
      const details = await get(who, `/api/AccountDetails?accountNumber=${number}`);
      const fromDetails = wireOf(AccountDetailsResponse, details.json()).Information.Information
        ?.PaymentInformation;
      expect(fromDetails).toEqual(fromData);
      return {
        ScheduledPayments: fromData.ScheduledPayments,
        RecurringPayment: fromData.RecurringPayment,
      };
    };
    const fromPaymentInfo = async (number: string) => {
      const info = (await paymentInfo(jordanCaller, number)).body;
      return {
        ScheduledPayments: info.ScheduledPayments ?? [],
        RecurringPayment: info.RecurringPayment ?? null,
      };
    };
    const patLoan = (await accountList(pat)).find((account) => account.Type === 9)?.Number ?? '';
    expect(patLoan).not.toBe('');
    const none = { ScheduledPayments: [], RecurringPayment: null };
    /** Pat sees none of it: nothing on Pat's own loan, and Jordan's loans are not found. */
    const hiddenFromPat = async (handle: string) => {
      expect(await loanPayments(pat, patLoan)).toEqual(none);
      for (const number of [HOME_EQUITY, AUTO_LOAN]) {
        for (const url of [
          `/api/AccountData?accountNumber=${number}`,
          `/api/AccountDetails?accountNumber=${number}`,
        ]) {
          const foreign = await get(pat, url);
          expect(foreign.statusCode).toBe(404);
          expect(foreign.body).not.toContain(handle);
        }
      }
    };
    const remove = async (path: string, handle: string) => {
      const deleted = await call(jordanCaller, 'POST', path, {
        Token: '',
        Payment: { EncryptedString: handle, LoanAccountNumber: HOME_EQUITY },
      });
      expect(deleted.json()).toMatchObject({ HasNoErrors: true });
    };
    const noDeletes = {
      shared: {
        paymentOptions: {
          allowDeleteScheduledPaymentOption: 'false',
          allowDeleteRecurringPaymentOption: 'false',
        },
      },
    };
    expect(await loanPayments(jordan, HOME_EQUITY)).toEqual(none);
    // Not the card of the default method's test: a saved card is added once.
    const card = await addCard(jordanCaller, HOME_EQUITY, VISA_DEBIT);

    // A loan has a scheduled or a recurring payment at a time (section 8): one, then the other.
    const scheduled = await submit(
      jordanCaller,
      'scheduledCard',
      paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-17', amount: 40 }),
      'account-details-scheduled',
    );
    expect(scheduled.body.Errors).toEqual([]);
    // The very next load lists it (a kept loan page is dropped by the write), as the payment
    // screen's call does, its handle included; only on its own loan.
    const withScheduled = await loanPayments(jordan, HOME_EQUITY);
    expect(withScheduled).toEqual(await fromPaymentInfo(HOME_EQUITY));
    expect(withScheduled).toEqual({
      ScheduledPayments: [
        {
          EncryptedString: expect.stringMatching(/^s\./),
          IsCard: true,
          AccountNumber: '5556',
          PaymentDate: '2025-03-17',
          PaymentAmount: 40,
          CanDelete: true,
          HasBeenPosted: false,
          Status: 'scheduled',
        },
      ],
      RecurringPayment: null,
    });
    expect(await loanPayments(jordan, AUTO_LOAN)).toEqual(none);
    // CanDelete follows the settings, as on the payment screen.
    await withPublishedSettings(test.app, 'localhost', noDeletes, async () => {
      const listed = (await loanPayments(jordan, HOME_EQUITY)).ScheduledPayments;
      expect(listed.map((payment) => payment.CanDelete)).toEqual([false]);
    });
    const scheduledHandle = withScheduled.ScheduledPayments[0]?.EncryptedString ?? 'missing';
    await hiddenFromPat(scheduledHandle);
    await remove('/api/PaymentScheduled/DeleteCard', scheduledHandle);
    expect(await loanPayments(jordan, HOME_EQUITY)).toEqual(none);

    const recurring = await submit(
      jordanCaller,
      'recurringCard',
      paymentBody({
        loan: HOME_EQUITY,
        method: card,
        date: '2025-03-28',
        amount: 55,
        recurring: { RecurringOption: 'DayOfMonth', DaysBeforeDue: 0 },
      }),
      'account-details-recurring',
    );
    expect(recurring.body.Errors).toEqual([]);
    const withRecurring = await loanPayments(jordan, HOME_EQUITY);
    expect(withRecurring).toEqual(await fromPaymentInfo(HOME_EQUITY));
    expect(withRecurring).toEqual({
      ScheduledPayments: [],
      RecurringPayment: {
        EncryptedData: expect.stringMatching(/^r\./),
        IsCard: true,
        Date: '2025-03-28',
        RecurringOption: 'DayOfMonth',
        NumberOfDays: 0,
        TotalAmount: 55,
        AdditionalPrincipalAmount: 0,
        PaymentAccountNum: '5556',
        CanDelete: true,
      },
    });
    expect(await loanPayments(jordan, AUTO_LOAN)).toEqual(none);
    await withPublishedSettings(test.app, 'localhost', noDeletes, async () => {
      expect((await loanPayments(jordan, HOME_EQUITY)).RecurringPayment?.CanDelete).toBe(false);
    });
    const recurringHandle = withRecurring.RecurringPayment?.EncryptedData ?? 'missing';
    await hiddenFromPat(recurringHandle);
    await remove('/api/PaymentRecurring/DeleteCard', recurringHandle);
    expect(await loanPayments(jordan, HOME_EQUITY)).toEqual(none);
  });

  it('answers another user exactly as for an account that does not exist, on every call', async () => {
    const calls: [string, (who: SignedIn, number: string) => ReturnType<typeof get>][] = [
      ['AccountDetails', (who, n) => get(who, `/api/AccountDetails?accountNumber=${n}`)],
      ['AccountData', (who, n) => get(who, `/api/AccountData?accountNumber=${n}`)],
      [
        'GetStatementList',
        (who, n) =>
          get(who, `/api/accountEStatements/GetStatementList?AccountNumber=${n}&Year=2025`),
      ],
      ['AccountHistory', (who, n) => get(who, `/api/AccountHistory?accountNumber=${n}&days=30`)],
      ['BalanceHistory', (who, n) => get(who, `/api/Account/BalanceHistory?accountNumber=${n}`)],
      [
        'PayoffProjection',
        (who, n) => get(who, `/api/Account/PayoffProjection?accountNumber=${n}&extraPrincipal=100`),
      ],
      [
        'UpdateAddress',
        (who, n) =>
          post(who, '/api/Account/UpdateAddress', {
            AccountNumber: n,
            Address: { Address1: '1 Main St', City: 'Portland', State: 'ME', ZipCode: '04101' },
          }),
      ],
      [
        'AccountAlerts',
        (who, n) =>
          post(who, '/api/AccountAlerts', {
            AccountNumber: n,
            TextAlerts: { ...DEFAULT_ALERTS.TextAlerts, AlertLoanDelinquent: true },
            EmailAlerts: { ...DEFAULT_ALERTS.EmailAlerts, AlertLoanDelinquent: true },
          }),
      ],
      [
        'SetStatementFormat',
        (who, n) =>
          post(who, '/api/AccountEStatements/SetStatementFormat', {
            AccountNumber: n,
            AccountType: 0,
            Format: 'PaperOnly',
          }),
      ],
      [
        'ShowHideAccount',
        (who, n) => post(who, '/api/Account/ShowHideAccount', { AccountNumber: n }),
      ],
      [
        'GetInsuranceInformation',
        (who, n) => post(who, '/api/Insurance/GetInsuranceInformation', { accountNumber: n }),
      ],
      [
        'RetrieveDownloadToken',
        (who, n) =>
          post(who, '/api/AccountHistory/RetrieveDownloadToken', {
            AccountNumber: n,
            DaysOfHistory: 30,
            DownloadType: 0,
          }),
      ],
    ];
    for (const [name, call] of calls) {
      const foreign = await call(pat, HOME_EQUITY);
      const missing = await call(pat, NO_SUCH_ACCOUNT);
      expect(foreign.statusCode, name).toBe(404);
      expect(foreign.body, name).toBe(missing.body);
    }
    // And nothing of Jordan's changed.
    const data = await accountData(jordan, HOME_EQUITY);
    expect(data.StatementFormat).toBe('PaperOnly');
    expect(data.Information.Address.Address1).not.toBe('1 Main St');
    expect(data.Alerts.TextAlerts.AlertLoanDelinquent).toBe(false);
    expect((await accountList(jordan)).some((account) => account.Number === HOME_EQUITY)).toBe(
      true,
    );
  });

  it('changes the address only when the city is in the ZIP code, sanitising what was typed', async () => {
    const change = (Address: Record<string, string>) =>
      post(jordan, '/api/Account/UpdateAddress', { AccountNumber: HOME_EQUITY, Address });
    const wrongCity = await change({
      Address1: '9 Elm St',
      City: 'Portland',
      State: 'ME',
      ZipCode: '80202',
    });
    expect(UpdateAddressResponse.parse(wrongCity.json())).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'ZipCityNoMatch' }],
      Address: null,
    });
    const tooLong = await change({
      Address1: 'a'.repeat(46),
      City: 'Portland',
      State: 'ME',
      ZipCode: '04101',
    });
    expect(tooLong.json().Errors).toEqual([{ ErrorMessage: 'CorrectErrors' }]);
    expect((await accountData(jordan, HOME_EQUITY)).Information.Address.Address1).toBe(
      '201 Commercial Street',
    );

    const saved = await change({
      Address1: '9 <Elm> St.',
      City: 'south portland',
      State: 'me',
      ZipCode: '04106',
    });
    expect(UpdateAddressResponse.parse(saved.json())).toEqual({
      HasNoErrors: true,
      Errors: [],
      Address: { Address1: '9 Elm St.', City: 'south portland', State: 'ME', ZipCode: '04106' },
    });
    expect((await accountData(jordan, HOME_EQUITY)).Information.Address.ZipCode).toBe('04106');
    // A closed loan's address is read-only.
    const closed = await post(jordan, '/api/Account/UpdateAddress', {
      AccountNumber: BOAT_LOAN,
      Address: { Address1: '9 Elm St', City: 'Portland', State: 'ME', ZipCode: '04101' },
    });
    expect(closed.json().Errors).toEqual([{ ErrorMessage: 'Error' }]);
  });

  it('saves alerts and the statement format, which the account list then shows', async () => {
    const alerts = {
      TextAlerts: { AlertLoanDelinquent: true, EstatementAlert: false },
      EmailAlerts: {
        AlertLoanDelinquent: false,
        EstatementAlert: true,
        AlertLoanDueDate1: true,
        AlertLoanDueDate2: false,
        AlertLoanDueDate3: false,
        AlertLoanDueDate4: true,
        AlertLoanDueDate1Before: true,
        AlertLoanDueDate2Before: true,
        AlertLoanDueDate3Before: true,
        AlertLoanDueDate4Before: false,
        AlertLoanDueDate1Days: '15',
        AlertLoanDueDate2Days: '',
        AlertLoanDueDate3Days: '',
        // Alerts 3 and 4 take up to 20 digits (spec 002 section 5).
        AlertLoanDueDate4Days: '12345678901234567890',
      },
    };
    const saved = await post(jordan, '/api/AccountAlerts', { AccountNumber: AUTO_LOAN, ...alerts });
    expect(saved.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await accountData(jordan, AUTO_LOAN)).Alerts).toEqual(alerts);
    const badDays = await post(jordan, '/api/AccountAlerts', {
      AccountNumber: AUTO_LOAN,
      ...alerts,
      EmailAlerts: { ...alerts.EmailAlerts, AlertLoanDueDate2Days: 'ten' },
    });
    expect(badDays.json().Errors).toEqual([{ ErrorMessage: 'CorrectErrors' }]);
    // Alerts 1 and 2 take at most 3 digits.
    const tooLong = await post(jordan, '/api/AccountAlerts', {
      AccountNumber: AUTO_LOAN,
      ...alerts,
      EmailAlerts: { ...alerts.EmailAlerts, AlertLoanDueDate1Days: '1234' },
    });
    expect(tooLong.statusCode).toBe(400);
    // A reminder that is on needs its days.
    const noDays = await post(jordan, '/api/AccountAlerts', {
      AccountNumber: AUTO_LOAN,
      ...alerts,
      EmailAlerts: { ...alerts.EmailAlerts, AlertLoanDueDate3: true, AlertLoanDueDate3Days: ' ' },
    });
    expect(noDays.json().Errors).toEqual([{ ErrorMessage: 'CorrectErrors' }]);
    expect((await accountData(jordan, AUTO_LOAN)).Alerts).toEqual(alerts);

    const format = await post(jordan, '/api/AccountEStatements/SetStatementFormat', {
      AccountNumber: AUTO_LOAN,
      AccountType: 0,
      Format: 'PaperOnly',
    });
    expect(format.json()).toEqual({ HasNoErrors: true, Errors: [] });
    const listed = (await accountList(jordan)).find((account) => account.Number === AUTO_LOAN);
    expect(listed?.StatementPreference).toBe('PaperOnly');
  });

  it('goes paperless only once the e-statement agreement is recorded (AgreementLogging)', async () => {
    // jordan accepted the E-Sign disclosure when going paperless; sky.bennett never did.
    expect((await accountData(jordan, AUTO_LOAN)).EStatementAgreements).toEqual([]);
    const sky = await signIn(test.app, { username: 'sky.bennett' });
    const [loan] = await accountList(sky);
    const number = loan?.Number ?? '';
    expect(loan?.StatementPreference).toBe('PaperOnly');
    expect((await accountData(sky, number)).EStatementAgreements).toEqual([
      expect.objectContaining({ Name: 'E-Sign Disclosure', HostNum: 11338 }),
    ]);
    const paperless = { AccountNumber: number, AccountType: 0, Format: 'ElectronicOnly' };
    // sky.bennett has no e-mail address: paperless is refused whatever the agreements.
    const noEmail = await post(sky, '/api/AccountEStatements/SetStatementFormat', paperless);
    expect(noEmail.json().Errors).toEqual([{ ErrorMessage: 'EmailRequired' }]);
    expect((await accountList(sky))[0]?.StatementPreference).toBe('PaperOnly');
    // With an address on file (the same session), the E-Sign disclosure is what is missing.
    await sql`update customers set email = 'sky.bennett@example.test'
      where id = (select customer_id from users where username = 'sky.bennett')`.execute(
      test.database.db,
    );
    const refused = await post(sky, '/api/AccountEStatements/SetStatementFormat', paperless);
    expect(refused.json().Errors).toEqual([{ ErrorMessage: 'EStatementAgreementNeeded' }]);
    expect((await accountList(sky))[0]?.StatementPreference).toBe('PaperOnly');

    const agreed = await post(sky, '/api/AgreementLogging', {
      Agreements: [11338],
      UserName: 'sky.bennett',
      TurnEStatementsOn: true,
      UnRestrictEmail: false,
    });
    expect(agreed.json()).toMatchObject({ HasNoErrors: true });
    expect((await accountData(sky, number)).EStatementAgreements).toEqual([]);
    const saved = await post(sky, '/api/AccountEStatements/SetStatementFormat', paperless);
    expect(saved.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await accountList(sky))[0]?.StatementPreference).toBe('ElectronicOnly');
    // Another user cannot switch sky's account, whatever their agreements.
    const stranger = await post(jordan, '/api/AccountEStatements/SetStatementFormat', paperless);
    expect(stranger.statusCode).toBe(404);
  });

  it("charts the balance by month from the history, ending at today's balance", async () => {
    const response = await get(jordan, `/api/Account/BalanceHistory?accountNumber=${HOME_EQUITY}`);
    const { Points } = wireOf(BalanceHistoryResponse, response.json());
    const months = Points.map((point) => point.Date.slice(0, 7));
    expect(new Set(months).size).toBe(months.length);
    expect(months).toEqual([...months].sort());
    expect(Points.length).toBeGreaterThan(12);
    const info = (await accountData(jordan, HOME_EQUITY)).Information;
    expect(Points.at(-1)?.Balance).toBe(info.PrincipalBalance);
    expect(Points[0]?.Balance).toBeLessThanOrEqual(info.OriginalLoanAmount);
    // A line of credit charts from its opening, at zero until its first advance, month by month.
    const line = (await accountList(jordan)).find((account) => account.Type === 9);
    const lineData = await accountData(jordan, line?.Number ?? '');
    const linePoints = wireOf(
      BalanceHistoryResponse,
      (await get(jordan, `/api/Account/BalanceHistory?accountNumber=${line?.Number}`)).json(),
    ).Points;
    const opened = hostDateOf(lineData.Information.LoanOriginationDate) ?? '';
    expect(linePoints[0]?.Date.slice(0, 7)).toBe(opened.slice(0, 7));
    expect(linePoints[0]?.Balance).toBe(0);
    const lineMonths = linePoints.map((point) => point.Date.slice(0, 7));
    for (let index = 1; index < lineMonths.length; index += 1) {
      const [year, month] = (lineMonths[index - 1] ?? '').split('-').map(Number);
      const next =
        month === 12
          ? `${(year ?? 0) + 1}-01`
          : `${year}-${String((month ?? 0) + 1).padStart(2, '0')}`;
      expect(lineMonths[index]).toBe(next);
    }
    expect(linePoints.at(-1)?.Balance).toBe(lineData.Information.PrincipalBalance);
    // Where the core refuses the history, so does the chart.
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    const [commercial] = await accountList(casey);
    const denied = await get(
      casey,
      `/api/Account/BalanceHistory?accountNumber=${commercial?.Number}`,
    );
    expect(denied.json().Errors).toEqual([{ ErrorMessage: 'SecurityNotAllowed' }]);
  });

  it("projects the payoff with and without extra principal by the core's rules", async () => {
    const project = async (extra: string) => {
      const response = await get(
        jordan,
        `/api/Account/PayoffProjection?accountNumber=${HOME_EQUITY}&extraPrincipal=${extra}`,
      );
      expect(response.statusCode).toBe(200);
      return wireOf(PayoffProjectionResponse, response.json());
    };
    const none = await project('0');
    expect(none.WithExtra).toEqual(none.Regular);
    const regular = none.Regular;
    expect(regular.PayoffDate && regular.PayoffDate > TODAY).toBe(true);
    expect(regular.Balances.at(-1)?.Balance).toBe(0);
    const extra = (await project('150.25')).WithExtra;
    expect(extra.PayoffDate && regular.PayoffDate && extra.PayoffDate < regular.PayoffDate).toBe(
      true,
    );
    expect(extra.TotalInterest).toBeLessThan(regular.TotalInterest);
    expect(extra.Payments).toBeLessThan(regular.Payments);
    for (const bad of ['-1', '1.234', 'ten', '100001']) {
      const refused = await get(
        jordan,
        `/api/Account/PayoffProjection?accountNumber=${HOME_EQUITY}&extraPrincipal=${bad}`,
      );
      expect(refused.statusCode).toBe(400);
    }
    // A deposit has no payoff.
    const deposits = (await accountList(jordan)).filter((account) => account.Type === 1);
    expect(deposits.length).toBeGreaterThan(0);
    const deposit = await get(
      jordan,
      `/api/Account/PayoffProjection?accountNumber=${deposits[0]?.Number}&extraPrincipal=0`,
    );
    expect(deposit.statusCode).toBe(404);
  });

  it('gives every history row parts that add up to its total, on loans and deposits', async () => {
    const cents = (dollars: number) => Math.round(dollars * 100);
    for (const account of await accountList(jordan)) {
      const response = await get(
        jordan,
        `/api/AccountHistory?accountNumber=${account.Number}&days=36600`,
      );
      const { List } = wireOf(AccountHistoryResponse, response.json());
      expect(List.length).toBeGreaterThan(0);
      for (const row of List) {
        expect(
          cents(row.PrincipalAmount) + cents(row.InterestAmount) + cents(row.OtherAmount),
          `${account.Description}: ${row.TransactionDescription} on ${row.TransactionDate}`,
        ).toBe(cents(row.TotalPaymentAmount));
      }
    }
  });

  it('lists statements of the last three years only (the configured years)', async () => {
    const list = async (year: number) =>
      StatementListResponse.parse(
        (
          await get(
            jordan,
            `/api/accountEStatements/GetStatementList?AccountNumber=${AUTO_LOAN}&Year=${year}`,
          )
        ).json(),
      ).StatementList;
    const lastYear = await list(2024);
    expect(lastYear).toHaveLength(12);
    expect(lastYear.every((statement) => statement.Date.startsWith('2024-'))).toBe(true);
    expect(lastYear.every((statement) => statement.Provider === 0)).toBe(true);
    expect(await list(2023)).not.toHaveLength(0);
    expect(await list(2022)).toEqual([]);
    expect(await list(2026)).toEqual([]);
    // The years follow the institution's setting, as the portal's year list does.
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { eStatementOptions: { statementYears: '4' } },
    });
    try {
      expect(await list(2022)).not.toHaveLength(0);
    } finally {
      await restore();
    }
  });

  it('answers history from the core; all of it adds up to the balance; denied where the core says so', async () => {
    const history = async (who: SignedIn, number: string, days: number) =>
      wireOf(
        AccountHistoryResponse,
        (await get(who, `/api/AccountHistory?accountNumber=${number}&days=${days}`)).json(),
      );
    const month = await history(jordan, AUTO_LOAN, 30);
    expect(month.HasNoErrors).toBe(true);
    expect(
      month.List.every((line) => (hostDateOf(line.TransactionDate) ?? '') >= '2025-02-12'),
    ).toBe(true);

    for (const number of [AUTO_LOAN, HOME_EQUITY, BOAT_LOAN]) {
      const info = (await accountData(jordan, number)).Information;
      const all = await history(jordan, number, info.DaysSinceOpened + 1);
      // Newest first: the newest running balance is today's balance.
      expect(all.List[0]?.RunningPrincipalBalance).toBe(info.PrincipalBalance);
      // Opening balance plus every transaction gives today's balance.
      let balance = 0;
      for (const line of [...all.List].reverse()) {
        const cents = Math.round(line.PrincipalAmount * 100);
        balance += line.TransactionDescription === 'Loan disbursement' ? cents : -cents;
        if (!/^(Interest accrued|Late charge)/.test(line.TransactionDescription)) {
          expect(Math.round(line.RunningPrincipalBalance * 100)).toBe(balance);
        }
      }
      expect(balance).toBe(Math.round(info.PrincipalBalance * 100));
    }

    const casey = await signIn(test.app, { username: 'casey.morgan' });
    const [loan] = await accountList(casey);
    const denied = await history(casey, loan?.Number ?? '', 30);
    expect(denied).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'SecurityNotAllowed' }],
      List: [],
    });
  });

  it('titles the whole history ("All": the days since the account opened) as all history since its opening', async () => {
    const info = wireOf(
      AccountDetailsResponse,
      (await get(jordan, `/api/AccountDetails?accountNumber=${AUTO_LOAN}`)).json(),
    );
    const response = await post(jordan, '/api/AccountHistory/RetrieveDownloadToken', {
      AccountNumber: AUTO_LOAN,
      DaysOfHistory: info.Information.Information?.DaysSinceOpened,
      DownloadType: 1,
    });
    expect(response.statusCode).toBe(200);
    const pdf = await test.app.inject({
      method: 'GET',
      url: `/api/AccountHistory/DownloadAccountHistory?token=${encodeURIComponent(response.body)}`,
      headers: { cookie: jordan.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/All history since \d\d\/\d\d\/\d{4}, as of 03\/14\/2025/);
    expect(text).not.toContain('The last');
  });

  it("downloads history as CSV and PDF in the institution's name, once per token, only for the user who asked", async () => {
    const token = async (type: 0 | 1) => {
      const response = await post(jordan, '/api/AccountHistory/RetrieveDownloadToken', {
        AccountNumber: AUTO_LOAN,
        DaysOfHistory: 90,
        DownloadType: type,
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const download = (who: SignedIn | undefined, value: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/AccountHistory/DownloadAccountHistory?token=${encodeURIComponent(value)}`,
        headers: who ? { cookie: who.cookie } : {},
      });
    const api = wireOf(
      AccountHistoryResponse,
      (await get(jordan, `/api/AccountHistory?accountNumber=${AUTO_LOAN}&days=90`)).json(),
    );
    // A past-due loan's 90 days: interest, late charges and at least one payment.
    expect(api.List.length).toBeGreaterThan(2);
    const cents = (dollars: number) => Math.round(dollars * 100);
    const dateOf = (line: HistoryItem) => formatUsDate(hostDateOf(line.TransactionDate) ?? '');

    const csvToken = await token(0);
    const csv = await download(jordan, csvToken);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The file is in the institution's name; the CSV itself stays a table a program can read.
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="Harbor Community Bank history ${AUTO_LOAN} ${TODAY}.csv"`,
    );
    const rows = csv.body.trim().split('\n');
    expect(rows[0]).toBe('Date,Time,Description,Principal,Interest,Other,Total,Principal Balance');
    // Every row of the JSON history, in its order, with its amounts in plain dollars.
    expect(rows.slice(1)).toEqual(
      api.List.map((line) =>
        [
          dateOf(line),
          historyTimeOf(line.TransactionTime) ?? '',
          line.TransactionDescription,
          ...[
            line.PrincipalAmount,
            line.InterestAmount,
            line.OtherAmount,
            line.TotalPaymentAmount,
            line.RunningPrincipalBalance,
          ].map((amount) => formatUsdPlain(cents(amount))),
        ].join(','),
      ),
    );
    // Used once: the same token opens nothing the second time.
    expect((await download(jordan, csvToken)).statusCode).toBe(404);

    const pdf = await download(undefined, await token(1));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Harbor Community Bank history ${AUTO_LOAN} ${TODAY}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Harbor Community Bank');
    expect(text).toContain(`Auto Loan ${AUTO_LOAN}`);
    expect(text).toContain('The last 90 days, as of 03/14/2025');
    // Every row of the JSON history, each on its own line with its amounts as shown.
    const lines = text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
    let from = 0;
    for (const line of api.List) {
      const shown = [
        dateOf(line),
        line.TransactionDescription,
        ...[
          line.PrincipalAmount,
          line.InterestAmount,
          line.OtherAmount,
          line.TotalPaymentAmount,
          line.RunningPrincipalBalance,
        ].map((amount) => formatUsd(cents(amount))),
      ].join(' ');
      const at = lines.indexOf(shown, from);
      expect(at, shown).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }

    // Another signed-in user cannot use Jordan's token, and it is spent by the attempt: Pat
    // gets the answer of a token that names nothing.
    const answer = (response: Awaited<ReturnType<typeof download>>) => ({
      status: response.statusCode,
      type: response.headers['content-type'],
      body: response.body,
    });
    const stolen = await token(0);
    const foreign = answer(await download(pat, stolen));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(answer(await download(pat, 'no-such-token')));
    expect((await download(jordan, stolen)).statusCode).toBe(404);
    // An expired token opens nothing.
    const late = await token(0);
    test.clock.advance(61_000);
    expect((await download(jordan, late)).statusCode).toBe(404);
  });

  it("words a checking account's history files in deposit columns, not a loan's principal", async () => {
    const CHECKING = '001-500321-2';
    const file = async (type: 0 | 1) => {
      const token = await post(jordan, '/api/AccountHistory/RetrieveDownloadToken', {
        AccountNumber: CHECKING,
        DaysOfHistory: 90,
        DownloadType: type,
      });
      expect(token.statusCode).toBe(200);
      return test.app.inject({
        method: 'GET',
        url: `/api/AccountHistory/DownloadAccountHistory?token=${encodeURIComponent(token.body)}`,
        headers: { cookie: jordan.cookie },
      });
    };
    const csv = await file(0);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toBe(
      'Date,Time,Description,Amount,Interest,Other,Total,Balance',
    );
    const pdf = await pdfText((await file(1)).rawPayload);
    expect(pdf).toMatch(/Date\s+Description\s+Amount\s+Interest\s+Other\s+Total\s+Balance/);
    expect(pdf).not.toContain('Principal');
  });

  it('lists insurance with its coverage and premium', async () => {
    const response = await post(jordan, '/api/Insurance/GetInsuranceInformation', {
      accountNumber: HOME_EQUITY,
    });
    expect(wireOf(InsuranceResponse, response.json()).Insurances).toEqual([
      { Type: 'Credit Life', IsIndividual: 2, Premium: 18.42 },
      { Type: 'Credit Disability', IsIndividual: 1, Premium: 23.1 },
    ]);
    const none = await post(jordan, '/api/Insurance/GetInsuranceInformation', {
      accountNumber: AUTO_LOAN,
    });
    expect(wireOf(InsuranceResponse, none.json()).Insurances).toEqual([]);
  });

  it('hides an account from the web: gone from the list, refused to a read-only preview', async () => {
    const before = await accountList(jordan);
    const target = before.find((account) => account.Description === 'Everyday Checking');
    const hidden = await post(jordan, '/api/Account/ShowHideAccount', {
      AccountNumber: target?.Number,
    });
    expect(hidden.json()).toEqual({ HasNoErrors: true, Errors: [] });
    const after = await accountList(jordan);
    expect(after.map((account) => account.Number)).not.toContain(target?.Number);
    expect(after).toHaveLength(before.length - 1);

    // The admin's preview signs in as the sample borrower, read-only: hiding is a change, refused.
    const { institutions, adminAuth, previews } = test.app.services;
    const harbor = await institutions.resolveHost('localhost');
    if (!harbor) throw new Error('Harbor is missing');
    const staff = await adminAuth.createStaff({
      email: 'hide-preview@harbor.test',
      name: 'Preview',
      password: 'Staff-Pass-2026!',
      memberships: [{ institutionId: harbor.id, role: 'viewer' }],
    });
    const { token: previewToken } = await previews.createPreviewToken(
      {
        staffId: staff.id,
        email: 'hide-preview@harbor.test',
        name: 'Preview',
        isImplementer: false,
      },
      harbor,
      { adminOrigin: 'http://localhost:3000', adminHost: 'localhost:3000' },
    );
    const sample = await test.app.inject({
      method: 'POST',
      url: '/api/Preview/SignIn',
      headers: { ...PORTAL_WRITE_HEADERS, 'x-preview-token': previewToken },
    });
    expect(sample.statusCode).toBe(200);
    const previewSession = LoginResponse.parse(sample.json()).UserToken;
    const asPreview = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      test.app.inject({
        method,
        url,
        headers: { ...PORTAL_WRITE_HEADERS, usertoken: previewSession },
        ...(payload ? { payload } : {}),
      });
    const sampleAccounts = async () =>
      wireOf(AccountListResponse, (await asPreview('GET', '/api/accountList')).json()).Accounts;
    const shown = await sampleAccounts();
    const sampleLoan = shown.find((account) => account.Type === 0);
    expect(sampleLoan).toBeDefined();
    const refused = await asPreview('POST', '/api/Account/ShowHideAccount', {
      AccountNumber: sampleLoan?.Number,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      HasNoErrors: false,
      Errors: [
        { ErrorMessage: expect.stringMatching(/^This is a preview: nothing was saved or sent/) },
        { ErrorMessage: 'PreviewReadOnly' },
      ],
    });
    // Nothing was hidden: the sample borrower's list is as it was.
    expect(await sampleAccounts()).toEqual(shown);
  });
});

describe.each(testDatabases())('opening statements on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (who: SignedIn | undefined, url: string) =>
    test.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const passable = async (who: SignedIn) =>
    (await get(who, '/api/PassableToken/GetPassableToken')).body;
  /** What a caller learns from an answer: its status, its type and its body. */
  const answer = (response: Awaited<ReturnType<typeof get>>) => ({
    status: response.statusCode,
    type: response.headers['content-type'],
    body: response.body,
  });
  async function statements(number: string, year = 2024) {
    const response = await get(
      jordan,
      `/api/accountEStatements/GetStatementList?AccountNumber=${number}&Year=${year}`,
    );
    return StatementListResponse.parse(response.json()).StatementList;
  }

  it('opens a built-in statement (provider 0) with a passable token, once, as a PDF that says what it is', async () => {
    const [statement] = await statements(AUTO_LOAN);
    expect(statement?.Provider).toBe(0);
    const date = hostDateOf(statement?.Date) ?? '';
    const url = (token: string, number = AUTO_LOAN) =>
      `/api/AccountEstatements/ViewStatement?Date=${date}&Number=${number}&Id=${statement?.Id}&Type=0&token=${token}`;
    // A statement keeps the address it was sent to, whatever the address is now.
    const moved = await test.app.inject({
      method: 'POST',
      url: '/api/Account/UpdateAddress',
      headers: { cookie: jordan.cookie, ...PORTAL_WRITE_HEADERS },
      payload: {
        AccountNumber: AUTO_LOAN,
        Address: {
          Address1: '12 Harbor View Road',
          City: 'Portland',
          State: 'ME',
          ZipCode: '04101',
        },
      },
    });
    expect(moved.json()).toMatchObject({ HasNoErrors: true });
    const token = await passable(jordan);
    const pdf = await get(undefined, url(token));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Account Statement');
    expect(text).not.toContain('12 Harbor View Road');
    // A loan's summary: principal balances with the principal paid between them.
    expect(text).toContain('Opening principal balance');
    expect(text).toContain('Principal paid');
    expect(text).toContain('Closing principal balance');
    expect(text).toContain(AUTO_LOAN);
    expect(text).toContain('Harbor Community Bank');
    expect(text).toContain(`${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`);
    // Spent; and another user's token does not open Jordan's statement: Pat gets the answer of
    // an account that does not exist.
    expect((await get(undefined, url(token))).statusCode).toBe(404);
    const foreign = answer(await get(pat, url(await passable(pat))));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(answer(await get(pat, url(await passable(pat), NO_SUCH_ACCOUNT))));
  });

  it("says past due on a late loan's statement, with what brings it current, and not on a current one", async () => {
    // The auto loan's latest statement (two installments missed), and its oldest (paid on time).
    const open = async (number: string, year: number, pick: 'latest' | 'oldest') => {
      const listed = await statements(number, year);
      const latest = listed
        .filter((item) => item.Provider === 0)
        .sort((a, b) => (a.Date < b.Date ? 1 : -1) * (pick === 'latest' ? 1 : -1))[0];
      expect(latest, number).toBeDefined();
      const date = hostDateOf(latest?.Date) ?? '';
      const pdf = await get(
        undefined,
        `/api/AccountEstatements/ViewStatement?Date=${date}&Number=${number}&Id=${latest?.Id}&Type=0&token=${await passable(jordan)}`,
      );
      expect(pdf.statusCode).toBe(200);
      return (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    };
    const late = await open(AUTO_LOAN, 2025, 'latest');
    // The dashboard's and the loan page's words (accountSummaryTexts), the loan named as there.
    expect(late).toContain('Payment past due');
    expect(late).toMatch(
      /Auto Loan \*{4}2341 is \d+ days? past due\. Pay \$[\d,]+\.\d\d to bring it current \(due since \d\d\/\d\d\/\d{4}\)\./,
    );
    expect(late).toMatch(/Missed installments \(\d+\)/);
    const current = await open(AUTO_LOAN, 2024, 'oldest');
    expect(current).toContain('Amount due');
    expect(current).not.toContain('Payment past due');

    // The institution's own words, as published.
    await withPublishedSettings(
      test.app,
      'localhost',
      {
        english: {
          accountSummaryTexts: {
            pastDueTitleText: 'Overdue account',
            pastDueText: '{loan} is overdue by {days}: send {amount}.',
          },
        },
      },
      async () => {
        const worded = await open(AUTO_LOAN, 2025, 'latest');
        expect(worded).toContain('Overdue account');
        expect(worded).toMatch(
          /Auto Loan \*{4}2341 is overdue by \d+ days?: send \$[\d,]+\.\d\d\./,
        );
        expect(worded).not.toContain('Payment past due');
      },
    );
  });

  it('prints a deposit statement whose summary adds up, withdrawals included', async () => {
    const CHECKING = '001-500321-2';
    const listed = await statements(CHECKING);
    // A month with a card purchase (the demo checking account spends on the 12th).
    const statement = listed.find((item) => item.Provider === 0);
    expect(statement).toBeDefined();
    const date = hostDateOf(statement?.Date) ?? '';
    const pdf = await get(
      undefined,
      `/api/AccountEstatements/ViewStatement?Date=${date}&Number=${CHECKING}&Id=${statement?.Id}&Type=0&token=${await passable(jordan)}`,
    );
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const amount = (label: string) => {
      const match = new RegExp(`${label}\\s*\\$([\\d,]+\\.\\d{2})`).exec(text);
      expect(match, label).not.toBeNull();
      return Math.round(Number((match?.[1] ?? '').replaceAll(',', '')) * 100);
    };
    const withdrawals = amount('Withdrawals');
    expect(withdrawals).toBeGreaterThan(0);
    expect(
      amount('Opening balance') +
        amount('Deposits') +
        amount('Interest') -
        amount('Fees and charges') -
        withdrawals,
    ).toBe(amount('Closing balance'));
  });

  it('opens the URL family (providers 1 and 3) through a signed address that expires', async () => {
    for (const [number, provider] of [
      [HOME_EQUITY, 1],
      ['001-500322-3', 3],
    ] as const) {
      const [statement] = await statements(number);
      expect(statement?.Provider).toBe(provider);
      const query = (account: string) =>
        `Date=${hostDateOf(statement?.Date)}&Number=${account}&Type=0&Id=${statement?.Id}`;
      const opened = await get(
        jordan,
        `/api/AccountEstatements/GetAmsiveStatementUrl?${query(number)}`,
      );
      const { StatementUrl } = opened.json() as { StatementUrl: string };
      const address = new URL(StatementUrl);
      const path = `${address.pathname}${address.search}`;
      const pdf = await get(undefined, path);
      expect(pdf.statusCode).toBe(200);
      expect(await pdfText(pdf.rawPayload)).toContain(number);
      // Altered, it opens nothing; nor does another user's request for Jordan's statement,
      // answered as for an account that does not exist.
      const altered = `${path.slice(0, -3)}${path.endsWith('abc') ? 'abd' : 'abc'}`;
      expect((await get(undefined, altered)).statusCode).toBe(404);
      const asked = async (account: string) =>
        answer(await get(pat, `/api/AccountEstatements/GetAmsiveStatementUrl?${query(account)}`));
      const foreign = await asked(number);
      expect(foreign.status).toBe(404);
      expect(foreign).toEqual(await asked(NO_SUCH_ACCOUNT));
      test.clock.advance(5 * 60_000 + 1_000);
      expect((await get(undefined, path)).statusCode).toBe(404);
    }
  });

  it("lists the core's own statements under the institution's provider, and opens them only there", async () => {
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { eStatementOptions: { statementProvider: '3' } },
    });
    try {
      const [statement] = await statements(AUTO_LOAN);
      expect(statement?.Provider).toBe(3);
      const query = `Date=${hostDateOf(statement?.Date)}&Number=${AUTO_LOAN}&Type=0&Id=${statement?.Id}`;
      const opened = await get(jordan, `/api/AccountEstatements/GetAmsiveStatementUrl?${query}`);
      const address = new URL((opened.json() as { StatementUrl: string }).StatementUrl);
      const pdf = await get(undefined, `${address.pathname}${address.search}`);
      expect(await pdfText(pdf.rawPayload)).toContain(AUTO_LOAN);
      // Not through the built-in viewer any more; the loan page's list says the same.
      const viewer = `/api/AccountEstatements/ViewStatement?${query}&token=${await passable(jordan)}`;
      expect((await get(undefined, viewer)).statusCode).toBe(404);
      const page = wireOf(
        AccountDataResponse,
        (await get(jordan, `/api/AccountData?accountNumber=${AUTO_LOAN}`)).json(),
      );
      expect(page.EStatements.length).toBeGreaterThan(0);
      expect(page.EStatements.every((item) => item.Provider === 3)).toBe(true);
      // An account the core keeps at another provider stays there.
      const [atOne] = await statements(HOME_EQUITY);
      expect(atOne?.Provider).toBe(1);
    } finally {
      await restore();
    }
  });

  it('opens the document family (provider 4) by document id with a passable token', async () => {
    const line = wireOf(
      AccountListResponse,
      (await get(jordan, '/api/accountList')).json(),
    ).Accounts.find((account) => account.Type === 9);
    const [statement] = await statements(line?.Number ?? '');
    expect(statement?.Provider).toBe(4);
    const url = (token: string, documentId = statement?.Id) =>
      `/api/AccountEStatements/GetBroadridgeDocument?token=${token}&documentId=${documentId}&date=${hostDateOf(statement?.Date)}`;
    const pdf = await get(undefined, url(await passable(jordan)));
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(line?.Number ?? 'missing');
    // Pat asking for Jordan's document gets the answer of a document that does not exist.
    const foreign = answer(await get(pat, url(await passable(pat))));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(answer(await get(pat, url(await passable(pat), '999999999'))));
  });
});

describe('history file names', () => {
  it("are in the institution's name, in what a quoted Content-Disposition filename takes", () => {
    expect(historyFileName('Harbor Community Bank', '001-100234-1', '2025-03-14', 'csv')).toBe(
      'Harbor Community Bank history 001-100234-1 2025-03-14.csv',
    );
    // Accents dropped; quotes, slashes and other characters a file name cannot hold left out.
    expect(historyFileName('Caisse "Québec" A/B  Crédit', '001-1', '2025-03-14', 'pdf')).toBe(
      'Caisse Quebec AB Credit history 001-1 2025-03-14.pdf',
    );
    expect(historyFileName('银行', '001-1', '2025-03-14', 'csv')).toBe(
      'history 001-1 2025-03-14.csv',
    );
  });
});
