import type { InstitutionConfiguration } from '@portal/settings-schema';
import {
  type LoanHold,
  type PaymentErrorCatalogue,
  paymentErrorDisplay,
  type SavedPaymentMethod,
  SUBMIT_ERRORS,
} from '@portal/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { withPublishedSettings } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import {
  addAccount,
  addCard,
  AUTO_LOAN,
  call,
  type Caller,
  HARBOR_BANK,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  submit,
} from '../../testing/payment-test-kit';
import type { CoreTables } from '../../core/builtin/core.schema';

/*
 * The server's refusals of spec 001 section 8 that only the domain's rules were tested for: each
 * goes through the HTTP call, answers its key (worded by the settings text the portal shows for
 * it) and writes nothing: no payment, no recurring payment, no charge, no debit, no core line,
 * and a deletion leaves the payment as it was.
 */

const refusal = (key: string) => ({
  HasNoErrors: false,
  Errors: [{ ErrorMessage: key }],
  ReferenceNumber: '',
});
const deleteRefusal = (key: string) => ({
  HasNoErrors: false,
  Errors: [{ ErrorMessage: key }],
  Token: '',
});
const DELETED = { HasNoErrors: true, Errors: [], Token: '' };
/** A bank account typed for one payment (single use), at a bank the directory lists. */
const TYPED_ACCOUNT = {
  IsCard: false as const,
  AchInfo: {
    AccountType: 'Checking',
    RoutingNumber: HARBOR_BANK,
    AccountNumber: '55512345',
    OwnerName: 'Jordan Rivers',
  },
};
/** Monday after the seed day (Friday 2025-03-14): a business day inside every window. */
const MONDAY = '2025-03-17';
const TUESDAY = '2025-03-18';

