import { AchDayListResponse, AchFileMadeResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  addAccount,
  AUTO_LOAN,
  HOME_EQUITY,
  paymentBody,
  runPostJobs,
  submit,
  TODAY,
  type Caller,
} from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';

/** The built-in processor's test banks (README "Returns and notifications of change"). */
const INSUFFICIENT_FUNDS = '000222222227';
const CHANGED_ACCOUNT = '000777777771';
const CORRECTED_ACCOUNT = '000777777788';
const NO_ACCOUNT = '000555555559';
const LIST = '/admin-api/institutions/harbor/ach-files';
const MAKE = `/admin-api/institutions/harbor/ach-files/${TODAY}`;

// Friday 2025-03-14: the day's files settle on Monday the 17th; the test banks' returns and
// notifications arrive two banking days later, on Wednesday the 19th.
const RETURN_DAY = '2025-03-19T15:00:00.000Z';

describe.each(testDatabases())('the ACH files page’s returns on $name', (database) => {
  let test: TestApp;
  let jordan: Caller;
  let harborId: number;
  let keys = 0;
  const nextKey = () => `ach-files-returns-${(keys += 1)}`;

  const list = async (cookie: string) => {
    const response = await test.app.inject({ method: 'GET', url: LIST, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return AchDayListResponse.parse(response.json());
  };
  const traceOf = async (referenceNumber: string) =>
    (
      await test.database.db
        .selectFrom('payments')
        .select('ach_trace_number')
        .where('reference_number', '=', referenceNumber)
        .executeTakeFirstOrThrow()
    ).ach_trace_number;

  beforeAll(async () => {
    test = await startTestApp(database);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    harborId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    await publishSettingsChange(test.app, 'localhost', {
      shared: { achPaymentOptions: { requireAchDraftAgreementOption: 'false' } },
    });
  }, 180_000);
  afterAll(async () => {
    await test?.close();
  });

  it('lists each day’s returns and notifications of change with their payment, reason and original file', async () => {
    const publisher = await signedInStaff(test, {
      email: 'publisher@harbor.test',
      host: 'localhost',
      role: 'publisher',
    });
    const returned = await submit(
      jordan,
      'immediateAch',
      paymentBody({
        loan: HOME_EQUITY,
        method: await addAccount(jordan, INSUFFICIENT_FUNDS),
        amount: 1500,
      }),
      nextKey(),
    );
    const changed = await submit(
      jordan,
      'immediateAch',
      paymentBody({
        loan: AUTO_LOAN,
        method: await addAccount(jordan, CHANGED_ACCOUNT),
        amount: 120,
      }),
      nextKey(),
    );
    expect([returned.body.Errors, changed.body.Errors]).toEqual([[], []]);
    const make = (cookie: string, confirmed: { entries: number; totalDebitCents: number }) =>
      test.app.inject({
        method: 'POST',
        url: MAKE,
        headers: { ...PORTAL_WRITE_HEADERS, cookie },
        payload: confirmed,
      });
    const fileA = await make(publisher, { entries: 2, totalDebitCents: 162_000 });
    expect(fileA.statusCode).toBe(201);
    await runPostJobs(test.app);
    // A debit no payment of the portal made (the processor's own, in the day's second file).
    const stray = await test.app.services.achProcessor.submitDebit({
      institutionId: harborId,
      idempotencyKey: 'not-a-payment',
      effectiveDate: TODAY,
      routingNumber: '011099990',
      accountNumber: NO_ACCOUNT,
      accountType: 'Savings',
      ownerName: 'Sam Stray',
      loanNumber: '001-999999-9',
      amountCents: 457,
    });
    if (stray.status === 'refused') throw new Error('the stray debit was refused');
    const fileB = await make(publisher, { entries: 1, totalDebitCents: 457 });
    expect(AchFileMadeResponse.parse(fileB.json()).file.fileIdModifier).toBe('B');

    // Before the banks answer, the day lists nothing come back.
    expect((await list(publisher)).days).toEqual([
      expect.objectContaining({ date: TODAY, returns: [], notices: [] }),
    ]);

    test.clock.set(RETURN_DAY);
    const staff = await signedInStaff(test, {
      email: 'viewer@harbor.test',
      host: 'localhost',
      role: 'viewer',
    });
    const returnedTrace = await traceOf(returned.body.ReferenceNumber);
    const changedTrace = await traceOf(changed.body.ReferenceNumber);
    expect(returnedTrace).toMatch(/^\d{15}$/);
    const fileOfA = {
      date: TODAY,
      fileIdModifier: 'A',
      fileName: `ACH-harbor-${TODAY}-A.txt`,
    };
    const arrived = await list(staff);
    // The day they came is listed though it took no debits; newest first.
    expect(arrived.days.map((day) => day.date)).toEqual(['2025-03-19', TODAY]);
    expect(arrived.days[0]).toEqual({
      date: '2025-03-19',
      entries: 0,
      totalDebitCents: 0,
      files: [],
      pending: { entries: 0, totalDebitCents: 0 },
      returns: [
        {
          traceNumber: returnedTrace,
          amountCents: 150_000,
          reasonCode: 'R01',
          reason: 'Insufficient funds',
          // Received: the returns job has not applied it yet.
          payment: { referenceNumber: returned.body.ReferenceNumber, status: 'posted' },
          originalFile: fileOfA,
        },
        {
          traceNumber: stray.traceNumber,
          amountCents: 457,
          reasonCode: 'R03',
          reason: 'No account, or unable to locate the account',
          originalFile: {
            date: TODAY,
            fileIdModifier: 'B',
            fileName: `ACH-harbor-${TODAY}-B.txt`,
          },
        },
      ],
      notices: [
        {
          traceNumber: changedTrace,
          changeCode: 'C01',
          change: 'Incorrect account number',
          payment: { referenceNumber: changed.body.ReferenceNumber, status: 'posted' },
          originalFile: fileOfA,
        },
      ],
    });
    expect(arrived.days[1]).toMatchObject({ returns: [], notices: [] });
    // The corrected account number is the borrower's: it never reaches the admin app.
    expect(JSON.stringify(arrived)).not.toContain(CORRECTED_ACCOUNT);
    expect(JSON.stringify(arrived)).not.toContain(CHANGED_ACCOUNT);

    // Once the returns job applied it, its payment says Returned; the list is the same otherwise.
    await test.app.services.paymentReturns.runOnce();
    const applied = await list(staff);
    expect(applied.days[0]?.returns[0]?.payment).toEqual({
      referenceNumber: returned.body.ReferenceNumber,
      status: 'returned',
    });
    expect(applied.days[0]?.returns).toHaveLength(2);
    expect(applied.days[0]?.notices).toHaveLength(1);
  });
});
