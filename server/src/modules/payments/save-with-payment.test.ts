import {
  AddPaymentMethodResponse,
  PaymentMethodsResponse,
  PaymentsOfMethodResponse,
  type SavedPaymentMethod,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { allowManyCardAttempts } from '../../testing/card-testing';
import { publishSettingsChange } from '../../testing/settings';
import {
  AUTO_LOAN,
  call,
  type Caller,
  DECLINED_VISA,
  HARBOR_BANK,
  HOME_EQUITY,
  paymentBody,
  SECURITY_CODE,
  submit,
} from '../../testing/payment-test-kit';
import { wireOf } from '../../testing/wire';

/*
 * Issue 20 item 9: 'Save Payment Profile' saves the new method with the payment, and only when
 * ticked: AddCardPaymentMethod with SaveWithPayment tokenizes the card without saving it, and the
 * payment that names it with SavePaymentMethod saves it (a scheduled or recurring payment in its
 * own transaction; one made today once it went through, so a declined card is not saved). A bank
 * account typed for the payment is saved the same way. The delete dialog names the payments a
 * deletion cancels (PaymentsOfMethod).
 */

const MASTERCARD_DEBIT = '5200828282828210';
const DISCOVER = '6011111111111117';
const SCHEDULED_DATE = '2025-03-20';

describe.each(testDatabases())('saving a new method with the payment on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let pat: Caller;
  let keys = 0;
  const nextKey = () => `save-with-payment-${String((keys += 1)).padStart(4, '0')}`;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    // This suite tests saving with the payment, not the card testing guard (modules/card-velocity).
    await allowManyCardAttempts(test.app);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    pat = { app: test.app, who: await signIn(test.app, { username: 'pat.lee' }) };
  });
  afterAll(async () => {
    await test?.close();
  });

  async function tokenize(number: string, cardType: string, saveWithPayment = true) {
    const response = await call(jordan, 'POST', '/api/PaymentMethod/AddCardPaymentMethod', {
      BillingAddress: { ZipCode: '04101', Address1: '', Address2: '', City: '', State: '' },
      CardHolderFirstName: 'Jordan',
      CardHolderLastName: 'Rivers',
      CardNumber: number,
      ExpirationDate: '12/29',
      SecurityCode: SECURITY_CODE,
      CardType: cardType,
      DebitCreditType: 'DebitCard',
      LoanAccountNumber: HOME_EQUITY,
      SavePaymentProfile: true,
      SaveWithPayment: saveWithPayment,
    });
    const method = AddPaymentMethodResponse.parse(response.json()).PaymentMethod;
    if (!method?.IsCard) throw new Error(`No card: ${response.body}`);
    return method;
  }

  async function listed(): Promise<SavedPaymentMethod[]> {
    const response = await call(jordan, 'POST', '/api/PaymentMethod/GetPaymentMethods', {
      AccountNumber: HOME_EQUITY,
    });
    return PaymentMethodsResponse.parse(response.json()).PaymentMethods;
  }

  async function paymentsOf(caller: Caller, method: SavedPaymentMethod) {
    const response = await call(caller, 'POST', '/api/PaymentMethod/PaymentsOfMethod', {
      IsCard: method.IsCard,
      ProfileId: method.IsCard ? method.CardInfo.ProfileId : method.AchInfo.ProfileId,
    });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  const lastFours = (methods: SavedPaymentMethod[]) =>
    methods.map((method) =>
      method.IsCard ? method.CardInfo.CardNumber : method.AchInfo.AccountNumber,
    );

  it('keeps a card added to save with the payment unlisted, and saves it with a scheduled payment', async () => {
    const card = await tokenize(MASTERCARD_DEBIT, 'master');
    expect(lastFours(await listed())).not.toContain('8210');
    const made = await submit(
      jordan,
      'scheduledCard',
      paymentBody({
        loan: HOME_EQUITY,
        method: { ...card, SavePaymentMethod: true } as SavedPaymentMethod,
        date: SCHEDULED_DATE,
        amount: 25,
      }),
      nextKey(),
    );
    expect(made.body).toMatchObject({ HasNoErrors: true });
    const saved = (await listed()).find(
      (method) => method.IsCard && method.CardInfo.CardNumber === '8210',
    );
    expect(saved).toEqual(card);

    // The delete dialog names the scheduled payment the deletion would cancel.
    const before = await paymentsOf(jordan, card);
    expect(before.status).toBe(200);
    expect(wireOf(PaymentsOfMethodResponse, before.body).Payments).toEqual([
      {
        Kind: 'Scheduled',
        LoanAccountNumber: '****2352',
        // Named as every screen names the loan (issue 20), not by its masked number alone.
        LoanName: 'Home Equity Loan ****2352',
        PaymentDate: SCHEDULED_DATE,
        PaymentAmount: 25,
        RecurringOption: null,
        NumberOfDays: 0,
      },
    ]);
    // Another user learns nothing of it.
    expect((await paymentsOf(pat, card)).status).toBe(404);

    // Deleting the card cancels that payment: it is no longer listed for it.
    if (!card.IsCard) throw new Error('not a card');
    const deleted = await call(
      jordan,
      'POST',
      '/api/PaymentMethod/DeleteCardPayment',
      card.CardInfo,
    );
    expect(deleted.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await paymentsOf(jordan, card)).status).toBe(404);
  });

  it('saves a bank account typed for a scheduled payment with it, and the payment keeps it', async () => {
    const made = await submit(
      jordan,
      'scheduledAch',
      paymentBody({
        loan: HOME_EQUITY,
        method: {
          IsCard: false,
          AchInfo: {
            AccountType: 'Checking',
            RoutingNumber: HARBOR_BANK,
            AccountNumber: '7766554433',
            OwnerName: 'Jordan Rivers',
          },
          SavePaymentMethod: true,
        } as unknown as SavedPaymentMethod,
        date: SCHEDULED_DATE,
        amount: 30,
      }),
      nextKey(),
    );
    expect(made.body).toMatchObject({ HasNoErrors: true });
    const account = (await listed()).find(
      (method) => !method.IsCard && method.AchInfo.AccountNumber === '4433',
    );
    expect(account).toBeDefined();
    if (!account) return;
    const payments = wireOf(PaymentsOfMethodResponse, (await paymentsOf(jordan, account)).body);
    expect(payments.Payments).toEqual([
      expect.objectContaining({
        Kind: 'Scheduled',
        PaymentDate: SCHEDULED_DATE,
        PaymentAmount: 30,
      }),
    ]);
    // Deleting the account cancels it (and leaves the loan free for the next test's schedule).
    if (account.IsCard) throw new Error('not a bank account');
    const deleted = await call(
      jordan,
      'POST',
      '/api/PaymentMethod/DeleteAchPayment',
      account.AchInfo,
    );
    expect(deleted.json()).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await paymentsOf(jordan, account)).status).toBe(404);
  });
  it('refuses to save a bank account with its payment while ACH terms wait to be accepted, as AddAchPaymentMethod does', async () => {
    const institution = await test.app.services.institutions.resolveHost('localhost');
    if (!institution) throw new Error('No institution at localhost');
    const published = await test.app.services.institutions.publishedSettings(institution.id);
    const setup = String(published.english?.agreementTexts?.agreementSetup ?? '');
    const restore = await publishSettingsChange(test.app, 'localhost', {
      english: {
        agreementTexts: {
          agreementSetup: `${setup}\n/cdn/harbor/agreements/ach-terms.html|2025-01-01|ACH Terms|ach`,
        },
      },
    });
    try {
      const before = (await listed()).length;
      const made = await submit(
        jordan,
        'scheduledAch',
        paymentBody({
          loan: HOME_EQUITY,
          method: {
            IsCard: false,
            AchInfo: {
              AccountType: 'Checking',
              RoutingNumber: HARBOR_BANK,
              AccountNumber: '5544332211',
              OwnerName: 'Jordan Rivers',
            },
            SavePaymentMethod: true,
          } as unknown as SavedPaymentMethod,
          date: SCHEDULED_DATE,
          amount: 30,
        }),
        nextKey(),
      );
      expect(made.body).toMatchObject({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'AchTermsDisagreed' }],
      });
      // Nothing saved, nothing scheduled.
      expect((await listed()).length).toBe(before);
      expect(
        (await listed()).some(
          (method) => !method.IsCard && method.AchInfo.AccountNumber === '2211',
        ),
      ).toBe(false);
    } finally {
      await restore();
    }
  });

  it('names a recurring payment by its schedule', async () => {
    const card = await tokenize(DISCOVER, 'discover');
    const made = await submit(
      jordan,
      'recurringCard',
      paymentBody({
        loan: HOME_EQUITY,
        method: { ...card, SavePaymentMethod: true } as SavedPaymentMethod,
        date: SCHEDULED_DATE,
        amount: 40,
        recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
      }),
      nextKey(),
    );
    expect(made.body).toMatchObject({ HasNoErrors: true });
    const answer = wireOf(PaymentsOfMethodResponse, (await paymentsOf(jordan, card)).body);
    expect(answer.Payments).toEqual([
      expect.objectContaining({
        Kind: 'Recurring',
        LoanAccountNumber: '****2352',
        PaymentAmount: 40,
        RecurringOption: 'Weekly',
      }),
    ]);
  });

  it('does not save a card whose payment today was declined, and saves one that went through', async () => {
    const declined = await tokenize(DECLINED_VISA, 'visa');
    const refused = await submit(
      jordan,
      'immediateCard',
      paymentBody({
        loan: AUTO_LOAN,
        method: { ...declined, SavePaymentMethod: true } as SavedPaymentMethod,
        amount: 10,
      }),
      nextKey(),
    );
    expect(refused.body).toMatchObject({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'Declined' }],
    });
    expect(lastFours(await listed())).not.toContain('0002');

    const good = await tokenize('4000056655665556', 'visa');
    const key = nextKey();
    const body = paymentBody({
      loan: AUTO_LOAN,
      method: { ...good, SavePaymentMethod: true } as SavedPaymentMethod,
      amount: 10,
    });
    const paid = await submit(jordan, 'immediateCard', body, key);
    expect(paid.body).toMatchObject({ HasNoErrors: true });
    expect(lastFours(await listed()).filter((last) => last === '5556')).toHaveLength(1);
    // The same attempt again: its answer replayed (one payment), and still one saved card.
    const again = await submit(jordan, 'immediateCard', body, key);
    expect(again.body).toEqual(paid.body);
    expect(lastFours(await listed()).filter((last) => last === '5556')).toHaveLength(1);
  });

  it('leaves a card unsaved when the payment does not ask to save it', async () => {
    const card = await tokenize('2223003122003222', 'master');
    const paid = await submit(
      jordan,
      'immediateCard',
      paymentBody({ loan: AUTO_LOAN, method: card, amount: 5 }),
      nextKey(),
    );
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ HasNoErrors: true });
    expect(lastFours(await listed())).not.toContain('3222');
  });
});
