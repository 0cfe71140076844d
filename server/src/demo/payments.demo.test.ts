import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  type Caller,
  charges,
  coreLines,
  paymentBody,
  paymentInfo,
  submit,
} from '../testing/payment-test-kit';
import { testDatabases } from '../testing/databases';
import { signIn, startTestApp, type TestApp } from '../testing/test-app';

/*
 * devon.hayes's payments already made (payments.demo.ts) behave as a borrower's own: the
 * payment screen lists them, the rules count them, the borrower deletes them and the posting job
 * pays them. The test app's demo data is seeded on Friday 2025-03-14 (11:00 in New York).
 */
const AUTO_LOAN = '001-100730-2';
const PERSONAL_LOAN = '001-100731-3';

describe.each(testDatabases())('the payments demo on $name', (testDatabase) => {
  let test: TestApp;
  let devon: Caller;

  async function startAs() {
    test = await startTestApp(testDatabase);
    devon = { app: test.app, who: await signIn(test.app, { username: 'devon.hayes' }) };
  }

  async function payments() {
    const auto = (await paymentInfo(devon, AUTO_LOAN)).body;
    const personal = (await paymentInfo(devon, PERSONAL_LOAN)).body;
    if (!auto.HasNoErrors || !personal.HasNoErrors) {
      throw new Error(`no payment info: ${JSON.stringify({ auto, personal })}`);
    }
    return { auto, personal };
  }

  describe('on the payment screen', () => {
    beforeAll(startAs);
    afterAll(async () => {
      await test?.close();
    });

    it('lists the recurring payment and the scheduled payment, each deletable', async () => {
      const { auto, personal } = await payments();
      // The auto loan is due Wednesday the 26th: five days before is Friday the 21st.
      expect(auto.RecurringPayment).toMatchObject({
        IsCard: true,
        Date: '2025-03-21',
        RecurringOption: 'DaysBeforeDue',
        NumberOfDays: 5,
        PaymentAccountNum: '5556',
        CanDelete: true,
      });
      expect(auto.ScheduledPayments).toEqual([]);
      // Three business days after Friday: Monday, Tuesday, Wednesday.
      expect(personal.ScheduledPayments).toEqual([
        expect.objectContaining({
          IsCard: true,
          AccountNumber: '5556',
          PaymentDate: '2025-03-19',
          CanDelete: true,
          HasBeenPosted: false,
        }),
      ]);
      expect(personal.RecurringPayment).toBeNull();
      expect(personal.PaymentMethods).toEqual([
        expect.objectContaining({
          IsCard: true,
          CardInfo: expect.objectContaining({ CardNumber: '5556', DebitCreditType: 'DebitCard' }),
        }),
      ]);
    });

    it('refuses a second recurring payment for the loan, and a recurring one while a payment is scheduled', async () => {
      const { auto } = await payments();
      const [card] = auto.PaymentMethods;
      if (!card) throw new Error('no saved card');
      const recurring = { RecurringOption: 'Weekly', DaysBeforeDue: 0 };
      const again = await submit(
        devon,
        'recurringCard',
        paymentBody({ loan: AUTO_LOAN, method: card, date: '2025-03-20', amount: 50, recurring }),
        'demo-test-second-recurring',
      );
      expect(again.body.Errors[0]?.ErrorMessage).toBe('RecurringCardNotAllowed');
      const withScheduled = await submit(
        devon,
        'recurringCard',
        paymentBody({
          loan: PERSONAL_LOAN,
          method: card,
          date: '2025-03-20',
          amount: 50,
          recurring,
        }),
        'demo-test-recurring-beside-scheduled',
      );
      expect(withScheduled.body.Errors[0]?.ErrorMessage).toBe('Scheduled');
    });

    it('deletes the scheduled payment and the recurring payment', async () => {
      const { auto, personal } = await payments();
      const [scheduled] = personal.ScheduledPayments;
      if (!scheduled || !auto.RecurringPayment) throw new Error('nothing to delete');
      const deletedScheduled = await call(devon, 'POST', '/api/PaymentScheduled/DeleteCard', {
        Token: '',
        Payment: { EncryptedString: scheduled.EncryptedString, LoanAccountNumber: PERSONAL_LOAN },
      });
      expect(deletedScheduled.json()).toEqual({ HasNoErrors: true, Errors: [], Token: '' });
      const deletedRecurring = await call(devon, 'POST', '/api/PaymentRecurring/DeleteCard', {
        Token: '',
        Payment: {
          EncryptedString: auto.RecurringPayment.EncryptedData,
          LoanAccountNumber: AUTO_LOAN,
        },
      });
      expect(deletedRecurring.json()).toEqual({ HasNoErrors: true, Errors: [], Token: '' });
      const after = await payments();
      expect(after.personal.ScheduledPayments).toEqual([]);
      expect(after.auto.RecurringPayment).toBeNull();
    });
  });

  describe('on their dates', () => {
    beforeAll(startAs);
    afterAll(async () => {
      await test?.close();
    });

    /** 10:00 in New York on a day: the core closes the days before it, then the posting job runs. */
    async function dayAt(date: string) {
      test.clock.set(`${date}T14:00:00.000Z`);
      await test.app.services.endOfDay.runOnce();
      await test.app.services.paymentPosting.runOnce();
    }
    async function devonsPayments() {
      return test.database.db
        .selectFrom('payments')
        .innerJoin('users', 'users.id', 'payments.user_id')
        .selectAll('payments')
        .where('users.username', '=', 'devon.hayes')
        .orderBy('pay_date')
        .execute();
    }

    it('posts the scheduled payment on its date and draws the recurring payment on its date, once each', async () => {
      await dayAt('2025-03-18');
      expect((await devonsPayments()).map((row) => [row.kind, row.status])).toEqual([
        ['scheduled', 'scheduled'],
      ]);
      for (const day of ['2025-03-19', '2025-03-20', '2025-03-21', '2025-03-24']) {
        await dayAt(day);
      }
      const rows = await devonsPayments();
      expect(rows.map((row) => [row.kind, row.pay_date, row.loan_number, row.status])).toEqual([
        ['scheduled', '2025-03-19', PERSONAL_LOAN, 'posted'],
        ['recurring', '2025-03-21', AUTO_LOAN, 'posted'],
      ]);
      for (const row of rows) {
        expect(await charges(test.database.db, row.id)).toBe(1);
        expect(await coreLines(test.database.db, row.id)).toBe(1);
      }
      // The recurring payment moves on to the next due date.
      devon.who = await signIn(test.app, { username: 'devon.hayes' });
      const { auto } = await payments();
      expect(auto.RecurringPayment?.Date).toBe('2025-04-21');
    });
  });
});
