import {
  AccountListResponse,
  PaymentInfoResponse,
  type SavedPaymentMethod,
  SubmitPaymentResponse,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreTables } from '../../core/builtin/core.schema';
import { testDatabases } from '../../testing/databases';
import {
  addCard,
  call,
  type Caller,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  submit,
} from '../../testing/payment-test-kit';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { wireOf } from '../../testing/wire';

/**
 * Money crosses the wire as decimal dollars and is integer cents everywhere else (domain
 * api/money.ts): the request schemas decode a body's dollars to cents before a route sees it,
 * and the serializer encodes an answer's cents as dollars. These tests fail on a conversion
 * forgotten or made twice at that boundary, for an amount with cents and a whole-dollar one
 * alike (a whole-dollar amount left in dollars would leave as a hundredth of itself).
 */
describe.each(testDatabases('both'))('money on the wire on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let pat: Caller;
  let card: SavedPaymentMethod;
  let keys = 0;
  const nextKey = () => `money-wire-${(keys += 1)}`;

  const coreAccounts = () => test.database.db.withTables<CoreTables>().updateTable('core_accounts');

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    pat = { app: test.app, who: await signIn(test.app, { username: 'pat.lee' }) };
    card = await addCard(jordan, HOME_EQUITY);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers the cents the core holds as dollars: 123456 as 1234.56, 120000 as 1200', async () => {
    const before = wireOf(
      AccountListResponse,
      (await call(pat, 'GET', '/api/accountList')).json(),
    ).Accounts.find((account) => account.Description === 'Basic Checking');
    if (!before) throw new Error('pat has no Basic Checking');
    await coreAccounts()
      .set({ balance_cents: 123_456, available_balance_cents: 120_000 })
      .where('number', '=', before.Number)
      .execute();

    const response = await call(pat, 'GET', '/api/accountList');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('"Balance":1234.56,"AvailableBalance":1200,');
    const sent = wireOf(AccountListResponse, response.json()).Accounts;
    expect(sent.find((account) => account.Number === before.Number)).toMatchObject({
      Balance: 1234.56,
      AvailableBalance: 1200,
    });
    // The apps read the same answer back as the core's cents.
    const read = AccountListResponse.parse(response.json()).Accounts;
    expect(read.find((account) => account.Number === before.Number)).toMatchObject({
      Balance: 123_456,
      AvailableBalance: 120_000,
    });
  });

  it("answers a loan's fees in dollars: 1200 cents as 12, 275 cents as 2.75", async () => {
    await coreAccounts()
      .set({ echeck_fee_cents: 1_200, scheduled_ach_fee_cents: 275 })
      .where('number', '=', HOME_EQUITY)
      .execute();
    const info = await paymentInfo(jordan, HOME_EQUITY);
    expect(info.status).toBe(200);
    if (!info.body.HasNoErrors) throw new Error(JSON.stringify(info.body.Errors));
    expect(info.body.PaymentOptions.FirstPartyFees).toMatchObject({
      ECheckFeeAmount: 12,
      ScheduledAchFee: 2.75,
    });
    const read = PaymentInfoResponse.parse(info.body);
    if (!read.HasNoErrors) throw new Error('refused');
    expect(read.PaymentOptions.FirstPartyFees).toMatchObject({
      ECheckFeeAmount: 1_200,
      ScheduledAchFee: 275,
    });
  });

  it('takes a payment of 12.00 with a 1.50 fee as 1200 and 150 cents, and lists it as 12 again', async () => {
    await coreAccounts()
      .set({ credit_card_fee_cents: 150 })
      .where('number', '=', HOME_EQUITY)
      .execute();
    const body = (firstPartyFee: number) =>
      paymentBody({
        loan: HOME_EQUITY,
        method: card,
        date: '2025-03-17',
        amount: 12,
        firstPartyFee,
      });

    // The fee sent as cents (150) is $150 on the wire: not the loan's fee.
    const wrongFee = await submit(jordan, 'scheduledCard', body(150), nextKey());
    expect(wrongFee.body).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'Invalid' }],
      ReferenceNumber: '',
    });

    const made = await submit(jordan, 'scheduledCard', body(1.5), nextKey());
    expect(made.body.HasNoErrors, JSON.stringify(made.body)).toBe(true);
    const { ReferenceNumber } = SubmitPaymentResponse.parse(made.body);
    const row = await test.database.db
      .selectFrom('payments')
      .select(['amount_cents', 'additional_principal_cents', 'first_party_fee_cents'])
      .where('reference_number', '=', ReferenceNumber)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      amount_cents: 1_200,
      additional_principal_cents: 0,
      first_party_fee_cents: 150,
    });

    const info = await paymentInfo(jordan, HOME_EQUITY);
    if (!info.body.HasNoErrors) throw new Error(JSON.stringify(info.body.Errors));
    expect(info.body.ScheduledPayments).toEqual([
      expect.objectContaining({ PaymentDate: '2025-03-17', PaymentAmount: 12 }),
    ]);
  });
});
