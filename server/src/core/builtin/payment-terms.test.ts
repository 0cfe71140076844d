import { addDays } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorePaymentTerms, CustomerRef, ServicingCore } from '../servicing-core';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { DELINQUENT_DAYS_PAST_DUE } from './builtin-core';
import { openDemoAccount } from './core-seed';
import type { CoreTables } from './core.schema';

/** jordan.rivers's loans at Harbor (institution 1), as the demo seed makes them. */
const PAST_DUE_LOAN = '001-100234-1';
const PAID_OFF_LOAN = '001-100101-4';
const LINE_OF_CREDIT = '001-300120-7';
/** The test clock's day (the seed closed the day before it). */
const TODAY = '2025-03-14';

/** A loan's payment facts when the core sets none (migration 0021's defaults). */
const DEFAULT_FACTS = {
  allowAch: true,
  allowCards: true,
  daysInPeriod: 60,
  recurringAllowed: true,
  fees: {
    scheduledAchCents: 0,
    eCheckCents: 0,
    recurringAchCents: 0,
    debitCardCents: 0,
    creditCardCents: 0,
  },
  restrictionCode: '',
  nonPaymentDays: [],
  nonSchedulableDays: [],
  mailPreference: 0,
  hold: null,
} satisfies Partial<CorePaymentTerms>;

