import {
  AccountListResponse,
  PaymentInfoResponse,
  type SavedPaymentMethod,
  toWire,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../../app';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import {
  addAccount,
  addCard,
  call,
  type Caller,
  HOME_EQUITY,
  paymentBody,
  submit,
} from '../../testing/payment-test-kit';
import { withPublishedSettings } from '../../testing/settings';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { wireOf } from '../../testing/wire';

/**
 * GetPaymentInfo answers from what is stored when it is asked: a saved method, a default, a
 * payment or a settings change made a moment before (on this server or on another instance on
 * the same database) is in the very next answer, and a borrower's answer holds their own saved
 * methods only. Every answer read here is checked to be exactly what its schema's parse, written
 * back to the wire, makes of it, so nothing the parse would refuse or drop is sent.
 */
describe.each(testDatabases('both'))('GetPaymentInfo after a change on $name', (testDatabase) => {
  let test: TestApp;
  /** A second instance of the server on the same database, with its own memory. */
  let other: PortalApp;
  let jordan: Caller;
  let jordanThere: Caller;
  let casey: Caller;
  let caseyLoan: string;
  let keys = 0;
  const nextKey = () => `payment-info-reads-${(keys += 1)}`;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    other = await buildApp({
      db: test.database.db,
      clock: test.clock,
      dataProtector: TEST_DATA_PROTECTOR,
    });
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    // The session is in the database: the other instance takes it too.
    jordanThere = { app: other, who: jordan.who };
    casey = { app: test.app, who: await signIn(test.app, { username: 'casey.morgan' }) };
    const listed = wireOf(
      AccountListResponse,
      (await call(casey, 'GET', '/api/accountList')).json(),
    );
    caseyLoan = listed.Accounts.find((account) => account.Type === 0)?.Number ?? '';
    expect(caseyLoan).not.toBe('');
  });
  afterAll(async () => {
    await other?.close();
    await test?.close();
  });

  /**
   * The answer as sent (money in dollars), which must be exactly its own parse written back to
   * the wire (nothing refused, nothing dropped; the parse reads money as cents, toWire as dollars).
   */
  async function read(caller: Caller, loan: string) {
    const response = await call(
      caller,
      'GET',
      `/api/PaymentInformation/GetPaymentInfo?accountNumber=${loan}`,
    );
    expect(response.statusCode).toBe(200);
    const sent: unknown = response.json();
    expect(toWire(PaymentInfoResponse, PaymentInfoResponse.parse(sent))).toStrictEqual(sent);
    return wireOf(PaymentInfoResponse, sent);
  }

  async function payable(caller: Caller, loan: string) {
    const info = await read(caller, loan);
    if (!info.HasNoErrors) throw new Error(`Refused: ${JSON.stringify(info.Errors)}`);
    return info;
  }

  const methodsOf = async (caller: Caller, loan = HOME_EQUITY) =>
    (await payable(caller, loan)).PaymentMethods;

  function setDefault(caller: Caller, method: SavedPaymentMethod) {
    return call(caller, 'POST', '/api/PaymentMethod/SetDefaultPaymentMethod', {
      AccountNumber: HOME_EQUITY,
      PaymentMethod: method,
    });
  }

  it('shows a saved method added or removed, and a default, on either instance at once', async () => {
    expect(await methodsOf(jordan)).toEqual([]);
    expect(await methodsOf(jordanThere)).toEqual([]);

    const card = await addCard(jordan, HOME_EQUITY);
    expect(await methodsOf(jordan)).toEqual([card]);
    expect(await methodsOf(jordanThere)).toEqual([card]);

    // Added on the other instance: this one lists it on its next answer.
    const account = await addAccount(jordanThere);
    expect(await methodsOf(jordan)).toEqual([card, account]);

    expect((await setDefault(jordanThere, account)).json()).toEqual({
      HasNoErrors: true,
      Errors: [],
    });
    expect((await payable(jordan, HOME_EQUITY)).DefaultPaymentMethod).toEqual(account);
    const removed = await jordan.app.inject({
      method: 'DELETE',
      url: `/api/PaymentMethod/RemoveDefaultPaymentMethod?accountNumber=${HOME_EQUITY}`,
      headers: { cookie: jordan.who.cookie, ...PORTAL_WRITE_HEADERS },
    });
    expect(removed.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await payable(jordanThere, HOME_EQUITY)).DefaultPaymentMethod).toBeNull();

    if (account.IsCard) throw new Error('not a bank account');
    const deleted = await call(
      jordan,
      'POST',
      '/api/PaymentMethod/DeleteAchPayment',
      account.AchInfo,
    );
    expect(deleted.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect(await methodsOf(jordanThere)).toEqual([card]);
    expect(await methodsOf(jordan)).toEqual([card]);
  });

  it("shows the settings' change at once: a method type turned off, and the default with it", async () => {
    const account = await addAccount(jordan, '90817263599');
    await setDefault(jordan, account);
    const before = await payable(jordan, HOME_EQUITY);
    expect(before.PaymentOptions.AllowACH).toBe(true);
    expect(before.PaymentMethods).toContainEqual(account);
    expect(before.DefaultPaymentMethod).toEqual(account);

    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { achPaymentOptions: { hideAchOption: 'true' } } },
      async () => {
        const after = await payable(jordan, HOME_EQUITY);
        expect(after.PaymentOptions.AllowACH).toBe(false);
        expect(after.PaymentMethods.some((method) => !method.IsCard)).toBe(false);
        expect(after.DefaultPaymentMethod).toBeNull();
      },
    );
    const restored = await payable(jordan, HOME_EQUITY);
    expect(restored.PaymentOptions.AllowACH).toBe(true);
    expect(restored.DefaultPaymentMethod).toEqual(account);
  });

  it('shows a payment scheduled, recurring or deleted, also by the other instance, at once', async () => {
    const [card] = (await methodsOf(jordan)).filter((method) => method.IsCard);
    if (!card) throw new Error('jordan has no card');
    expect((await payable(jordan, HOME_EQUITY)).ScheduledPayments).toEqual([]);

    const scheduled = await submit(
      jordanThere,
      'scheduledCard',
      paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-17', amount: 40 }),
      nextKey(),
    );
    expect(scheduled.body.HasNoErrors, JSON.stringify(scheduled.body)).toBe(true);
    const [listed] = (await payable(jordan, HOME_EQUITY)).ScheduledPayments;
    expect(listed).toMatchObject({ PaymentDate: '2025-03-17', PaymentAmount: 40, CanDelete: true });
    if (!listed) throw new Error('not listed');

    const deleted = await call(jordanThere, 'POST', '/api/PaymentScheduled/DeleteCard', {
      Token: '',
      Payment: { EncryptedString: listed.EncryptedString, LoanAccountNumber: HOME_EQUITY },
    });
    expect(deleted.json()).toEqual({ HasNoErrors: true, Errors: [], Token: '' });
    expect((await payable(jordan, HOME_EQUITY)).ScheduledPayments).toEqual([]);

    const recurring = await submit(
      jordan,
      'recurringCard',
      paymentBody({
        loan: HOME_EQUITY,
        method: card,
        date: '2025-03-18',
        amount: 40,
        recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
      }),
      nextKey(),
    );
    expect(recurring.body.HasNoErrors, JSON.stringify(recurring.body)).toBe(true);
    const active = (await payable(jordanThere, HOME_EQUITY)).RecurringPayment;
    expect(active).toMatchObject({ RecurringOption: 'Weekly', TotalAmount: 40, CanDelete: true });
    if (!active) throw new Error('not listed');
    const cancelled = await call(jordanThere, 'POST', '/api/PaymentRecurring/DeleteCard', {
      Token: '',
      Payment: { EncryptedString: active.EncryptedData, LoanAccountNumber: HOME_EQUITY },
    });
    expect(cancelled.json()).toEqual({ HasNoErrors: true, Errors: [], Token: '' });
    expect((await payable(jordan, HOME_EQUITY)).RecurringPayment).toBeNull();
  });

  it("lists a borrower's own saved methods only, and another's loan not at all", async () => {
    const jordans = await methodsOf(jordan);
    expect(jordans.length).toBeGreaterThan(0);
    // casey reads casey's loan right after jordan's read: none of jordan's methods.
    expect(await methodsOf(casey, caseyLoan)).toEqual([]);
    const caseysCard = await addCard(casey, caseyLoan);
    expect(await methodsOf(casey, caseyLoan)).toEqual([caseysCard]);
    expect(await methodsOf(jordan)).toEqual(jordans);
    // jordan's loan is not casey's: answered as a missing one, naming nothing of it.
    const stranger = await call(
      casey,
      'GET',
      `/api/PaymentInformation/GetPaymentInfo?accountNumber=${HOME_EQUITY}`,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] });
  });

  it('answers a refusal, with the payments behind it, exactly as its schema has it', async () => {
    await withPublishedSettings(
      test.app,
      'localhost',
      {
        shared: {
          achPaymentOptions: { hideAchOption: 'true' },
          cardPaymentOptions: { allowCardsOption: 'false' },
        },
      },
      async () => {
        expect(await read(jordan, HOME_EQUITY)).toEqual({
          HasNoErrors: false,
          Errors: [{ ErrorMessage: 'PaymentBlocked' }],
          ScheduledPayments: [],
          RecurringPayment: null,
        });
      },
    );
  });
});
