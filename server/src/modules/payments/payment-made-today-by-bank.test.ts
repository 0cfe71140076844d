import type { InstitutionConfiguration } from '@portal/settings-schema';
import {
  calendarDateIn,
  formatLongDateTime,
  PaymentInfoResponse,
  type SavedPaymentMethod,
  SUBMIT_ERRORS,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { withPublishedSettings } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import {
  addAccount,
  addCard,
  AUTO_LOAN,
  type Caller,
  charges,
  coreLines,
  debits,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  sealAndPost,
  submit,
  TODAY,
} from '../../testing/payment-test-kit';
import { paymentIdOf } from './payment-handles';

/*
 * A payment made today from a bank account (ACH): its debit is taken at once, sent in the day's
 * ACH file at the cut-off, and only then posted to the core (payment-settlement.ts).
 *
 * - What the core would refuse when it posts, and can be known when the borrower submits (more
 *   than the payoff less the loan's payments still in flight, whatever maxPayoffPercent allows),
 *   is refused on the form in the specs' words, before any money moves (payment-submit.ts
 *   `payoffRefusal`).
 * - What can only happen later (the loan paid off elsewhere meanwhile) is told truthfully: the
 *   money was taken and the institution gives it back or applies it by hand.
 * - The receipt is e-mailed when the debit is accepted, saying it is processing, and not again
 *   when it posts; every place says it was received when it was submitted.
 */

const TIME_ZONE = 'America/New_York';
const JORDAN = 'jordan.rivers@example.test';

describe.each(testDatabases())('a payment made today by bank account on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let userId: string;
  let card: SavedPaymentMethod;
  let account: SavedPaymentMethod;
  let keyCounter = 0;
  const nextKey = () => `bank-today-key-${String((keyCounter += 1)).padStart(6, '0')}`;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    userId = (
      await test.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'jordan.rivers')
        .where('institution_id', '=', institutionId)
        .executeTakeFirstOrThrow()
    ).id;
    card = await addCard(jordan, HOME_EQUITY);
    account = await addAccount(jordan);
  });
  afterAll(async () => {
    await test?.close();
  });

  const withSettings = <T>(change: InstitutionConfiguration, run: () => Promise<T>) =>
    withPublishedSettings(test.app, 'localhost', change, run);
  const idOf = (key: string) => paymentIdOf(TEST_DATA_PROTECTOR, { institutionId, userId, key });
  const row = (id: string) =>
    test.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** The e-mails Jordan received about one payment (its confirmation number), oldest first. */
  async function mailsAbout(reference: string) {
    await test.app.services.outbox.runOnce();
    const mails = await test.app.services.mail.delivered({
      institutionId,
      to: JORDAN,
      limit: 1000,
    });
    return mails
      .filter((mail) => mail.subject.includes(reference) || mail.body.includes(reference))
      .reverse();
  }
  async function payoffCentsOf(loan: string): Promise<number> {
    const info = await paymentInfo(jordan, loan);
    // Parsed, the wire's dollars are the apps' integer cents (domain api/money.ts).
    const parsed = PaymentInfoResponse.parse(info.body);
    if (!parsed.HasNoErrors)
      throw new Error(`no payment info for ${loan}: ${JSON.stringify(parsed.Errors)}`);
    return parsed.PayOffAmount;
  }

  describe('the core refusals known when it is submitted', () => {
    it('refuses an amount above the payoff on the form, before any debit, whatever maxPayoffPercent allows', async () => {
      const payoff = await payoffCentsOf(HOME_EQUITY);
      await withSettings(
        { shared: { paymentAmountOptions: { maxPayoffPercent: '1.5' } } },
        async () => {
          const key = nextKey();
          const answer = await submit(
            jordan,
            'immediateAch',
            paymentBody({ loan: HOME_EQUITY, method: account, amount: (payoff + 500) / 100 }),
            key,
          );
          expect(answer.body).toEqual({
            HasNoErrors: false,
            Errors: [{ ErrorMessage: 'PaymentAmountMaximum' }],
            ReferenceNumber: '',
          });
          expect(SUBMIT_ERRORS.PaymentAmountMaximum).toBe(
            'Payment amount cannot be greater than max.',
          );
          expect(await debits(test.database.db, idOf(key))).toBe(0);
          expect(
            await test.database.db
              .selectFrom('payments')
              .select('id')
              .where('id', '=', idOf(key))
              .execute(),
          ).toEqual([]);
        },
      );
    });

    it('counts the loan’s payments still in flight: a second payment beyond what they leave of the payoff is refused, not debited and then refused by the core', async () => {
      const payoff = await payoffCentsOf(AUTO_LOAN);
      // Most of the payoff by bank account: accepted, its debit waiting for the day's file.
      const first = nextKey();
      const waiting = await submit(
        jordan,
        'immediateAch',
        paymentBody({ loan: AUTO_LOAN, method: account, amount: (payoff - 1_000) / 100 }),
        first,
      );
      expect(waiting.body.Errors).toEqual([]);
      expect((await row(idOf(first))).status).toBe('settling');
      // The core's payoff has not moved (the first payment is not posted yet); the payoff
      // offered is what the first leaves, the most a payment may now be.
      expect(await payoffCentsOf(AUTO_LOAN)).toBe(1_000);

      // $20 more by bank account or by card is more than the $10 the first leaves: refused.
      for (const [path, method] of [
        ['immediateAch', account],
        ['immediateCard', card],
      ] as const) {
        const key = nextKey();
        const over = await submit(
          jordan,
          path,
          paymentBody({ loan: AUTO_LOAN, method, amount: 20 }),
          key,
        );
        expect(over.body.Errors).toEqual([{ ErrorMessage: 'PaymentAmountMaximum' }]);
        expect(await debits(test.database.db, idOf(key))).toBe(0);
        expect(await charges(test.database.db, idOf(key))).toBe(0);
      }
      // What is left is taken, with Pay off ticked (the payoff offered, not the core's: it was
      // refused as Invalid): the loan is paid off exactly.
      const rest = nextKey();
      const last = await submit(
        jordan,
        'immediateCard',
        paymentBody({ loan: AUTO_LOAN, method: card, amount: 10, isPayoff: true }),
        rest,
      );
      expect(last.body.HasNoErrors).toBe(true);
      expect((await row(idOf(rest))).status).toBe('posted');
      // Its receipt says nothing is still owed: the first payment, in flight, pays the rest (it
      // said the whole of the first was owed when the core's payoff alone was read).
      const receipts = await mailsAbout(last.body.ReferenceNumber);
      expect(receipts.map((mail) => mail.subject)).toEqual([
        `Payment received: ${last.body.ReferenceNumber}`,
      ]);
      expect(receipts[0]?.body).not.toContain('still owed');

      // The file sends the first debit and the core takes it: no refusal after the debit.
      await sealAndPost(test.app, institutionId, TODAY);
      expect(await row(idOf(first))).toMatchObject({ status: 'posted', failure: null });
      expect(await coreLines(test.database.db, idOf(first))).toBe(1);
      // Paid off: a payment now is refused on the form as before.
      const after = await submit(
        jordan,
        'immediateAch',
        paymentBody({ loan: AUTO_LOAN, method: account, amount: 5 }),
        nextKey(),
      );
      expect(after.body.Errors).toEqual([{ ErrorMessage: 'PaymentAmountMaximum' }]);
    });
  });

  it('e-mails one receipt when its debit is accepted, saying it is processing, with the instant the screen shows, and none when it posts minutes later', async () => {
    const key = nextKey();
    const answer = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: account, amount: 31.5 }),
      key,
    );
    expect(answer.body.HasNoErrors).toBe(true);
    const submitted = await row(idOf(key));
    // The screen's Payment Received is the row's created_at: the submission.
    expect(answer.body.ReceivedAt).toBe(submitted.created_at.toISOString());
    const receivedLine = `Payment received: ${formatLongDateTime(submitted.created_at, TIME_ZONE)}`;

    const atSubmission = await mailsAbout(answer.body.ReferenceNumber);
    expect(atSubmission.map((mail) => mail.subject)).toEqual([
      `Payment received: ${answer.body.ReferenceNumber}`,
    ]);
    expect(atSubmission[0]?.body).toContain(receivedLine);
    expect(atSubmission[0]?.body).toContain('Your bank payment is processing');

    // The file is sealed and the payment posts two minutes later.
    test.clock.advance(2 * 60_000);
    onTestFinished(() => test.clock.advance(-2 * 60_000));
    await sealAndPost(test.app, institutionId, TODAY);
    const posted = await row(idOf(key));
    expect(posted.status).toBe('posted');
    expect(posted.posted_at?.getTime()).toBe(submitted.created_at.getTime() + 2 * 60_000);
    // No second receipt, and none with the posting's time.
    expect(await mailsAbout(answer.body.ReferenceNumber)).toEqual(atSubmission);
  });

  it('says a card payment made today was received when it was submitted, on the screen and in its receipt, however long the charge took', async () => {
    const processor = test.app.services.cardProcessor;
    const charge = processor.charge.bind(processor);
    processor.charge = async (request) => {
      test.clock.advance(2 * 60_000);
      return charge(request);
    };
    onTestFinished(() => {
      processor.charge = charge;
      test.clock.advance(-2 * 60_000);
    });
    const key = nextKey();
    const answer = await submit(
      jordan,
      'immediateCard',
      paymentBody({ loan: HOME_EQUITY, method: card, amount: 12.25 }),
      key,
    );
    expect(answer.body.HasNoErrors).toBe(true);
    const paid = await row(idOf(key));
    expect(paid.posted_at?.getTime()).toBe(paid.created_at.getTime() + 2 * 60_000);
    expect(answer.body.ReceivedAt).toBe(paid.created_at.toISOString());
    const [receipt, ...more] = await mailsAbout(answer.body.ReferenceNumber);
    expect(more).toEqual([]);
    expect(receipt?.body).toContain(
      `Payment received: ${formatLongDateTime(paid.created_at, TIME_ZONE)}`,
    );
    expect(receipt?.body).not.toContain('processing');
  });

  it('tells a payment the core refused after its debit was sent that the money was taken and will be given back or applied, not to pay another way', async () => {
    // Between the decision and the posting, the loan is paid off at the core by a payment made
    // elsewhere (the real built-in core, under another posting key): ours is then refused.
    const core = test.app.services.core;
    const real = core.postPayment.bind(core);
    core.postPayment = async (customer, number, payment) => {
      const terms = await core.paymentTerms(customer, number, payment.date);
      if (terms && terms.payoffTodayCents > 0) {
        await real(customer, number, {
          postingKey: `elsewhere:${payment.postingKey}`,
          date: payment.date,
          amountCents: terms.payoffTodayCents,
          additionalPrincipalCents: 0,
          method: 'ach',
        });
      }
      return real(customer, number, payment);
    };
    onTestFinished(() => {
      core.postPayment = real;
    });
    const key = nextKey();
    const answer = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: account, amount: 40 }),
      key,
    );
    expect(answer.body.HasNoErrors).toBe(true);
    await sealAndPost(test.app, institutionId, TODAY);
    expect(await row(idOf(key))).toMatchObject({ status: 'failed', failure: 'ContactUs' });
    expect(await debits(test.database.db, idOf(key))).toBe(1);

    const reference = answer.body.ReferenceNumber;
    const mails = await mailsAbout(reference);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Payment received: ${reference}`,
      'Harbor Community Bank: your payment could not be applied to your loan',
    ]);
    const notice = mails[1]?.body ?? '';
    expect(notice).toContain(
      'Your payment of $40.00 dated March 14, 2025 for loan ****2352 was debited from your bank account, but it could not be applied to your loan.',
    );
    expect(notice).toContain(
      'Reason: Your loan is paid off, or the payment is more than the amount left to pay.',
    );
    expect(notice).toContain(`Confirmation number: ${reference}`);
    expect(notice).toContain('will give it back to you (to your bank account or by check)');
    expect(notice).not.toContain('another way');
    // What the notice promises is what staff are asked to do, once.
    const items = (
      await test.app.services.workQueue.list({ institutionId, kind: 'paymentReview' })
    ).filter((item) => item.summary.startsWith(`Payment ${reference}:`));
    expect(items).toHaveLength(1);
  });

  describe('with a payoff read before the loan is locked (an app of its own: it pays a loan nearly off)', () => {
    let fresh: TestApp;
    let borrower: Caller;
    let freshCard: SavedPaymentMethod;
    let freshUser: { id: string; customer_id: string };
    let freshInstitution: number;
    beforeAll(async () => {
      fresh = await startTestApp(testDatabase);
      borrower = { app: fresh.app, who: await signIn(fresh.app, { username: 'jordan.rivers' }) };
      freshInstitution = (await fresh.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
      freshUser = await fresh.database.db
        .selectFrom('users')
        .select(['id', 'customer_id'])
        .where('username', '=', 'jordan.rivers')
        .where('institution_id', '=', freshInstitution)
        .executeTakeFirstOrThrow();
      freshCard = await addCard(borrower, HOME_EQUITY);
    });
    afterAll(async () => {
      await fresh?.close();
    });

    it('counts a payment that posted after the payoff was read and before the lock was taken: the second is refused, not charged', async () => {
      const { core } = fresh.app.services;
      const customer = { institutionId: freshInstitution, customerId: freshUser.customer_id };
      const payoffNow = async () =>
        (
          await core.paymentTerms(
            customer,
            HOME_EQUITY,
            calendarDateIn(TIME_ZONE, fresh.clock.now()),
          )
        )?.payoffTodayCents ?? 0;
      const payoff = await payoffNow();
      expect(payoff).toBeGreaterThan(10_000);
      const freshId = (key: string) =>
        paymentIdOf(TEST_DATA_PROTECTOR, {
          institutionId: freshInstitution,
          userId: freshUser.id,
          key,
        });
      const real = core.paymentTerms.bind(core);
      let raced = false;
      const first = nextKey();
      // The second request's core read answers first; then, before it takes the loan's lock,
      // another payment of all but $10 of the payoff posts by card, from an instance whose
      // clock runs a minute behind (its posted_at is before the second request's decision:
      // only the database's order of marking says it came after).
      core.paymentTerms = async (who, number, today) => {
        const terms = await real(who, number, today);
        if (!raced) {
          raced = true;
          fresh.clock.advance(-60_000);
          onTestFinished(() => fresh.clock.advance(60_000));
          const paid = await submit(
            borrower,
            'immediateCard',
            paymentBody({ loan: HOME_EQUITY, method: freshCard, amount: (payoff - 1_000) / 100 }),
            first,
          );
          expect(paid.body.Errors).toEqual([]);
        }
        return terms;
      };
      onTestFinished(() => {
        core.paymentTerms = real;
      });
      const second = nextKey();
      const over = await submit(
        borrower,
        'immediateCard',
        paymentBody({ loan: HOME_EQUITY, method: freshCard, amount: 20 }),
        second,
      );
      expect(raced).toBe(true);
      const firstRow = await fresh.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', freshId(first))
        .executeTakeFirstOrThrow();
      expect(firstRow.status).toBe('posted');
      expect(over.body.Errors).toEqual([{ ErrorMessage: 'PaymentAmountMaximum' }]);
      expect(await charges(fresh.database.db, freshId(second))).toBe(0);
      // Read afresh, the payoff leaves $10, and $10 is taken.
      expect(await payoffNow()).toBe(1_000);
      const rest = await submit(
        borrower,
        'immediateCard',
        paymentBody({ loan: HOME_EQUITY, method: freshCard, amount: 10 }),
        nextKey(),
      );
      expect(rest.body.Errors).toEqual([]);
    });

    it('posts, once, a payment whose debit the processor sent at once when the post in its request died: its job was queued before that post', async () => {
      const { achProcessor, core } = fresh.app.services;
      const submitDebit = achProcessor.submitDebit.bind(achProcessor);
      const post = core.postPayment.bind(core);
      // A processor that sends each debit as it takes it; the first post dies with its process.
      achProcessor.submitDebit = async (request) => {
        const answer = await submitDebit(request);
        return answer.status === 'refused' ? answer : { ...answer, sent: true };
      };
      let died = false;
      core.postPayment = async (customer, number, posting) => {
        if (!died) {
          died = true;
          throw new Error('the process died before the core posted the payment');
        }
        return post(customer, number, posting);
      };
      onTestFinished(() => {
        achProcessor.submitDebit = submitDebit;
        core.postPayment = post;
      });
      const bank = await addAccount(borrower);
      const key = nextKey();
      const id = paymentIdOf(TEST_DATA_PROTECTOR, {
        institutionId: freshInstitution,
        userId: freshUser.id,
        key,
      });
      await submit(
        borrower,
        'immediateAch',
        paymentBody({ loan: AUTO_LOAN, method: bank, amount: 30 }),
        key,
      ).catch(() => undefined);
      expect(died).toBe(true);
      const statusOf = async () =>
        (
          await fresh.database.db
            .selectFrom('payments')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await statusOf()).toBe('settling');
      // Nothing else posts it: the posting run leaves a debit taken alone, and no file the
      // sealing job reads holds it (the processor sent it on its own).
      await fresh.app.services.paymentPosting.runOnce();
      await fresh.app.services.paymentPosting.queueSentPosts(freshInstitution);
      expect(await statusOf()).toBe('settling');
      fresh.clock.advance(3 * 60_000);
      onTestFinished(() => fresh.clock.advance(-3 * 60_000));
      await fresh.app.services.paymentPosting.runOnce();
      expect(await statusOf()).toBe('posted');
      expect(await coreLines(fresh.database.db, id)).toBe(1);
      expect(await debits(fresh.database.db, id)).toBe(1);
    });
  });
});