describe.each(testDatabases())("the built-in core's payment terms on $name", (testDatabase) => {
  let test: TestApp;
  let core: ServicingCore;
  let jordan: CustomerRef;
  let homeEquity: string;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    core = test.app.services.core;
    const row = await test.database.db
      .withTables<CoreTables>()
      .selectFrom('core_accounts')
      .select(['customer_id'])
      .where('institution_id', '=', 1)
      .where('number', '=', PAST_DUE_LOAN)
      .executeTakeFirstOrThrow();
    jordan = { institutionId: 1, customerId: row.customer_id };
    homeEquity = (
      await test.database.db
        .withTables<CoreTables>()
        .selectFrom('core_accounts')
        .select(['number'])
        .where('institution_id', '=', 1)
        .where('number', 'like', '001-100235-%')
        .executeTakeFirstOrThrow()
    ).number;
  });
  afterAll(async () => {
    await test?.close();
  });

  /** Every figure the loan page shows for the loan on `today`, as paymentTerms must show it. */
  async function loanPageFigures(number: string, today = TODAY) {
    const information = await core.loanInformation(jordan, number, today);
    const quote = await core.payoffQuote(jordan, number, today);
    if (!information) throw new Error(`no loan ${number}`);
    return { information, quote };
  }

  it('answers a current loan with the loan page figures and the default facts', async () => {
    const { information, quote } = await loanPageFigures(homeEquity);
    const terms = await core.paymentTerms(jordan, homeEquity, TODAY);
    expect(terms).toEqual({
      ...DEFAULT_FACTS,
      regularPaymentCents: information.installmentCents,
      totalAmountDueCents: information.totalAmountDueCents,
      payoffTodayCents: quote?.totalCents,
      feesAndChargesCents: 0,
      dueDate: information.nextDueDate,
      billingFrequency: 'monthly',
      pastDue: false,
      delinquent: false,
    });
    expect(terms?.regularPaymentCents).toBeGreaterThan(0);
    expect(terms?.totalAmountDueCents).toBeGreaterThan(0);
    expect((terms?.dueDate ?? '') >= TODAY).toBe(true);
    // The account list agrees too.
    const listed = await core.findAccount(jordan, homeEquity, TODAY);
    expect(listed?.amountDueCents).toBe(terms?.totalAmountDueCents);
    expect(listed?.dueDate).toBe(terms?.dueDate);
  });

  it('answers a past-due loan as past due and delinquent, with its late charges', async () => {
    const { information, quote } = await loanPageFigures(PAST_DUE_LOAN);
    expect(information.daysPastDue).toBeGreaterThanOrEqual(DELINQUENT_DAYS_PAST_DUE);
    const terms = await core.paymentTerms(jordan, PAST_DUE_LOAN, TODAY);
    expect(terms).toEqual({
      ...DEFAULT_FACTS,
      regularPaymentCents: information.installmentCents,
      totalAmountDueCents: information.totalAmountDueCents,
      payoffTodayCents: quote?.totalCents,
      feesAndChargesCents: information.totalFeesCents,
      dueDate: information.nextDueDate,
      billingFrequency: 'monthly',
      pastDue: true,
      delinquent: true,
    });
    expect(terms?.feesAndChargesCents).toBeGreaterThan(0);
    // Two missed installments, the current one and the late charges.
    expect(terms?.totalAmountDueCents).toBe(
      3 * information.installmentCents + information.totalFeesCents,
    );
    expect((terms?.dueDate ?? '') < TODAY).toBe(true);
  });

  it(`is delinquent from ${DELINQUENT_DAYS_PAST_DUE} days past due, past due from the first`, async () => {
    const due = (await core.loanInformation(jordan, homeEquity, TODAY))?.nextDueDate ?? '';
    const on = (offset: number) => core.paymentTerms(jordan, homeEquity, addDays(due, offset));
    expect(await on(0)).toMatchObject({ pastDue: false, delinquent: false });
    expect(await on(1)).toMatchObject({ pastDue: true, delinquent: false });
    expect(await on(DELINQUENT_DAYS_PAST_DUE - 1)).toMatchObject({
      pastDue: true,
      delinquent: false,
    });
    expect(await on(DELINQUENT_DAYS_PAST_DUE)).toMatchObject({ pastDue: true, delinquent: true });
  });

  it('answers a line of credit with its minimum payment and its total due', async () => {
    const { information, quote } = await loanPageFigures(LINE_OF_CREDIT);
    const terms = await core.paymentTerms(jordan, LINE_OF_CREDIT, TODAY);
    expect(terms).toEqual({
      ...DEFAULT_FACTS,
      regularPaymentCents: 7_500,
      totalAmountDueCents: information.totalAmountDueCents,
      payoffTodayCents: quote?.totalCents,
      feesAndChargesCents: 0,
      dueDate: information.nextDueDate,
      billingFrequency: 'monthly',
      pastDue: false,
      delinquent: false,
    });
    expect(terms?.payoffTodayCents).toBeGreaterThan(terms?.totalAmountDueCents ?? 0);
    expect(terms?.totalAmountDueCents).toBeGreaterThan(0);
  });

  it('answers a paid-off loan with nothing owed and no due date', async () => {
    expect(await core.paymentTerms(jordan, PAID_OFF_LOAN, TODAY)).toEqual({
      ...DEFAULT_FACTS,
      regularPaymentCents: 0,
      totalAmountDueCents: 0,
      payoffTodayCents: 0,
      feesAndChargesCents: 0,
      dueDate: null,
      billingFrequency: 'monthly',
      pastDue: false,
      delinquent: false,
    });
  });

  it("answers nothing for another customer's loan, a deposit or an unknown number", async () => {
    const other = await test.database.db
      .withTables<CoreTables>()
      .selectFrom('core_accounts')
      .select(['number', 'customer_id'])
      .where('institution_id', '=', 1)
      .where('customer_id', '!=', jordan.customerId)
      .where('type', '=', 0)
      .executeTakeFirstOrThrow();
    expect(await core.paymentTerms(jordan, other.number, TODAY)).toBeUndefined();
    // Its own customer gets it.
    expect(
      await core.paymentTerms(
        { institutionId: 1, customerId: other.customer_id },
        other.number,
        TODAY,
      ),
    ).toBeDefined();
    // The same customer id at another institution holds nothing.
    expect(
      await core.paymentTerms({ ...jordan, institutionId: 2 }, homeEquity, TODAY),
    ).toBeUndefined();
    expect(await core.paymentTerms(jordan, '001-999999-9', TODAY)).toBeUndefined();
    const deposits = await test.database.db
      .withTables<CoreTables>()
      .selectFrom('core_accounts')
      .select(['number'])
      .where('institution_id', '=', 1)
      .where('customer_id', '=', jordan.customerId)
      .where('type', 'in', [1, 3, 5, 6, 7, 8])
      .execute();
    expect(deposits.length).toBeGreaterThan(2);
    for (const deposit of deposits) {
      expect(await core.paymentTerms(jordan, deposit.number, TODAY)).toBeUndefined();
    }
  });

  it("answers the loan's own facts and the institution's closed days from today on", async () => {
    await test.database.db
      .withTables<CoreTables>()
      .updateTable('core_accounts')
      .set({
        allow_ach: false,
        allow_cards: true,
        recurring_allowed: false,
        days_in_period: 30,
        scheduled_ach_fee_cents: 100,
        echeck_fee_cents: 250,
        recurring_ach_fee_cents: 50,
        debit_card_fee_cents: 395,
        credit_card_fee_cents: 495,
        mail_preference: 2,
        restriction_code: 'InterestTooHighForDelayedPayment',
        host_hold: 'NoAchPayment',
      })
      .where('institution_id', '=', 1)
      .where('number', '=', LINE_OF_CREDIT)
      .execute();
    await test.database.db
      .withTables<CoreTables>()
      .insertInto('core_calendar_days')
      .values([
        { institution_id: 1, date: addDays(TODAY, -1), kind: 'noPayment' },
        { institution_id: 1, date: TODAY, kind: 'noPayment' },
        { institution_id: 1, date: addDays(TODAY, 10), kind: 'noSchedule' },
        { institution_id: 1, date: addDays(TODAY, 5), kind: 'noPayment' },
        // Another institution's day is not Harbor's.
        { institution_id: 2, date: addDays(TODAY, 3), kind: 'noPayment' },
      ])
      .execute();
    expect(await core.paymentTerms(jordan, LINE_OF_CREDIT, TODAY)).toMatchObject({
      allowAch: false,
      allowCards: true,
      recurringAllowed: false,
      daysInPeriod: 30,
      fees: {
        scheduledAchCents: 100,
        eCheckCents: 250,
        recurringAchCents: 50,
        debitCardCents: 395,
        creditCardCents: 495,
      },
      mailPreference: 2,
      restrictionCode: 'InterestTooHighForDelayedPayment',
      hold: 'NoAchPayment',
      nonPaymentDays: [TODAY, addDays(TODAY, 5)],
      nonSchedulableDays: [addDays(TODAY, 10)],
    });
    // Another loan keeps its own facts; the closed days are the institution's.
    expect(await core.paymentTerms(jordan, homeEquity, TODAY)).toMatchObject({
      allowAch: true,
      fees: DEFAULT_FACTS.fees,
      nonPaymentDays: [TODAY, addDays(TODAY, 5)],
    });
  });

  it("opens a demo loan with the payment facts its scenario gives, the others at the core's defaults", async () => {
    const number = '900-100641-0';
    await openDemoAccount(
      test.database.db.withTables<CoreTables>(),
      {
        institutionId: 1,
        customerId: jordan.customerId,
        number,
        nameOnAccount: 'Jordan Rivers',
        address: { address1: '1 Main St', city: 'Portland', state: 'ME', zipCode: '04101' },
        today: TODAY,
        now: test.clock.now(),
      },
      {
        kind: 'loan',
        account: '100641',
        branch: '900',
        type: 0,
        description: 'RV Loan',
        statementPreference: 'ElectronicOnly',
        principalCents: 3_000_000,
        rateHundredths: 699,
        termPayments: 120,
        openedMonthsAgo: 8,
        behaviour: { kind: 'onTime' },
        payment: {
          fees: { eCheckCents: 250, debitCardCents: 395, creditCardCents: 495 },
          mailPreference: 1,
        },
      },
    );
    // A branch of its own that the number does not carry is the seed's mistake.
    await expect(
      openDemoAccount(
        test.database.db.withTables<CoreTables>(),
        {
          institutionId: 1,
          customerId: jordan.customerId,
          number: '001-100642-4',
          nameOnAccount: 'Jordan Rivers',
          address: { address1: '1 Main St', city: 'Portland', state: 'ME', zipCode: '04101' },
          today: TODAY,
          now: test.clock.now(),
        },
        {
          kind: 'loan',
          account: '100642',
          branch: '900',
          type: 0,
          description: 'Misnumbered',
          statementPreference: 'ElectronicOnly',
          principalCents: 100_000,
          rateHundredths: 699,
          termPayments: 12,
          openedMonthsAgo: 2,
          behaviour: { kind: 'onTime' },
        },
      ),
    ).rejects.toThrow('not numbered at its branch 900');
    const information = await core.loanInformation(jordan, number, TODAY);
    expect(await core.paymentTerms(jordan, number, TODAY)).toMatchObject({
      allowAch: true,
      allowCards: true,
      recurringAllowed: true,
      daysInPeriod: 60,
      fees: {
        scheduledAchCents: 0,
        eCheckCents: 250,
        recurringAchCents: 0,
        debitCardCents: 395,
        creditCardCents: 495,
      },
      mailPreference: 1,
      restrictionCode: '',
      regularPaymentCents: information?.installmentCents,
      pastDue: false,
    });
  });

  it("keeps each loan's allocation order and day count in its terms, as its product sets them", async () => {
    const { rows } = await sql<{ number: string; allocation: string; day_count: string }>`
      select a.number, l.terms->>'allocation' as allocation, l.terms->>'dayCount' as day_count
      from core_loans l join core_accounts a on a.id = l.account_id
      where a.institution_id = 1`.execute(test.database.db);
    expect(rows.length).toBeGreaterThan(5);
    // Written on every loan; riley.chen's auto loan is on a fees-first product.
    for (const row of rows) {
      expect(row.day_count).toBe('actual/365');
      expect(row.allocation).toBe(
        row.number.startsWith('001-100410') ? 'feesFirst' : 'installmentFirst',
      );
    }
    expect(rows.some((row) => row.allocation === 'feesFirst')).toBe(true);
  });

  it('refuses facts the core cannot hold', async () => {
    for (const wrong of [
      sql`update core_accounts set days_in_period = -1 where number = ${homeEquity}`,
      sql`update core_accounts set echeck_fee_cents = -5 where number = ${homeEquity}`,
      sql`update core_accounts set restriction_code = 'Other' where number = ${homeEquity}`,
    ]) {
      await expect(wrong.execute(test.database.db)).rejects.toThrow();
    }
    expect(await core.paymentTerms(jordan, homeEquity, TODAY)).toMatchObject({
      daysInPeriod: DEFAULT_FACTS.daysInPeriod,
      fees: DEFAULT_FACTS.fees,
      restrictionCode: '',
    });
  });
});
