import { formatUsd, PaymentTimelineResponse, type SavedPaymentMethod } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { publishSettingsChange } from '../../testing/settings';
import {
  addAccount,
  addCard,
  AUTO_LOAN,
  call,
  type Caller,
  charges,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  sealAndPost,
  submit,
  TODAY,
} from '../../testing/payment-test-kit';
import { wireOf } from '../../testing/wire';

/*
 * A payment scheduled to pay the loan off is made on its date for the amount quoted and
 * authorized when it was scheduled, never more. When the loan came to owe more meanwhile (an
 * earlier payment returned or refunded, a fee charged), it is credited and leaves the difference
 * owed, and the receipt says so: the borrower who thought the loan was closed is told it is not,
 * and what is left (issue 24 review: a payoff scheduled before a return left $1,503.82 owing and
 * the borrower was sent a plain receipt).
 */

const JORDAN = 'jordan.rivers@example.test';
const PAYOFF_DATE = '2025-03-18';

describe.each(testDatabases())('a scheduled payoff on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let card: SavedPaymentMethod;
  let keyCounter = 0;
  const nextKey = () => `payoff-short-key-${String((keyCounter += 1)).padStart(6, '0')}`;
  const paymentOf = (reference: string) =>
    test.database.db
      .selectFrom('payments')
      .selectAll()
      .where('reference_number', '=', reference)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    card = await addCard(jordan, HOME_EQUITY);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('pays what was authorized when the loan came to owe more, and says in the receipt what is still owed', async () => {
    // A card payment today, posted at once.
    const earlier = await submit(
      jordan,
      'immediateCard',
      paymentBody({ loan: HOME_EQUITY, method: card, amount: 50, date: TODAY }),
      nextKey(),
    );
    expect(earlier.body.Errors).toEqual([]);
    const paidToday = await paymentOf(earlier.body.ReferenceNumber);
    expect(paidToday.status).toBe('posted');
    const customer = { institutionId, customerId: paidToday.customer_id };
    const { core } = test.app.services;

    // The payoff scheduled for Tuesday, for what the core quotes for that day.
    const quote = await core.payoffQuote(customer, HOME_EQUITY, PAYOFF_DATE);
    const quotedCents = quote?.totalCents ?? 0;
    expect(quotedCents).toBeGreaterThan(0);
    const scheduled = await submit(
      jordan,
      'scheduledCard',
      paymentBody({
        loan: HOME_EQUITY,
        method: card,
        amount: quotedCents / 100,
        date: PAYOFF_DATE,
        isPayoff: true,
      }),
      nextKey(),
    );
    expect(scheduled.body.Errors).toEqual([]);
    const payoff = await paymentOf(scheduled.body.ReferenceNumber);
    expect(payoff).toMatchObject({ is_payoff: true, amount_cents: quotedCents });
    // Listed as a payoff, and its details say so; a payment that is no payoff (today's, among
    // the recent ones) says nothing of it.
    const info = (await paymentInfo(jordan, HOME_EQUITY)).body;
    const listed = info.ScheduledPayments ?? [];
    expect(listed.map((payment) => [payment.PaymentDate.slice(0, 10), payment.IsPayoff])).toEqual([
      [PAYOFF_DATE, true],
    ]);
    const detailsOf = async (handle: string) =>
      wireOf(
        PaymentTimelineResponse,
        (
          await call(
            jordan,
            'GET',
            `/api/PaymentScheduled/Timeline?${new URLSearchParams({
              EncryptedString: handle,
              LoanAccountNumber: HOME_EQUITY,
            }).toString()}`,
          )
        ).json(),
      );
    const scheduledDetails = await detailsOf(listed[0]?.EncryptedString ?? '');
    expect(scheduledDetails.IsPayoff).toBe(true);
    // It pays the loan off on its date: no warning.
    expect(scheduledDetails).not.toHaveProperty('PayoffShortBy');
    const recent = info.RecentPayments ?? [];
    expect(recent).toHaveLength(1);
    expect((await detailsOf(recent[0]?.EncryptedString ?? '')).IsPayoff).toBeUndefined();

    // Monday: the core takes Friday's $50 back off the loan (a return, a refund).
    test.clock.set('2025-03-17T14:00:00.000Z');
    const reversed = await core.reversePayment(customer, HOME_EQUITY, {
      postingKey: paidToday.id,
      reversalKey: `test-reversal:${paidToday.id}`,
      returnedOn: '2025-03-17',
      reason: 'Payment returned',
      feeCents: 0,
    });
    expect(reversed.status).toBe('reversed');
    // Its details now warn that it no longer pays the loan off, and say by how much (dollars on
    // the wire): the quote for its date less what it pays.
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const owedOnItsDate =
      (await core.payoffQuote(customer, HOME_EQUITY, PAYOFF_DATE))?.totalCents ?? 0;
    expect(owedOnItsDate - quotedCents).toBeGreaterThan(0);
    expect((await detailsOf(listed[0]?.EncryptedString ?? '')).PayoffShortBy).toBe(
      (owedOnItsDate - quotedCents) / 100,
    );

    // Tuesday: the payoff is made for its authorized amount, once, and credited.
    test.clock.set(`${PAYOFF_DATE}T14:00:00.000Z`);
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    await test.app.services.paymentPosting.runOnce();
    expect(await paymentOf(scheduled.body.ReferenceNumber)).toMatchObject({
      status: 'posted',
      amount_cents: quotedCents,
    });
    expect(await charges(test.database.db, payoff.id)).toBe(1);
    // The loan is not paid off: what today's payment paid is owed again.
    const left = (await core.payoffQuote(customer, HOME_EQUITY, PAYOFF_DATE))?.totalCents ?? 0;
    expect(left).toBeGreaterThanOrEqual(5_000);
    expect(left).toBeLessThan(5_100);

    await test.app.services.outbox.runOnce();
    const receipts = (
      await test.app.services.mail.delivered({ institutionId, to: JORDAN, limit: 1000 })
    ).filter((mail) => mail.subject.includes(scheduled.body.ReferenceNumber));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain(
      `This payment was made to pay your loan off, but by March 18, 2025 the loan owed more than the payoff it was made for (a payment returned or refunded since, or a fee charged), so it is not paid off: $${(left / 100).toFixed(2)} is still owed. Sign in to see your loan and pay the rest.`,
    );
    // The receipt of a payment that is no payoff says nothing of it.
    const first = (
      await test.app.services.mail.delivered({ institutionId, to: JORDAN, limit: 1000 })
    ).filter((mail) => mail.subject.includes(earlier.body.ReferenceNumber));
    expect(first.map((mail) => mail.body).join('\n')).not.toContain('pay your loan off');
  }, 120_000);

  it('debits a bank payoff for the payoff on its date when a payment in flight when it was scheduled, credited as of its own date, left less to pay: posted, the loan paid off, the timeline says why', async () => {
    // Tuesday the 18th (the test above left the clock there). Auto loan: past due, so the
    // institution lets it schedule; no draft agreement asked for in this test.
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        paymentSchedulingOptions: {
          blockSchedulingWhenPastDueOption: 'false',
          allowSchedulingWhenDelinquentOption: 'true',
          maxScheduledPaymentsAllowed: '3',
        },
        achPaymentOptions: { requireAchDraftAgreementOption: 'false' },
      },
    });
    const account = await addAccount(jordan);
    const paid = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: AUTO_LOAN, method: account, amount: 2_500, date: PAYOFF_DATE }),
      nextKey(),
    );
    expect(paid.body.Errors).toEqual([]);
    // The payoff a week later as quoted now: the core's less the $2,500 processing.
    const later = '2025-03-25';
    const quoted = await call(
      jordan,
      'GET',
      `/api/PaymentInformation/GetPayOffQuote?AccountNumber=${AUTO_LOAN}&PayOffDate=${later}`,
    );
    const quotedCents = Math.round(Number(quoted.json().PayOffQuoteAmount) * 100);
    const scheduled = await submit(
      jordan,
      'scheduledAch',
      paymentBody({
        loan: AUTO_LOAN,
        method: account,
        amount: quotedCents / 100,
        date: later,
        isPayoff: true,
      }),
      nextKey(),
    );
    await restore();
    expect(scheduled.body.Errors).toEqual([]);
    // It is authorized as a payoff: the payoff on its date, up to the amount shown (so a lower
    // debit is what the borrower authorized).
    const authorization = await test.database.db
      .selectFrom('ach_debit_authorizations')
      .select(['text_key', 'text'])
      .where('payment_id', '=', (await paymentOf(scheduled.body.ReferenceNumber)).id)
      .executeTakeFirstOrThrow();
    expect(authorization.text_key).toBe('paymentTexts.scheduledPayoffAchAuthorizationText');
    expect(authorization.text).toContain(
      `on 03/25/2025 the amount that pays your loan off on that date, up to ${formatUsd(quotedCents)}.`,
    );

    // The $2,500 is sent and credited as of the 18th: interest on it stops a week early.
    await sealAndPost(test.app, institutionId, PAYOFF_DATE);
    expect((await paymentOf(paid.body.ReferenceNumber)).status).toBe('posted');
    const payoff = await paymentOf(scheduled.body.ReferenceNumber);
    const customer = { institutionId, customerId: payoff.customer_id };
    const owedThen = (await test.app.services.core.payoffQuote(customer, AUTO_LOAN, later))
      ?.totalCents;
    expect(owedThen).toBeLessThan(quotedCents);

    // On its date the payoff is debited for what the loan owes then, not refused.
    test.clock.set(`${later}T14:00:00.000Z`);
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    await test.app.services.paymentPosting.runOnce();
    await sealAndPost(test.app, institutionId, later);
    expect(await paymentOf(scheduled.body.ReferenceNumber)).toMatchObject({
      status: 'posted',
      amount_cents: owedThen,
      failure: null,
    });
    expect((await test.app.services.core.payoffQuote(customer, AUTO_LOAN, later))?.totalCents).toBe(
      0,
    );
    // The bank was asked for exactly that: one debit of the lowered amount.
    const debited = await test.database.db
      .selectFrom('ach_debits')
      .select('amount_cents')
      .where('idempotency_key', '=', payoff.id)
      .execute();
    expect(debited.map((row) => Number(row.amount_cents))).toEqual([owedThen]);
    const events = await test.database.db
      .selectFrom('payment_events')
      .select('detail')
      .where('payment_id', '=', payoff.id)
      .execute();
    expect(events.map((event) => event.detail)).toContain(
      `Payoff lowered from ${formatUsd(quotedCents)} to ${formatUsd(owedThen ?? 0)}, the loan's payoff on its date`,
    );
  }, 120_000);
});
