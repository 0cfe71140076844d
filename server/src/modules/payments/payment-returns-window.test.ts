import {
  AdminError,
  AuditListResponse,
  maskAccountNumber,
  type SavedPaymentMethod,
  StaffPaymentDetail,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  addAccount,
  AUTO_LOAN,
  type Caller,
  HOME_EQUITY,
  paymentBody,
  submit,
  TODAY,
} from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';

/*
 * The return files are read again on every run while they are in the window (by the day each
 * came), so a return the portal cannot apply yet is tried again. The window was 14 days, and a
 * return still waiting then (its payment not posted yet) was dropped without a word. Now it is 60
 * days, NACHA's longest return time frame, and a return still not applied in its file's last
 * days goes to staff.
 */

/** The built-in processor's test bank that sends every debit back (R01). */
const INSUFFICIENT_FUNDS = '000222222227';

describe.each(testDatabases('both'))('ACH returns that wait, on $name', (database) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let keys = 0;
  const nextKey = () => `returns-window-${(keys += 1)}`;
  /** Sent on March 14th, not posted: its return waits. */
  let waiting: { id: string; reference_number: string };
  /** Sent on March 14th and posted, then its return is applied weeks later. */
  let late: { id: string; reference_number: string };
  /** Posted on March 14th; the core fails whenever its return is applied. */
  let failing: { id: string; reference_number: string };
  let restoreCore: () => void = () => undefined;

  const statusOf = async (id: string) =>
    (
      await test.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const returnItems = async () =>
    (await test.app.services.workQueue.list({ institutionId, kind: 'achReturn' })).filter(
      (item) => !item.summary.includes('the portal does not know'),
    );

  beforeAll(async () => {
    test = await startTestApp(database);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    await publishSettingsChange(test.app, 'localhost', {
      shared: { achPaymentOptions: { requireAchDraftAgreementOption: 'false' } },
    });
    // Friday March 14th, 11:00 in New York: three payments from an account short of funds.
    test.clock.set('2025-03-14T15:00:00.000Z');
    const account: SavedPaymentMethod = await addAccount(jordan, INSUFFICIENT_FUNDS);
    const pay = async (loan: string, amount: number) => {
      const paid = await submit(
        jordan,
        'immediateAch',
        paymentBody({ loan, method: account, amount }),
        nextKey(),
      );
      expect(paid.body.Errors).toEqual([]);
      return test.database.db
        .selectFrom('payments')
        .select(['id', 'reference_number'])
        .where('reference_number', '=', paid.body.ReferenceNumber)
        .executeTakeFirstOrThrow();
    };
    waiting = await pay(HOME_EQUITY, 41);
    late = await pay(AUTO_LOAN, 42);
    failing = await pay(HOME_EQUITY, 43);
    // The day's file sends the three debits; only the third's post is run (the process died
    // before it queued the others': they stay Processing).
    expect(await test.app.services.achProcessor.sealNextFile(institutionId, TODAY)).toMatchObject({
      entries: 3,
    });
    expect(await test.app.services.paymentPosting.settlePayment(failing.id)).toMatchObject({
      status: 'posted',
    });
    // The core cannot reverse the third, on any run (out of reach for its loan).
    const core = test.app.services.core;
    const reverse = core.reversePayment.bind(core);
    core.reversePayment = async (...args) => {
      if (args[2].postingKey === failing.id) throw new Error('core unreachable (ETIMEDOUT)');
      return reverse(...args);
    };
    restoreCore = () => {
      core.reversePayment = reverse;
    };
  }, 180_000);
  afterAll(async () => {
    restoreCore();
    await test?.close();
  });

  it('applies a return that waited weeks for its payment to post', async () => {
    // The debits settle Monday the 17th; the bank sends them back on Wednesday the 19th.
    test.clock.set('2025-03-19T15:00:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      returns: 3,
      waiting: 2,
      failed: 1,
    });
    // Four weeks later, still read: both still wait.
    test.clock.set('2025-04-16T15:00:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      returns: 3,
      waiting: 2,
    });
    // The second posts at last (as of its date), and the next run applies its return.
    expect(await test.app.services.paymentPosting.settlePayment(late.id)).toMatchObject({
      status: 'posted',
    });
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      returned: 1,
      waiting: 1,
    });
    expect(await statusOf(late.id)).toBe('returned');
    // Nothing was put before staff: the portal applied it, or still tries.
    expect(await returnItems()).toEqual([]);
  });

  it('puts a return it still could not apply in its file’s last days before staff, once', async () => {
    // Seven weeks after the file came: not yet its last days.
    test.clock.set('2025-05-07T15:00:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({
      waiting: 1,
      failed: 1,
    });
    expect(await returnItems()).toEqual([]);

    // Its last week: the one still waiting and the one the core keeps failing go to staff.
    test.clock.set('2025-05-13T15:00:00.000Z');
    await test.app.services.paymentReturns.runOnce();
    await test.app.services.paymentReturns.runOnce();
    const items = await returnItems();
    expect(items.map((item) => item.summary).sort()).toEqual([
      `Return of a debit of $43.00 for loan ${maskAccountNumber(HOME_EQUITY)}, which the portal could not apply yet: R01: Insufficient funds`,
      `Return of payment ${waiting.reference_number} ($41.00, loan ${maskAccountNumber(HOME_EQUITY)}), which had not posted and is now under review: R01: Insufficient funds`,
    ]);
    const waitingItem = items.find((item) => item.summary.includes(waiting.reference_number));
    expect(waitingItem?.details).toMatchObject({
      status: 'Needs review',
      returnedOn: '03/19/2025',
      whatToDo: expect.stringContaining('Do not choose Post again: the money did not arrive.'),
    });
    // The payment that never posted cannot post on its own once its return is forgotten: it is
    // under review, its timeline says why, and its posting job leaves it there.
    expect(await statusOf(waiting.id)).toBe('needsReview');
    const rows = await test.database.db
      .selectFrom('payment_events')
      .select(['status', 'detail'])
      .where('payment_id', '=', waiting.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(rows.at(-1)).toEqual({
      status: 'needsReview',
      detail:
        'The bank returned its debit on 03/19/2025 (R01: Insufficient funds) before it posted; put under review so it does not post.',
    });
    await test.app.services.paymentPosting.settlePayment(waiting.id);
    expect(await statusOf(waiting.id)).toBe('needsReview');
    expect(await statusOf(failing.id)).toBe('posted');

    // Past the window the file is read no more: nothing else happens.
    test.clock.set('2025-05-19T15:00:00.000Z');
    expect(await test.app.services.paymentReturns.runOnce()).toMatchObject({ returns: 0 });
    expect(await returnItems()).toHaveLength(2);
  });

  it('lets staff close the payment its return put under review as not paid: Failed, the borrower told, never posted, once', async () => {
    const editor = await signedInStaff(test, {
      email: 'editor@returns-window.test',
      host: 'localhost',
      role: 'editor',
    });
    const viewer = await signedInStaff(test, {
      email: 'viewer@returns-window.test',
      host: 'localhost',
      role: 'viewer',
    });
    const close = (body: Record<string, unknown>, cookie = editor) =>
      test.app.inject({
        method: 'POST',
        url: `/admin-api/institutions/harbor/payments/${waiting.id}/close-unpaid`,
        headers: { ...PORTAL_WRITE_HEADERS, cookie },
        payload: body,
      });
    expect((await close({ note: '  ' })).statusCode).toBe(400);
    expect((await close({ note: 'Returned R01' }, viewer)).statusCode).toBe(403);
    expect(await statusOf(waiting.id)).toBe('needsReview');

    const answer = await close({ note: 'The bank returned the debit (R01); the core holds none.' });
    expect(answer.statusCode).toBe(200);
    const detail = StaffPaymentDetail.parse(answer.json());
    expect(detail.status).toBe('failed');
    expect(detail.events.at(-1)).toMatchObject({
      status: 'failed',
      detail:
        'Closed as not paid by editor (The bank returned the debit (R01); the core holds none): the core held no posting of it.',
    });
    // Once: a second close is refused, and the posting job never posts it.
    const again = await close({ note: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(AdminError.parse(again.json()).error.message).toBe(
      "Only a payment under review can be closed as not paid; this one's status is Failed.",
    );
    await test.app.services.paymentPosting.settlePayment(waiting.id);
    expect(await statusOf(waiting.id)).toBe('failed');
    // The borrower is told it could not be made, why, in the institution's words.
    await test.app.services.outbox.runOnce();
    const mails = (
      await test.app.services.mail.delivered({
        institutionId,
        to: 'jordan.rivers@example.test',
        limit: 1000,
      })
    ).filter(
      (mail) =>
        mail.subject === 'Harbor Community Bank: your payment could not be made' &&
        mail.body.includes('for loan ****2352 of $41.00 could not be made.'),
    );
    expect(
      mails.filter((mail) =>
        mail.body.includes(
          'Reason: We did not receive the money for this payment: your bank did not pay it, or it could not be completed.',
        ),
      ),
    ).toHaveLength(1);
    const audit = await test.app.inject({
      method: 'GET',
      url: '/admin-api/institutions/harbor/audit',
      headers: { cookie: viewer },
    });
    expect(
      AuditListResponse.parse(audit.json())
        .entries.filter((entry) => entry.action === 'payment.closeUnpaid')
        .map((entry) => entry.comment),
    ).toEqual([expect.stringContaining('as not paid: The bank returned the debit (R01)')]);
  });
});
