import { AccountDataResponse, PayoffQuoteResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';

const AUTO_LOAN = '001-100234-1';

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
    const today = PayoffQuoteResponse.parse((await quote(jordan, '2025-03-14')).json());
    const later = PayoffQuoteResponse.parse((await quote(jordan, '2025-04-14')).json());
    expect(today.HasNoErrors).toBe(true);
    expect(later.PayOffQuoteAmount).toBeGreaterThan(today.PayOffQuoteAmount);
    const data = AccountDataResponse.parse(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/AccountData?accountNumber=${AUTO_LOAN}`,
          headers: { cookie: jordan.cookie },
        })
      ).json(),
    );
    expect(today.PayOffQuoteAmount).toBe(data.Information.PayoffAmount);
    // Principal, fees and 31 days of interest at 6.49 %.
    const interest = Math.round((later.PayOffQuoteAmount - today.PayOffQuoteAmount) * 100);
    const perDay = (data.Information.PrincipalBalance * 100 * 0.0649) / 365;
    expect(Math.abs(interest - 31 * perDay)).toBeLessThan(2);

    expect(PayoffQuoteResponse.parse((await quote(jordan, '2025-03-13')).json())).toEqual({
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
    const missing = await quote(pat, '2025-03-20', '001-999999-9');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it('downloads the breakdown as a PDF once, for the user who asked', async () => {
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
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await open(jordan, issued.body)).statusCode).toBe(404);
    expect((await token(pat)).statusCode).toBe(404);
    const another = await token(jordan);
    expect((await open(pat, another.body)).statusCode).toBe(404);

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
});