describe.each(testDatabases())('the payment refusals of section 8 on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let card: SavedPaymentMethod;
  let account: SavedPaymentMethod;
  let keyCounter = 0;
  const nextKey = () => `refusal-key-${String((keyCounter += 1)).padStart(6, '0')}`;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    card = await addCard(jordan, HOME_EQUITY);
    account = await addAccount(jordan);
  });
  afterAll(async () => {
    await test?.close();
  });
  // Each test starts from a loan with nothing pending, even after a test that failed midway (the
  // quota of one scheduled payment and the one-recurring rule would refuse the next test's).
  afterEach(async () => {
    const cancelledAt = test.clock.now();
    await test.database.db
      .updateTable('payments')
      .set({ status: 'cancelled', cancelled_at: cancelledAt })
      .where('status', '=', 'scheduled')
      .execute();
    await test.database.db
      .updateTable('recurring_payments')
      .set({ status: 'cancelled', cancelled_at: cancelledAt })
      .where('status', '=', 'active')
      .execute();
  });

  const withSettings = <T>(change: InstitutionConfiguration, run: () => Promise<T>) =>
    withPublishedSettings(test.app, 'localhost', change, run);

  /** Every row that money moving or a payment being made would add. */
  async function ledger() {
    const db = test.database.db;
    const count = async (
      table:
        | 'payments'
        | 'recurring_payments'
        | 'card_processor_charges'
        | 'ach_debits'
        | 'core_transactions',
    ) =>
      Number(
        (
          await db
            .withTables<CoreTables>()
            .selectFrom(table)
            .select(db.fn.countAll<string>().as('n'))
            .execute()
        )[0]?.n ?? Number.NaN,
      );
    return {
      payments: await count('payments'),
      recurring: await count('recurring_payments'),
      charges: await count('card_processor_charges'),
      debits: await count('ach_debits'),
      coreLines: await count('core_transactions'),
    };
  }

  /** Runs `refused`, then checks that it wrote nothing. */
  async function writesNothing(refused: () => Promise<void>) {
    const before = await ledger();
    await refused();
    expect(await ledger()).toEqual(before);
  }

  /**
   * The wording the portal shows for an answer: the settings text of its key (section 8's
   * display rules, `paymentErrorDisplay`), as the institution has it published now.
   */
  async function shownWording(
    catalogue: PaymentErrorCatalogue,
    answer: { HasNoErrors: boolean; Errors: { ErrorMessage: string }[] },
  ): Promise<string> {
    const display = paymentErrorDisplay(catalogue, answer);
    if (display.kind !== 'catalogued') throw new Error(`not a catalogued key: ${display.kind}`);
    const settings = await test.app.services.institutions.settings(institutionId);
    const text: unknown = settings.get(display.textKey);
    if (typeof text !== 'string') throw new Error(`${display.textKey} is not a text`);
    return text;
  }

  /** Sets core_accounts columns of a loan (the built-in core's host data) for this test only. */
  async function setLoan(
    number: string,
    change: { host_hold?: LoanHold | null; restriction_code?: string; recurring_allowed?: boolean },
    restore: typeof change,
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

  async function scheduledHandle(loan: string): Promise<string> {
    const info = await paymentInfo(jordan, loan);
    if (!info.body.HasNoErrors) throw new Error(`no info: ${JSON.stringify(info.body)}`);
    const [listed] = info.body.ScheduledPayments;
    if (!listed) throw new Error('no scheduled payment listed');
    return listed.EncryptedString;
  }

  async function recurringHandle(loan: string): Promise<string> {
    const info = await paymentInfo(jordan, loan);
    if (!info.body.HasNoErrors || !info.body.RecurringPayment) {
      throw new Error(`no recurring payment listed: ${JSON.stringify(info.body)}`);
    }
    return info.body.RecurringPayment.EncryptedData;
  }

  const deletePayment = (
    path:
      | '/api/PaymentScheduled/DeleteAch'
      | '/api/PaymentScheduled/DeleteCard'
      | '/api/PaymentRecurring/DeleteAch'
      | '/api/PaymentRecurring/DeleteCard',
    handle: string,
    who: Caller = jordan,
  ) =>
    call(who, 'POST', path, {
      Token: '',
      Payment: { EncryptedString: handle, LoanAccountNumber: HOME_EQUITY },
    });

  async function paymentStatuses(loan: string) {
    const payments = await test.database.db
      .selectFrom('payments')
      .select(['status'])
      .where('loan_number', '=', loan)
      .where('status', '=', 'scheduled')
      .execute();
    const recurring = await test.database.db
      .selectFrom('recurring_payments')
      .select(['status'])
      .where('loan_number', '=', loan)
      .where('status', '=', 'active')
      .execute();
    return { scheduled: payments.length, activeRecurring: recurring.length };
  }

  const scheduleCard = async (date = MONDAY) => {
    const made = await submit(
      jordan,
      'scheduledCard',
      paymentBody({ loan: HOME_EQUITY, method: card, date, amount: 40 }),
      nextKey(),
    );
    expect(made.body.Errors).toEqual([]);
  };
  const recurringCard = async () => {
    const made = await submit(
      jordan,
      'recurringCard',
      paymentBody({
        loan: HOME_EQUITY,
        method: card,
        date: TUESDAY,
        amount: 40,
        recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
      }),
      nextKey(),
    );
    expect(made.body.Errors).toEqual([]);
  };

  describe('deleting a scheduled or recurring payment', () => {
    it('answers Deleting for the other method type or a payment no longer scheduled, and leaves it as it was', async () => {
      await scheduleCard();
      const scheduled = await scheduledHandle(HOME_EQUITY);
      await writesNothing(async () => {
        const wrongType = await deletePayment('/api/PaymentScheduled/DeleteAch', scheduled);
        expect(wrongType.statusCode).toBe(200);
        expect(wrongType.json()).toEqual(deleteRefusal('Deleting'));
        expect(await paymentStatuses(HOME_EQUITY)).toEqual({ scheduled: 1, activeRecurring: 0 });
      });
      expect(await shownWording('scheduledDeletion', deleteRefusal('Deleting'))).toBe(
        'An error occurred attempting to delete that payment.',
      );
      expect((await deletePayment('/api/PaymentScheduled/DeleteCard', scheduled)).json()).toEqual(
        DELETED,
      );
      // Cancelled now: deleting it again is refused, and it stays cancelled.
      await writesNothing(async () => {
        const again = await deletePayment('/api/PaymentScheduled/DeleteCard', scheduled);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(deleteRefusal('Deleting'));
      });
      // A recurring card payment named as an ACH one.
      await recurringCard();
      const recurring = await recurringHandle(HOME_EQUITY);
      await writesNothing(async () => {
        const wrongType = await deletePayment('/api/PaymentRecurring/DeleteAch', recurring);
        expect(wrongType.statusCode).toBe(200);
        expect(wrongType.json()).toEqual(deleteRefusal('Deleting'));
        expect(await paymentStatuses(HOME_EQUITY)).toEqual({ scheduled: 0, activeRecurring: 1 });
      });
      expect((await deletePayment('/api/PaymentRecurring/DeleteCard', recurring)).json()).toEqual(
        DELETED,
      );
    });

    it('answers ModifyScheduledAchNotAllowed while scheduled payments may not be deleted, and keeps the payment', async () => {
      const made = await submit(
        jordan,
        'scheduledAch',
        paymentBody({ loan: HOME_EQUITY, method: account, date: MONDAY, amount: 40 }),
        nextKey(),
      );
      expect(made.body.Errors).toEqual([]);
      const handle = await scheduledHandle(HOME_EQUITY);
      await withSettings(
        { shared: { paymentOptions: { allowDeleteScheduledPaymentOption: 'false' } } },
        async () => {
          await writesNothing(async () => {
            const refused = await deletePayment('/api/PaymentScheduled/DeleteAch', handle);
            expect(refused.statusCode).toBe(200);
            expect(refused.json()).toEqual(deleteRefusal('ModifyScheduledAchNotAllowed'));
            expect(await paymentStatuses(HOME_EQUITY)).toEqual({
              scheduled: 1,
              activeRecurring: 0,
            });
          });
        },
      );
      expect(
        await shownWording('scheduledDeletion', deleteRefusal('ModifyScheduledAchNotAllowed')),
      ).toBe(SUBMIT_ERRORS.ModifyScheduledAchNotAllowed);
      expect(SUBMIT_ERRORS.ModifyScheduledAchNotAllowed).toBe(
        'Scheduled ACH payments cannot be modified online. Please contact your financial institution.',
      );
      expect((await deletePayment('/api/PaymentScheduled/DeleteAch', handle)).json()).toEqual(
        DELETED,
      );
    });

    it('answers DeleteRecurringCardNotAllowed while recurring payments may not be deleted, and keeps it active', async () => {
      await recurringCard();
      const handle = await recurringHandle(HOME_EQUITY);
      await withSettings(
        { shared: { paymentOptions: { allowDeleteRecurringPaymentOption: 'false' } } },
        async () => {
          await writesNothing(async () => {
            const refused = await deletePayment('/api/PaymentRecurring/DeleteCard', handle);
            expect(refused.statusCode).toBe(200);
            expect(refused.json()).toEqual(deleteRefusal('DeleteRecurringCardNotAllowed'));
            expect(await paymentStatuses(HOME_EQUITY)).toEqual({
              scheduled: 0,
              activeRecurring: 1,
            });
          });
        },
      );
      expect(
        await shownWording('recurringDeletion', deleteRefusal('DeleteRecurringCardNotAllowed')),
      ).toBe(
        'Deleting a recurring card payment is not allowed online. Please contact your financial institution.',
      );
      expect((await deletePayment('/api/PaymentRecurring/DeleteCard', handle)).json()).toEqual(
        DELETED,
      );
    });
  });

  describe('scheduled payments together over the payoff', () => {
    it('answers PaymentAmountMaximum to a scheduled payment the ones already waiting leave no room for, and takes one they do', async () => {
      await withSettings(
        {
          shared: {
            paymentSchedulingOptions: {
              maxScheduledPaymentsAllowed: '3',
              allowSchedulingWhenDelinquentOption: 'true',
            },
          },
        },
        async () => {
          const info = await paymentInfo(jordan, HOME_EQUITY);
          if (!info.body.HasNoErrors) throw new Error('no payment info');
          // Dollars on the wire; the payoff today (the core's own, before anything is paid).
          const payoffCents = Math.round(info.body.PayOffAmount * 100);
          const half = Math.floor(payoffCents * 0.6) / 100;
          const first = await submit(
            jordan,
            'scheduledAch',
            paymentBody({ loan: HOME_EQUITY, method: account, amount: half, date: MONDAY }),
            nextKey(),
          );
          expect(first.body.Errors).toEqual([]);
          // Together with the first, 120% of the payoff: refused, nothing written.
          const before = await ledger();
          const second = await submit(
            jordan,
            'scheduledAch',
            paymentBody({ loan: HOME_EQUITY, method: account, amount: half, date: TUESDAY }),
            nextKey(),
          );
          expect(second.body).toEqual(refusal('PaymentAmountMaximum'));
          expect(await ledger()).toEqual(before);
          // What the first leaves is taken.
          const rest = await submit(
            jordan,
            'scheduledAch',
            paymentBody({ loan: HOME_EQUITY, method: account, amount: 10, date: TUESDAY }),
            nextKey(),
          );
          expect(rest.body.Errors).toEqual([]);
        },
      );
    });
  });

  describe('the routing directory out of reach', () => {
    it('answers RoutingLookup to a typed bank account while the directory cannot be read, and debits nothing', async () => {
      // The built-in directory reads the loaded FedACH table first (stored-routing-directory):
      // with the table gone from the database, every lookup fails as an unreachable service's
      // would. Nothing of our code is replaced.
      const schema = test.database.db.schema;
      let away = false;
      const setAway = async (value: boolean) => {
        if (away === value) return;
        const [from, to] = value
          ? ['ach_routing_directory', 'ach_routing_directory_away']
          : ['ach_routing_directory_away', 'ach_routing_directory'];
        await schema.alterTable(from).renameTo(to).execute();
        away = value;
      };
      onTestFinished(() => setAway(false));
      const validate = async () =>
        (
          await call(
            jordan,
            'POST',
            '/api/PaymentMethod/ValidateAchPaymentMethod',
            TYPED_ACCOUNT.AchInfo,
          )
        ).json() as unknown;
      await withSettings(
        { shared: { achPaymentOptions: { achRoutingPreCheckOption: 'true' } } },
        async () => {
          await setAway(true);
          await writesNothing(async () => {
            const paid = await submit(
              jordan,
              'immediateAch',
              paymentBody({ loan: HOME_EQUITY, method: TYPED_ACCOUNT, amount: 30 }),
              nextKey(),
            );
            expect(paid).toEqual({ status: 200, body: refusal('RoutingLookup') });
            // The method step's own check of the same account says the same.
            expect(await validate()).toMatchObject({
              HasNoErrors: false,
              Errors: [{ ErrorMessage: 'RoutingLookup' }],
            });
          });
          expect(await shownWording('submit', refusal('RoutingLookup'))).toBe(
            'An error has occured while verifying the routing number',
          );
          // With the directory back, the same account passes the same check.
          await setAway(false);
          expect(await validate()).toMatchObject({ HasNoErrors: true });
        },
      );
    });
  });

  describe('scheduled and recurring ACH payments the settings do not allow', () => {
    it('answers ScheduledAchNotAllowed to a scheduled ACH payment on a delinquent loan (allowSchedulingWhenDelinquentOption off)', async () => {
      // The auto loan is two installments behind: delinquent. Past-due blocking is off here,
      // so the delinquent rule alone decides.
      await withSettings(
        {
          shared: {
            paymentSchedulingOptions: {
              allowSchedulingWhenDelinquentOption: 'false',
              blockSchedulingWhenPastDueOption: 'false',
            },
          },
        },
        async () => {
          expect((await paymentInfo(jordan, AUTO_LOAN)).body).toMatchObject({ Delinquent: true });
          await writesNothing(async () => {
            const later = await submit(
              jordan,
              'scheduledAch',
              paymentBody({ loan: AUTO_LOAN, method: account, date: MONDAY, amount: 500 }),
              nextKey(),
            );
            expect(later).toEqual({ status: 200, body: refusal('ScheduledAchNotAllowed') });
          });
          expect(await shownWording('submit', refusal('ScheduledAchNotAllowed'))).toBe(
            'Scheduled ACH payments are not allowed for this account.',
          );
        },
      );
    });

    it('answers RecurringAchNotAllowed to a frequency the settings do not offer, and on a loan the host keeps from recurring', async () => {
      const weekly = () =>
        submit(
          jordan,
          'recurringAch',
          paymentBody({
            loan: HOME_EQUITY,
            method: account,
            date: TUESDAY,
            amount: 40,
            recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
          }),
          nextKey(),
        );
      await withSettings(
        { shared: { recurringPaymentOptions: { allowWeeklyOption: 'false' } } },
        () =>
          writesNothing(async () => {
            expect(await weekly()).toEqual({
              status: 200,
              body: refusal('RecurringAchNotAllowed'),
            });
          }),
      );
      // RecurringAllowed false at the core (the host's recurringAllowedByHost).
      await setLoan(HOME_EQUITY, { recurring_allowed: false }, { recurring_allowed: true });
      await writesNothing(async () => {
        expect(await weekly()).toEqual({ status: 200, body: refusal('RecurringAchNotAllowed') });
      });
      expect(await shownWording('submit', refusal('RecurringAchNotAllowed'))).toBe(
        'Recurring ACH payments are not allowed for this account.',
      );
    });
  });

  describe("the core's hold codes on a submit (blockPaymentsOnHoldCodesOption)", () => {
    const HONOUR_HOLDS = { shared: { paymentOptions: { blockPaymentsOnHoldCodesOption: 'true' } } };
    const payNow = (path: 'immediateCard' | 'immediateAch') =>
      submit(
        jordan,
        path,
        paymentBody({
          loan: HOME_EQUITY,
          method: path === 'immediateCard' ? card : account,
          amount: 25,
        }),
        nextKey(),
      );

    it('answers NoAchPayment to an ACH payment on a loan held NoAchPayment', async () => {
      await setLoan(HOME_EQUITY, { host_hold: 'NoAchPayment' }, { host_hold: null });
      await withSettings(HONOUR_HOLDS, () =>
        writesNothing(async () => {
          expect(await payNow('immediateAch')).toEqual({
            status: 200,
            body: refusal('NoAchPayment'),
          });
        }),
      );
      expect(await shownWording('submit', refusal('NoAchPayment'))).toBe(
        'ACH payments are not allowed for this account. Please contact your financial institution.',
      );
    });

    it('answers NoPaymentOnline to a card or ACH payment on a loan held NoPaymentOnline', async () => {
      await setLoan(HOME_EQUITY, { host_hold: 'NoPaymentOnline' }, { host_hold: null });
      await withSettings(HONOUR_HOLDS, () =>
        writesNothing(async () => {
          expect(await payNow('immediateCard')).toEqual({
            status: 200,
            body: refusal('NoPaymentOnline'),
          });
          expect(await payNow('immediateAch')).toEqual({
            status: 200,
            body: refusal('NoPaymentOnline'),
          });
        }),
      );
      expect(await shownWording('submit', refusal('NoPaymentOnline'))).toBe(
        'Online payments are not allowed for this account. Please contact your financial institution.',
      );
    });

    it('answers SecurityNotAllowed to a card or ACH payment on a disputed loan', async () => {
      await setLoan(HOME_EQUITY, { host_hold: 'Dispute' }, { host_hold: null });
      await withSettings(HONOUR_HOLDS, () =>
        writesNothing(async () => {
          expect(await payNow('immediateCard')).toEqual({
            status: 200,
            body: refusal('SecurityNotAllowed'),
          });
          expect(await payNow('immediateAch')).toEqual({
            status: 200,
            body: refusal('SecurityNotAllowed'),
          });
        }),
      );
      const wording = await shownWording('submit', refusal('SecurityNotAllowed'));
      // Section 8 abridges it: 'Payment has been blocked for this account...'.
      expect(wording).toMatch(/^Payment has been blocked for this account/);
      expect(wording).toBe(SUBMIT_ERRORS.SecurityNotAllowed);
    });
  });

  describe('card payments made on the third-party card page', () => {
    it('answers NoPaymentOnline to a card payment while useThirdPartyCardPaymentsOption is on', async () => {
      await withSettings(
        {
          shared: {
            thirdPartyPaymentOptions: {
              useThirdPartyCardPaymentsOption: 'true',
              thirdPartyCardPaymentURL: 'https://cards.harbor-partner.example/pay',
            },
          },
        },
        () =>
          writesNothing(async () => {
            const now = await submit(
              jordan,
              'immediateCard',
              paymentBody({ loan: HOME_EQUITY, method: card, amount: 25 }),
              nextKey(),
            );
            expect(now).toEqual({ status: 200, body: refusal('NoPaymentOnline') });
            const later = await submit(
              jordan,
              'scheduledCard',
              paymentBody({ loan: HOME_EQUITY, method: card, date: MONDAY, amount: 25 }),
              nextKey(),
            );
            expect(later).toEqual({ status: 200, body: refusal('NoPaymentOnline') });
          }),
      );
    });
  });

  describe('the scheduling blocks of section 5', () => {
    it('answers the not-allowed variants to scheduled and recurring payments on a loan restricted to immediate payments (InterestTooHighForDelayedPayment)', async () => {
      await setLoan(
        HOME_EQUITY,
        { restriction_code: 'InterestTooHighForDelayedPayment' },
        { restriction_code: '' },
      );
      expect((await paymentInfo(jordan, HOME_EQUITY)).body).toMatchObject({
        RestrictionCode: 'InterestTooHighForDelayedPayment',
      });
      await writesNothing(async () => {
        const scheduled = await submit(
          jordan,
          'scheduledAch',
          paymentBody({ loan: HOME_EQUITY, method: account, date: MONDAY, amount: 40 }),
          nextKey(),
        );
        expect(scheduled).toEqual({ status: 200, body: refusal('ScheduledAchNotAllowed') });
        const recurring = await submit(
          jordan,
          'recurringCard',
          paymentBody({
            loan: HOME_EQUITY,
            method: card,
            date: TUESDAY,
            amount: 40,
            recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
          }),
          nextKey(),
        );
        expect(recurring).toEqual({ status: 200, body: refusal('RecurringCardNotAllowed') });
      });
      expect(await shownWording('submit', refusal('RecurringCardNotAllowed'))).toBe(
        'Recurring card payments are not allowed for this account.',
      );
    });

    // Last: it moves the clock.
    it('answers ScheduledCardNotAllowed on a loan past due but not delinquent while blockSchedulingWhenPastDueOption is on', async () => {
      // The home equity loan is due 2025-03-19; on the 20th it is one day past due.
      const start = test.clock.now();
      test.clock.set('2025-03-20T15:00:00.000Z');
      onTestFinished(() => test.clock.set(start));
      const lateJordan: Caller = {
        app: test.app,
        who: await signIn(test.app, { username: 'jordan.rivers' }),
      };
      const info = await paymentInfo(lateJordan, HOME_EQUITY);
      expect(info.body).toMatchObject({ HasNoErrors: true, Delinquent: false });
      if (!info.body.HasNoErrors) throw new Error('no info');
      expect(info.body.DueDate < '2025-03-20').toBe(true);
      const later = () =>
        submit(
          lateJordan,
          'scheduledCard',
          paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-21', amount: 40 }),
          nextKey(),
        );
      await withSettings(
        { shared: { paymentSchedulingOptions: { blockSchedulingWhenPastDueOption: 'true' } } },
        () =>
          writesNothing(async () => {
            expect(await later()).toEqual({
              status: 200,
              body: refusal('ScheduledCardNotAllowed'),
            });
            const recurring = await submit(
              lateJordan,
              'recurringCard',
              paymentBody({
                loan: HOME_EQUITY,
                method: card,
                date: '2025-03-25',
                amount: 40,
                recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
              }),
              nextKey(),
            );
            expect(recurring).toEqual({ status: 200, body: refusal('RecurringCardNotAllowed') });
          }),
      );
      expect(await shownWording('submit', refusal('ScheduledCardNotAllowed'))).toBe(
        'Scheduled card payments are not allowed for this account.',
      );
      // The setting is what refused it: off, the same payment is scheduled.
      await withSettings(
        { shared: { paymentSchedulingOptions: { blockSchedulingWhenPastDueOption: 'false' } } },
        async () => {
          const before = await ledger();
          const accepted = await later();
          expect(accepted.body.Errors).toEqual([]);
          // The ledger the refusals are checked with sees a payment that is made.
          expect(await ledger()).toEqual({
            ...before,
            payments: before.payments + 1,
          });
        },
      );
      const info2 = await paymentInfo(lateJordan, HOME_EQUITY);
      if (!info2.body.HasNoErrors) throw new Error('no info');
      const [listed] = info2.body.ScheduledPayments;
      if (!listed) throw new Error('not listed');
      expect(
        (
          await deletePayment(
            '/api/PaymentScheduled/DeleteCard',
            listed.EncryptedString,
            lateJordan,
          )
        ).json(),
      ).toEqual(DELETED);
    });
  });
  describe('a card that expires before the date the server charges it', () => {
    it('refuses a recurring card payment on the due date with Expired, whatever PaymentDate the request carried', async () => {
      // casey.morgan's loan is due April 14 (the seed day is March 14). A card good through
      // March is good on the request's PaymentDate (today) but expired on the first charge: the
      // server's own first date decides (the spec review's finding 3).
      const casey: Caller = {
        app: test.app,
        who: await signIn(test.app, { username: 'casey.morgan' }),
      };
      const loan = '001-900001-1';
      const info = await paymentInfo(casey, loan);
      if (!info.body.HasNoErrors) throw new Error('no payment info');
      expect(info.body.DueDate.slice(0, 10)).toBe('2025-04-14');
      const added = await call(casey, 'POST', '/api/PaymentMethod/AddCardPaymentMethod', {
        BillingAddress: { ZipCode: '04101', Address1: '', Address2: '', City: '', State: '' },
        CardHolderFirstName: 'Casey',
        CardHolderLastName: 'Morgan',
        CardNumber: '4242424242424242',
        ExpirationDate: '03/25',
        SecurityCode: '739',
        CardType: 'visa',
        DebitCreditType: 'CreditCard',
        LoanAccountNumber: loan,
        SavePaymentProfile: true,
      });
      const marchCard = (added.json() as { PaymentMethod?: SavedPaymentMethod }).PaymentMethod;
      if (!marchCard) throw new Error(`no card: ${added.body}`);
      const body = paymentBody({
        loan,
        method: marchCard,
        amount: info.body.PaymentDetails.PaymentAmount,
        date: '2025-03-14',
        // On the due date: DaysBeforeDue with 0 days (section 4's mapping of OnDueDate).
        recurring: { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: 0 },
      });
      await writesNothing(async () => {
        const answer = await submit(casey, 'recurringCard', body, nextKey());
        expect(answer.body).toEqual(refusal('Expired'));
      });
    });

    it('answers a submit its schema refuses with 400 InvalidRequest and the field, not a server error', async () => {
      const body = paymentBody({
        loan: HOME_EQUITY,
        method: card,
        date: MONDAY,
        recurring: { RecurringOption: 'OnDueDate', DaysBeforeDue: 0 },
      });
      await writesNothing(async () => {
        const answer = await call(jordan, 'POST', '/api/PaymentRecurring/SubmitCard', body, {
          'idempotency-key': nextKey(),
        });
        expect(answer.statusCode).toBe(400);
        const envelope = answer.json() as {
          HasNoErrors: boolean;
          Errors: { ErrorMessage: string }[];
        };
        expect(envelope.HasNoErrors).toBe(false);
        expect(envelope.Errors[0]).toEqual({ ErrorMessage: 'InvalidRequest' });
        expect(envelope.Errors[1]?.ErrorMessage).toMatch(/RecurringOption/);
      });
    });
  });
});
