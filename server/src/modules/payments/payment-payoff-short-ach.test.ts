import { formatUsd, PaymentInfoResponse, type SavedPaymentMethod } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  addAccount,
  addCard,
  AUTO_LOAN,
  type Caller,
  coreLines,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  runPostJobs,
  sealAndPost,
  submit,
  TODAY,
} from '../../testing/payment-test-kit';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';

/*
 * A payoff made today from a bank account gets its receipt when its debit is accepted (it then
 * pays the loan off), and it posts only once the day's ACH file sends it. When by then it no
 * longer pays the loan off (a payment returned or refunded since, a fee charged), the borrower
 * is told once, when it posts: it was credited, and what is still owed. Before, they heard
 * nothing and thought the loan closed.
 */

const JORDAN = 'jordan.rivers@example.test';

describe.each(testDatabases())('a bank payoff made today on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let card: SavedPaymentMethod;
  let account: SavedPaymentMethod;
  let keyCounter = 0;
  const nextKey = () => `payoff-ach-key-${String((keyCounter += 1)).padStart(6, '0')}`;
  const paymentOf = (reference: string) =>
    test.database.db
      .selectFrom('payments')
      .selectAll()
      .where('reference_number', '=', reference)
      .executeTakeFirstOrThrow();
  /** What GetPaymentInfo offers as the payoff, in cents. */
  async function payoffCentsOf(loan: string): Promise<number> {
    const parsed = PaymentInfoResponse.parse((await paymentInfo(jordan, loan)).body);
    if (!parsed.HasNoErrors) throw new Error(`no payment info: ${JSON.stringify(parsed.Errors)}`);
    return parsed.PayOffAmount;
  }
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

  it('e-mails once, when it posts, that it was credited and what is still owed, however often its post runs', async () => {
    // A card payment today, posted at once.
    const earlier = await submit(
      jordan,
      'immediateCard',
      paymentBody({ loan: HOME_EQUITY, method: card, amount: 50 }),
      nextKey(),
    );
    expect(earlier.body.Errors).toEqual([]);
    const paidByCard = await paymentOf(earlier.body.ReferenceNumber);
    expect(paidByCard.status).toBe('posted');

    // The payoff by bank account, for the payoff offered: accepted, its debit waiting for the
    // day's file, its receipt (saying it is processing) e-mailed now.
    const payoffCents = await payoffCentsOf(HOME_EQUITY);
    const payoff = await submit(
      jordan,
      'immediateAch',
      paymentBody({
        loan: HOME_EQUITY,
        method: account,
        amount: payoffCents / 100,
        isPayoff: true,
      }),
      nextKey(),
    );
    expect(payoff.body.Errors).toEqual([]);
    const reference = payoff.body.ReferenceNumber;
    const row = await paymentOf(reference);
    expect(row).toMatchObject({ status: 'settling', is_payoff: true, amount_cents: payoffCents });
    expect((await mailsAbout(reference)).map((mail) => mail.subject)).toEqual([
      `Payment received: ${reference}`,
    ]);

    // The core takes the card payment back off the loan (a refund, a chargeback).
    const customer = { institutionId, customerId: paidByCard.customer_id };
    const { core } = test.app.services;
    const reversed = await core.reversePayment(customer, HOME_EQUITY, {
      postingKey: paidByCard.id,
      reversalKey: `test-reversal:${paidByCard.id}`,
      returnedOn: TODAY,
      reason: 'Payment refunded',
      feeCents: 0,
    });
    expect(reversed.status).toBe('reversed');

    // The file sends the debit; its post runs twice at once (a retried job racing the first),
    // then the queued post job runs too: credited once, and one e-mail.
    await test.app.services.achProcessor.sealNextFile(institutionId, TODAY);
    const posting = test.app.services.paymentPosting;
    await Promise.all([posting.settlePayment(row.id), posting.settlePayment(row.id)]);
    await sealAndPost(test.app, institutionId, TODAY);
    await runPostJobs(test.app);
    expect(await paymentOf(reference)).toMatchObject({
      status: 'posted',
      amount_cents: payoffCents,
    });
    expect(await coreLines(test.database.db, row.id)).toBe(1);

    // The loan is not paid off: what the card payment paid is owed again.
    const owed = (await core.payoffQuote(customer, HOME_EQUITY, TODAY))?.totalCents ?? 0;
    expect(owed).toBe(5_000);
    const mails = await mailsAbout(reference);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Payment received: ${reference}`,
      'Harbor Community Bank: your loan ****2352 is not paid off yet',
    ]);
    expect(mails[1]?.body).toContain(
      `Your payment of ${formatUsd(payoffCents)} on March 14, 2025 to pay off loan ****2352 (confirmation number ${reference}, paid with Account ending in 3544) has been credited to your loan.`,
    );
    expect(mails[1]?.body).toContain('so it is not paid off: $50.00 is still owed.');
  }, 120_000);

  it('e-mails nothing more when it still pays the loan off as it posts', async () => {
    const payoffCents = await payoffCentsOf(AUTO_LOAN);
    const payoff = await submit(
      jordan,
      'immediateAch',
      paymentBody({
        loan: AUTO_LOAN,
        method: account,
        amount: payoffCents / 100,
        isPayoff: true,
      }),
      nextKey(),
    );
    expect(payoff.body.Errors).toEqual([]);
    const reference = payoff.body.ReferenceNumber;
    await sealAndPost(test.app, institutionId, TODAY);
    expect((await paymentOf(reference)).status).toBe('posted');
    expect((await mailsAbout(reference)).map((mail) => mail.subject)).toEqual([
      `Payment received: ${reference}`,
    ]);
  }, 120_000);
});
