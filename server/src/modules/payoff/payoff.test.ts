import {
  AccountDataResponse,
  formatUsd,
  parseUsd,
  PaymentInfoResponse,
  PayoffQuoteResponse,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { addAccount, paymentBody, paymentInfo, submit } from '../../testing/payment-test-kit';
import { pdfText } from '../../testing/pdf-text';
import { publishSettingsChange } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { wireOf } from '../../testing/wire';

const AUTO_LOAN = '001-100234-1';
const NO_SUCH_ACCOUNT = '001-999999-9';

describe.each(testDatabases())('payoff quotes on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
  });
  afterAll(async () => {
    await test?.close();
  });

  const quote = async (who: SignedIn, date: string, number = AUTO_LOAN) =>
    test.app.inject({
      method: 'GET',
      url: `/api/PaymentInformation/GetPayOffQuote?AccountNumber=${number}&PayOffDate=${date}`,
      headers: { cookie: who.cookie },
    });

  it('quotes more for a later date; today matches the loan page; past dates are refused', async () => {
    const today = wireOf(PayoffQuoteResponse, (await quote(jordan, '2025-03-14')).json());
    const later = wireOf(PayoffQuoteResponse, (await quote(jordan, '2025-04-14')).json());
    expect(today.HasNoErrors).toBe(true);
    expect(later.PayOffQuoteAmount).toBeGreaterThan(today.PayOffQuoteAmount);
    const data = wireOf(
      AccountDataResponse,
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/AccountData?accountNumber=${AUTO_LOAN}`,
          headers: { cookie: jordan.cookie },
        })
      ).json(),
    );
    expect(today.PayOffQuoteAmount).toBe(data.Information.PayoffAmount);
    // Principal, fees, 31 days of interest at 6.49 %, and the $35 late fee of the installment
    // that falls due unpaid and passes its grace days before April 14th (a quote for a later day
    // closes the days before it, issue 24).
    const added = Math.round((later.PayOffQuoteAmount - today.PayOffQuoteAmount) * 100);
    const perDay = (data.Information.PrincipalBalance * 100 * 0.0649) / 365;
    expect(Math.abs(added - 31 * perDay - 3_500)).toBeLessThan(2);

    expect(wireOf(PayoffQuoteResponse, (await quote(jordan, '2025-03-13')).json())).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'PayOffQuote' }],
      PayOffQuoteAmount: 0,
    });
    expect((await quote(jordan, '2025-07-01')).json().Errors).toEqual([
      { ErrorMessage: 'PayOffQuote' },
    ]);
  });

  it('answers another user as for a loan that does not exist', async () => {
    const foreign = await quote(pat, '2025-03-20');
    const missing = await quote(pat, '2025-03-20', NO_SUCH_ACCOUNT);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it('downloads the breakdown as a PDF once, for the user who asked, adding up to the quote', async () => {
    const token = async (who: SignedIn, number = AUTO_LOAN) =>
      test.app.inject({
        method: 'POST',
        url: '/api/PaymentInformation/RetrieveDownloadToken',
        headers: { cookie: who.cookie, ...PORTAL_WRITE_HEADERS },
        payload: { AccountNumber: number, EffectiveDate: '2025-03-20' },
      });
    const issued = await token(jordan);
    expect(issued.statusCode).toBe(200);
    const open = (who: SignedIn, value: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/PaymentInformation/DownloadPayoffQuoteBreakdown?downloadToken=${encodeURIComponent(value)}`,
        headers: { cookie: who.cookie },
      });
    const pdf = await open(jordan, issued.body);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Harbor Community Bank');
    expect(text).toContain(`Auto Loan ${AUTO_LOAN}`);
    expect(text).toContain('Good through 03/20/2025, quoted 03/14/2025');
    // Whose loan it is, and where and how to send the payoff (the institution's wording).
    expect(text).toContain('Borrower: Jordan Rivers');
    expect(text).toContain('How to send your payoff');
    expect(text).toMatch(/payable to Harbor Community Bank, to arrive by\s+03\/20\/2025/);
    expect(text).toMatch(/By wire: call us for wire instructions/);
    /** The amount the breakdown shows on the line of this label, in cents. */
    const amount = (label: string) => {
      const shown = new RegExp(`^${label}\\s+(\\$[\\d,]+\\.\\d{2})$`, 'm').exec(text)?.[1];
      expect(shown, label).toBeDefined();
      return parseUsd(shown ?? '') ?? Number.NaN;
    };
    const parts = [
      amount('Principal balance'),
      amount('Interest to the payoff date'),
      amount('Late charges'),
      amount('Other fees'),
    ];
    // A past-due loan: interest and late charges are part of it.
    expect(parts.every((part) => part >= 0)).toBe(true);
    expect(parts[1]).toBeGreaterThan(0);
    expect(parts[2]).toBeGreaterThan(0);
    const quoted = wireOf(PayoffQuoteResponse, (await quote(jordan, '2025-03-20')).json());
    const quotedCents = Math.round(quoted.PayOffQuoteAmount * 100);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(quotedCents);
    expect(amount('Total payoff amount')).toBe(quotedCents);
    expect((await open(jordan, issued.body)).statusCode).toBe(404);

    // Another user gets the answers of a loan that does not exist: no token for Jordan's loan,
    // and Jordan's token opens what a token that names nothing opens.
    const answer = (response: Awaited<ReturnType<typeof open>>) => ({
      status: response.statusCode,
      type: response.headers['content-type'],
      body: response.body,
    });
    const foreignToken = answer(await token(pat));
    expect(foreignToken.status).toBe(404);
    expect(foreignToken).toEqual(answer(await token(pat, NO_SUCH_ACCOUNT)));
    const another = await token(jordan);
    const foreignOpen = answer(await open(pat, another.body));
    expect(foreignOpen.status).toBe(404);
    expect(foreignOpen).toEqual(answer(await open(pat, 'no-such-token')));
    // Spent by Pat's attempt.
    expect((await open(jordan, another.body)).statusCode).toBe(404);

    // Without the payoff quote dialog (usePayoffQuoteOption off) there is no breakdown to
    // download; the quote itself stays, for the payment screen's payoff line.
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { payoffQuoteOptions: { usePayoffQuoteOption: 'false' } },
    });
    try {
      expect((await token(jordan)).statusCode).toBe(404);
      expect((await quote(jordan, '2025-03-20')).statusCode).toBe(200);
    } finally {
      await restore();
    }
  });
  it('takes the payments still processing off a later quote, as the payment screen’s payoff does, and the breakdown says so', async () => {
    const open = async (date: string) => {
      const token = await test.app.inject({
        method: 'POST',
        url: '/api/PaymentInformation/RetrieveDownloadToken',
        headers: { cookie: jordan.cookie, ...PORTAL_WRITE_HEADERS },
        payload: { AccountNumber: AUTO_LOAN, EffectiveDate: date },
      });
      const pdf = await test.app.inject({
        method: 'GET',
        url: `/api/PaymentInformation/DownloadPayoffQuoteBreakdown?downloadToken=${encodeURIComponent(token.body)}`,
        headers: { cookie: jordan.cookie },
      });
      return pdfText(pdf.rawPayload);
    };
    const quotedCents = async (date: string) =>
      PayoffQuoteResponse.parse((await quote(jordan, date)).json()).PayOffQuoteAmount;
    const later = '2025-03-20';
    const before = await quotedCents(later);
    // The per diem as the core counts it (truncated to the cent): each later day adds it or a
    // cent more, never just "that much".
    const institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    const customerId = (
      await test.database.db
        .selectFrom('users')
        .select('customer_id')
        .where('username', '=', 'jordan.rivers')
        .where('institution_id', '=', institutionId)
        .executeTakeFirstOrThrow()
    ).customer_id;
    const core = await test.app.services.core.payoffQuote(
      { institutionId, customerId },
      AUTO_LOAN,
      later,
    );
    const perDiem = core?.perDiemCents ?? 0;
    expect(perDiem).toBeGreaterThan(0);
    const perDayText = (text: string) => text.replace(/\s+/g, ' ');
    expect(perDayText(await open(later))).toContain(
      `Interest accrues at ${formatUsd(perDiem)} a day, to the cent below; the fractions of a ` +
        `cent carry from day to day, so each day after 03/20/2025 adds ${formatUsd(perDiem)} or ` +
        `${formatUsd(perDiem + 1)} to the payoff.`,
    );
    expect(await open(later)).not.toContain('Less payments processing or scheduled');

    // $250 by bank account today: accepted, processing (its debit waits for the day's file).
    const caller = { app: test.app, who: jordan };
    const paid = await submit(
      caller,
      'immediateAch',
      paymentBody({ loan: AUTO_LOAN, method: await addAccount(caller), amount: 250 }),
      'payoff-quote-in-flight-1',
    );
    expect(paid.body.Errors).toEqual([]);

    // Every quote, today's and a later one, is $250 less: the same as the payment screen's.
    expect(await quotedCents(later)).toBe(before - 25_000);
    const info = PaymentInfoResponse.parse((await paymentInfo(caller, AUTO_LOAN)).body);
    if (!info.HasNoErrors) throw new Error('no payment info');
    expect(await quotedCents('2025-03-14')).toBe(info.PayOffAmount);

    // The breakdown takes it off in a line of its own, adds up to the quote, and says why.
    const text = await open(later);
    const amount = (label: string) => {
      const shown = new RegExp(`^${label}\\s+(-?\\$[\\d,]+\\.\\d{2})$`, 'm').exec(text)?.[1];
      expect(shown, label).toBeDefined();
      return parseUsd((shown ?? '').replace('-', '')) ?? Number.NaN;
    };
    expect(amount('Less payments processing or scheduled')).toBe(25_000);
    expect(
      amount('Principal balance') +
        amount('Interest to the payoff date') +
        amount('Late charges') +
        amount('Other fees') -
        amount('Less payments processing or scheduled'),
    ).toBe(before - 25_000);
    expect(amount('Total payoff amount')).toBe(before - 25_000);
    expect(perDayText(text)).toContain(
      'This quote already counts the $250.00 of payments you made that are still processing or are scheduled on or before this date: do not pay that part again.',
    );
  });
  it('takes the one-time payments scheduled on or before a later date off its quote, and a payoff scheduled then for that quote is accepted', async () => {
    const caller = { app: test.app, who: jordan };
    const quotedCents = async (date: string) =>
      PayoffQuoteResponse.parse((await quote(jordan, date)).json()).PayOffQuoteAmount;
    const payoffDay = '2025-03-20';
    const todayBefore = await quotedCents('2025-03-14');
    const before = await quotedCents(payoffDay);
    const method = await addAccount(caller, '90817263545');
    // Jordan's auto loan is past due: the institution lets such a loan schedule payments here.
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        paymentSchedulingOptions: {
          blockSchedulingWhenPastDueOption: 'false',
          allowSchedulingWhenDelinquentOption: 'true',
          maxScheduledPaymentsAllowed: '3',
        },
      },
    });
    // $100 scheduled before the payoff's date and $100 after it.
    for (const [date, key] of [
      ['2025-03-18', 'payoff-quote-scheduled-before'],
      ['2025-03-25', 'payoff-quote-scheduled-after'],
    ] as const) {
      const scheduled = await submit(
        caller,
        'scheduledAch',
        paymentBody({ loan: AUTO_LOAN, method, date, amount: 100 }),
        key,
      );
      expect(scheduled.body.Errors).toEqual([]);
    }
    // The later quote counts the one before it only; today's counts neither (both pay later).
    expect(await quotedCents(payoffDay)).toBe(before - 10_000);
    expect(await quotedCents('2025-03-14')).toBe(todayBefore);

    // A payoff scheduled on that date for the amount quoted is accepted (it was refused as more
    // than the payoff when the quote ignored the payment scheduled before it).
    const payoff = await submit(
      caller,
      'scheduledAch',
      paymentBody({
        loan: AUTO_LOAN,
        method,
        date: payoffDay,
        amount: (before - 10_000) / 100,
        isPayoff: true,
      }),
      'payoff-quote-scheduled-payoff',
    );
    await restore();
    expect(payoff.body.Errors).toEqual([]);
  });
});
