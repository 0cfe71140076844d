import type { InstitutionConfiguration } from '@portal/settings-schema';
import {
  AccountListResponse,
  PaymentMethodsResponse,
  type SavedPaymentMethod,
  SUBMIT_ERRORS,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { withPublishedSettings } from '../../testing/settings';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import {
  addAccount,
  addCard,
  call,
  type Caller,
  HARBOR_BANK,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  submit,
  VISA,
} from '../../testing/payment-test-kit';
import type { CoreTables } from '../../core/builtin/core.schema';
import { allowManyCardAttempts } from '../../testing/card-testing';

/*
 * The defects a review of the payment calls against spec 001 found: each test fails without its
 * fix. The server decides every rule, whatever the portal showed.
 */

const error = (key: string) => ({ HasNoErrors: false, Errors: [{ ErrorMessage: key }] });
const refusal = (key: string) => ({ ...error(key), ReferenceNumber: '' });
/** A Federal Reserve Bank's own routing number: passes the checksum, holds no borrower account. */
const FEDERAL_RESERVE_BOSTON = '011000015';
/** Passes the ABA checksum, but no bank of the routing directory has it. */
const UNLISTED_ROUTING = '011000028';
/** The built-in ACH processor's failing test account ("no such account"). */
const FAILING_ACCOUNT = '000111111116';

const typedAccount = (overrides: Record<string, string> = {}) => ({
  IsCard: false as const,
  AchInfo: {
    AccountType: 'Checking',
    RoutingNumber: HARBOR_BANK,
    AccountNumber: '55598765',
    OwnerName: 'Jordan Rivers',
    ...overrides,
  },
});

describe.each(testDatabases())('the payment review defects on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let casey: Caller;
  let institutionId: number;
  let card: SavedPaymentMethod;
  let account: SavedPaymentMethod;
  let keyCounter = 0;
  const nextKey = () => `review-key-${String((keyCounter += 1)).padStart(6, '0')}`;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    await allowManyCardAttempts(test.app);
    const sessions: SignedIn[] = await Promise.all([
      signIn(test.app, { username: 'jordan.rivers' }),
      signIn(test.app, { username: 'casey.morgan' }),
    ]);
    jordan = { app: test.app, who: sessions[0] as SignedIn };
    casey = { app: test.app, who: sessions[1] as SignedIn };
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    card = await addCard(jordan, HOME_EQUITY);
    account = await addAccount(jordan);
  });
  afterAll(async () => {
    await test?.close();
  });

  const withSettings = <T>(change: InstitutionConfiguration, run: () => Promise<T>) =>
    withPublishedSettings(test.app, 'localhost', change, run);
  async function paymentCount() {
    const rows = await test.database.db.selectFrom('payments').select('id').execute();
    return rows.length;
  }
  async function setLoan(
    number: string,
    change: { comment?: string; allow_cards?: boolean; mail_preference?: number },
    restore: { comment?: string; allow_cards?: boolean; mail_preference?: number },
  ) {
    const write = (values: typeof change) =>
      test.database.db
        .withTables<CoreTables>()
        .updateTable('core_accounts')
        .set(values)
        .where('number', '=', number)
        .where('institution_id', '=', institutionId)
        .execute();
    onTestFinished(async () => {
      await write(restore);
    });
    await write(change);
  }
  const methodsOf = async (who: Caller, loan: string) =>
    PaymentMethodsResponse.parse(
      (
        await call(who, 'POST', '/api/PaymentMethod/GetPaymentMethods', { AccountNumber: loan })
      ).json(),
    );

  describe('a bank account typed for one payment (A)', () => {
    it('is checked as a saved one is, and refused with the same keys', async () => {
      const count = await paymentCount();
      const pay = (method: ReturnType<typeof typedAccount>) =>
        submit(jordan, 'immediateAch', paymentBody({ loan: HOME_EQUITY, method }), nextKey());
      // The processor's validation of an account number on its first use.
      expect((await pay(typedAccount({ AccountNumber: FAILING_ACCOUNT }))).body).toEqual(
        refusal('RoutingAccountInvalidThirdParty'),
      );
      // A Federal Reserve Bank's routing number takes no borrower's ACH debit.
      expect((await pay(typedAccount({ RoutingNumber: FEDERAL_RESERVE_BOSTON }))).body).toEqual(
        refusal('RoutingNumberAchNotAllowed'),
      );
      // The routing directory pre-check, when the institution sets it.
      await withSettings(
        { shared: { achPaymentOptions: { achRoutingPreCheckOption: 'true' } } },
        async () => {
          expect((await pay(typedAccount({ RoutingNumber: UNLISTED_ROUTING }))).body).toEqual(
            refusal('RoutingNumberInvalid'),
          );
        },
      );
      expect(await paymentCount()).toBe(count);
      // The same keys as ValidateAchPaymentMethod, worded as there.
      const validated = await call(jordan, 'POST', '/api/PaymentMethod/ValidateAchPaymentMethod', {
        ...typedAccount({ RoutingNumber: FEDERAL_RESERVE_BOSTON }).AchInfo,
      });
      expect(validated.json()).toMatchObject(error('RoutingNumberAchNotAllowed'));
      expect(SUBMIT_ERRORS.RoutingNumberAchNotAllowed).toBe('Invalid routing number.');
      // A good account still pays.
      expect((await pay(typedAccount())).body.HasNoErrors).toBe(true);
    });
  });

  describe('the loan outcome of GetPaymentInfo on a submit (B)', () => {
    it('refuses a scheduled ACH payment after the cutoff with cards off and a payment scheduled', async () => {
      const scheduled = await submit(
        jordan,
        'scheduledCard',
        paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-17', amount: 25 }),
        nextKey(),
      );
      expect(scheduled.body.HasNoErrors).toBe(true);
      const count = await paymentCount();
      await withSettings(
        {
          shared: {
            paymentSchedulingOptions: { maxScheduledPaymentsAllowed: '2' },
            achPaymentOptions: {
              blockImmediateAchAfterCutoffOption: 'true',
              achCutoffTime: '10:30',
            },
            cardPaymentOptions: { allowCardsOption: 'false' },
          },
        },
        async () => {
          expect((await paymentInfo(jordan, HOME_EQUITY)).body).toMatchObject(
            error('DisabledPaymentsAfterCutoffTime'),
          );
          const later = await submit(
            jordan,
            'scheduledAch',
            paymentBody({ loan: HOME_EQUITY, method: account, date: '2025-03-18', amount: 25 }),
            nextKey(),
          );
          expect(later.body).toEqual(refusal('DisabledPaymentsAfterCutoffTime'));
        },
      );
      expect(await paymentCount()).toBe(count);
      // Before the cutoff the same payment fits the quota of 2.
      await withSettings(
        { shared: { paymentSchedulingOptions: { maxScheduledPaymentsAllowed: '2' } } },
        async () => {
          const accepted = await submit(
            jordan,
            'scheduledAch',
            paymentBody({ loan: HOME_EQUITY, method: account, date: '2025-03-18', amount: 25 }),
            nextKey(),
          );
          expect(accepted.body.HasNoErrors).toBe(true);
        },
      );
      await test.database.db
        .updateTable('payments')
        .set({ status: 'cancelled' })
        .where('loan_number', '=', HOME_EQUITY)
        .where('status', '=', 'scheduled')
        .execute();
    });
  });

  describe('a loan the payment selector does not offer (C)', () => {
    it("refuses GetPaymentInfo and submits for a loan whose comment is not empty or 'NOX$'", async () => {
      await setLoan(HOME_EQUITY, { comment: 'IRSO' }, { comment: 'NOX$' });
      expect((await paymentInfo(jordan, HOME_EQUITY)).body).toMatchObject(error('PaymentBlocked'));
      const paid = await submit(
        jordan,
        'immediateCard',
        paymentBody({ loan: HOME_EQUITY, method: card }),
        nextKey(),
      );
      expect(paid.body).toEqual(refusal('SecurityNotAllowed'));
      await setLoan(HOME_EQUITY, { comment: 'nox$' }, { comment: 'NOX$' });
      expect((await paymentInfo(jordan, HOME_EQUITY)).body.HasNoErrors).toBe(true);
    });
  });

  describe('saved-profile permissions after a method was saved (D)', () => {
    it('neither lists nor takes a saved bank account once ACH profiles are disallowed', async () => {
      await withSettings(
        { shared: { achPaymentOptions: { disallowAchProfilesOption: 'true' } } },
        async () => {
          const listed = await methodsOf(jordan, HOME_EQUITY);
          expect(listed.PaymentMethods).toEqual([card]);
          const paid = await submit(
            jordan,
            'immediateAch',
            paymentBody({ loan: HOME_EQUITY, method: account }),
            nextKey(),
          );
          expect(paid.body).toEqual(refusal('Invalid'));
        },
      );
      expect((await methodsOf(jordan, HOME_EQUITY)).PaymentMethods).toEqual([card, account]);
    });

    it('neither lists nor takes a saved card once card profiles are turned off', async () => {
      await withSettings(
        { shared: { cardPaymentOptions: { allowCardProfilesOption: 'false' } } },
        async () => {
          const info = await paymentInfo(jordan, HOME_EQUITY);
          expect(info.body).toMatchObject({ PaymentMethods: [account] });
          const paid = await submit(
            jordan,
            'immediateCard',
            paymentBody({ loan: HOME_EQUITY, method: card }),
            nextKey(),
          );
          expect(paid.body).toEqual(refusal('Invalid'));
        },
      );
    });

    it("neither lists nor takes a business user's saved bank account", async () => {
      const listed = await call(casey, 'GET', '/api/accountList');
      const loan = AccountListResponse.parse(listed.json()).Accounts.find((item) =>
        item.Number.includes('-900001-'),
      )?.Number;
      if (!loan) throw new Error('casey has no loan');
      const jordans = await test.database.db
        .selectFrom('payment_methods')
        .selectAll()
        .where('is_card', '=', false)
        .where('saved', '=', true)
        .executeTakeFirstOrThrow();
      const caseyId = await test.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'casey.morgan')
        .where('institution_id', '=', institutionId)
        .executeTakeFirstOrThrow();
      // Saved before the user became a business user (AddAch refuses one now).
      await test.database.db
        .insertInto('payment_methods')
        .values({
          institution_id: institutionId,
          user_id: caseyId.id,
          profile_id: 'ach-review-business',
          is_card: false,
          saved: true,
          duplicate_key: 'ach:review-business',
          last_four: jordans.last_four,
          ach_account_type: jordans.ach_account_type,
          routing_number: jordans.routing_number,
          account_number_sealed: jordans.account_number_sealed,
          owner_name_sealed: jordans.owner_name_sealed,
          created_at: new Date(),
        })
        .execute();
      expect((await methodsOf(casey, loan)).PaymentMethods).toEqual([]);
      const paid = await submit(
        casey,
        'immediateAch',
        paymentBody({
          loan,
          method: {
            IsCard: false,
            AchInfo: {
              AccountType: 'Checking',
              AccountNumber: jordans.last_four,
              ProfileId: 'ach-review-business',
            },
          },
        }),
        nextKey(),
      );
      expect(paid.body).toEqual(refusal('Invalid'));
    });
  });

  describe('adding a card (E)', () => {
    it('is refused (CardNotAllowed) by the rule a card submit is refused by', async () => {
      const add = () =>
        call(jordan, 'POST', '/api/PaymentMethod/AddCardPaymentMethod', {
          BillingAddress: { ZipCode: '04101', Address1: '', Address2: '', City: '', State: '' },
          CardHolderFirstName: 'Jordan',
          CardHolderLastName: 'Rivers',
          CardNumber: VISA,
          ExpirationDate: '12/29',
          SecurityCode: '739',
          CardType: 'visa',
          DebitCreditType: 'CreditCard',
          LoanAccountNumber: HOME_EQUITY,
          SavePaymentProfile: false,
        });
      // The core does not take cards on the loan.
      await setLoan(HOME_EQUITY, { allow_cards: false }, { allow_cards: true });
      expect((await add()).json()).toMatchObject(error('CardNotAllowed'));
      await setLoan(HOME_EQUITY, { allow_cards: true }, { allow_cards: true });
      // A hold the institution honours that blocks cards (a dispute blocks every type).
      await test.database.db
        .withTables<CoreTables>()
        .updateTable('core_accounts')
        .set({ host_hold: 'Dispute' })
        .where('number', '=', HOME_EQUITY)
        .execute();
      onTestFinished(async () => {
        await test.database.db
          .withTables<CoreTables>()
          .updateTable('core_accounts')
          .set({ host_hold: null })
          .where('number', '=', HOME_EQUITY)
          .execute();
      });
      await withSettings(
        { shared: { paymentOptions: { blockPaymentsOnHoldCodesOption: 'true' } } },
        async () => {
          expect((await add()).json()).toMatchObject(error('CardNotAllowed'));
        },
      );
    });
  });

  describe('single-use methods switched off (F)', () => {
    it('answers Invalid for a payment made today and PayWithoutSaving for a later one', async () => {
      const once = await addCard(jordan, HOME_EQUITY, VISA, false);
      const count = await paymentCount();
      await withSettings(
        {
          shared: {
            cardPaymentOptions: { allowSingleUseCardOption: 'false' },
            achPaymentOptions: { allowSingleUseAchOption: 'false' },
          },
        },
        async () => {
          const now = (path: 'immediateCard' | 'immediateAch', method: typeof once) =>
            submit(jordan, path, paymentBody({ loan: HOME_EQUITY, method }), nextKey());
          expect((await now('immediateCard', once)).body).toEqual(refusal('Invalid'));
          expect((await now('immediateAch', typedAccount() as never)).body).toEqual(
            refusal('Invalid'),
          );
          const later = (path: 'scheduledCard' | 'scheduledAch', method: unknown) =>
            submit(
              jordan,
              path,
              paymentBody({
                loan: HOME_EQUITY,
                method: method as SavedPaymentMethod,
                date: '2025-03-18',
              }),
              nextKey(),
            );
          expect((await later('scheduledCard', once)).body).toEqual(refusal('PayWithoutSaving'));
          expect((await later('scheduledAch', typedAccount())).body).toEqual(
            refusal('PayWithoutSaving'),
          );
        },
      );
      expect(await paymentCount()).toBe(count);
    });
  });

  describe('the date and amount refusals of recurring and small-dollar payments (G)', () => {
    it('refuses each with its key and writes nothing', async () => {
      const count = await paymentCount();
      const recurring = (RecurringOption: string, date: string, amount = 25) =>
        submit(
          jordan,
          'recurringCard',
          paymentBody({
            loan: HOME_EQUITY,
            method: card,
            date,
            amount,
            recurring: { RecurringOption, DaysBeforeDue: 0 },
          }),
          nextKey(),
        );
      const check = async (answer: Promise<{ body: unknown }>, key: string) => {
        expect([key, (await answer).body]).toEqual([key, refusal(key)]);
      };
      // Monthly at most on the 30th, twice a month at most on the 28th (section 9).
      await check(recurring('DayOfMonth', '2025-03-31'), 'Invalid');
      await check(recurring('SemiMonthly', '2025-03-29'), 'Invalid');
      // The first date at most 31 days ahead.
      await check(recurring('Weekly', '2025-04-15'), 'PaymentDateMaximum');
      // A day the core takes no payment scheduled for.
      await test.database.db
        .withTables<CoreTables>()
        .insertInto('core_calendar_days')
        .values({ institution_id: institutionId, date: '2025-03-19', kind: 'noSchedule' })
        .execute();
      onTestFinished(async () => {
        await test.database.db
          .withTables<CoreTables>()
          .deleteFrom('core_calendar_days')
          .where('institution_id', '=', institutionId)
          .where('date', '=', '2025-03-19')
          .execute();
      });
      await check(recurring('Weekly', '2025-03-19'), 'PaymentDateHoliday');
      // Above the regular amount without allowAdditionalAmountOnRecurringOption.
      const info = await paymentInfo(jordan, HOME_EQUITY);
      if (!info.body.HasNoErrors) throw new Error('no info');
      const regular = info.body.PaymentDetails.PaymentAmount;
      await check(recurring('Weekly', '2025-03-18', regular + 1), 'PaymentAmountMaximum');
      // The small-dollar window: 4 days ahead for mail preference 1.
      await setLoan(HOME_EQUITY, { mail_preference: 1 }, { mail_preference: 0 });
      await withSettings(
        { shared: { paymentSchedulingOptions: { useSmallDollarRuleOption: 'true' } } },
        async () => {
          await check(
            submit(
              jordan,
              'scheduledCard',
              paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-17', amount: 20 }),
              nextKey(),
            ),
            'SmallDollarBlockedDays',
          );
          await check(recurring('Weekly', '2025-03-18'), 'SmallDollarBlockedDays');
        },
      );
      expect(await paymentCount()).toBe(count);
    });
  });
});
