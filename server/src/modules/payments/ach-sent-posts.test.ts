import { addDays, type CalendarDate } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AchDebitRecord, AchProcessingDay, AchProcessor } from '../../core/ach/ach-processor';
import { testDatabases } from '../../testing/databases';
import {
  addAccount,
  type Caller,
  HOME_EQUITY,
  paymentBody,
  submit,
  TODAY,
} from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';
import { createAchFileSealing } from './ach-file-sealing';

/*
 * After each seal and every five minutes, the sealing job asks the processor which debits of the
 * days since the earliest payment still waiting are filed, and queues their posts. One payment
 * left waiting for months (its day's file never made: staff were to look) had every day's debits
 * since listed again on every run, five minutes apart, more each day. A pass now reads only the
 * days with a file sealed since the previous one; the first pass of a process reads them all.
 */

/** A processor's days from `first` to `last`, each with its cut-off file, as listDays answers. */
function processorOf(first: CalendarDate, last: CalendarDate, waiting: string) {
  const days = new Map<CalendarDate, { day: AchProcessingDay; debits: AchDebitRecord[] }>();
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const sealedAt = new Date(`${date}T21:00:00.000Z`);
    const debit = (key: string, filed: boolean): AchDebitRecord => ({
      idempotencyKey: key,
      traceNumber: '011099990000001',
      amountCents: 2_500,
      processingDate: date,
      filed,
      returnReasonCode: null,
    });
    days.set(date, {
      day: {
        date,
        entries: 1,
        totalDebitCents: 2_500,
        files: [{ fileIdModifier: 'A', entries: 1, totalDebitCents: 2_500, sealedAt }],
        pending: { entries: date === first ? 1 : 0, totalDebitCents: date === first ? 2_500 : 0 },
      },
      // Another borrower's debit, posted long ago (a UUID the payments table does not hold).
      debits: [
        debit(`00000000-0000-4000-8000-${date.replaceAll('-', '').padStart(12, '0')}`, true),
        ...(date === first ? [debit(waiting, false)] : []),
      ],
    });
  }
  const asked: CalendarDate[] = [];
  const processor: Pick<AchProcessor, 'listDays' | 'listDebits' | 'sealNextFile'> = {
    listDays: () => Promise.resolve([...days.values()].map((entry) => entry.day).reverse()),
    listDebits(_institutionId, date) {
      asked.push(date);
      return Promise.resolve(days.get(date)?.debits ?? []);
    },
    sealNextFile: () => Promise.resolve(undefined),
  };
  return {
    processor,
    /** The days whose debits were asked for since the last call. */
    asked(): CalendarDate[] {
      return asked.splice(0).sort();
    },
    /** Staff make the waiting day's file at last: its debit is filed, in a file sealed `at`. */
    fileWaiting(at: Date) {
      const entry = days.get(first);
      if (!entry) throw new Error('no first day');
      entry.day.files.push({
        fileIdModifier: 'B',
        entries: 1,
        totalDebitCents: 2_500,
        sealedAt: at,
      });
      entry.day.pending = { entries: 0, totalDebitCents: 0 };
      entry.debits = entry.debits.map((debit) => ({ ...debit, filed: true }));
    },
  };
}

describe.each(testDatabases('both'))('the posts of sent ACH debits, on $name', (database) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let waitingId: string;

  beforeAll(async () => {
    test = await startTestApp(database);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    await publishSettingsChange(test.app, 'localhost', {
      shared: { achPaymentOptions: { requireAchDraftAgreementOption: 'false' } },
    });
    // A bank payment of March 14th whose debit waits for a file (of the built-in processor's,
    // never made here): 'settling' from then on.
    const paid = await submit(
      jordan,
      'immediateAch',
      paymentBody({ loan: HOME_EQUITY, method: await addAccount(jordan), amount: 25 }),
      'sent-posts-1',
    );
    expect(paid.body.Errors).toEqual([]);
    const payment = await test.database.db
      .selectFrom('payments')
      .select(['id', 'status', 'pay_date'])
      .where('reference_number', '=', paid.body.ReferenceNumber)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'settling', pay_date: TODAY });
    waitingId = payment.id;
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  function sealingWith(processor: Pick<AchProcessor, 'listDays' | 'listDebits' | 'sealNextFile'>) {
    const queued: string[][] = [];
    let failQueueing = false;
    const sealing = createAchFileSealing({
      db: test.database.db,
      clock: test.clock,
      achProcessor: processor,
      settings: (id) => test.app.services.institutions.settings(id),
      queuePosts(paymentIds) {
        if (failQueueing) return Promise.reject(new Error('job queue unreachable'));
        queued.push([...paymentIds]);
        return Promise.resolve(paymentIds.length);
      },
    });
    return {
      queueSentPosts: () => sealing.queueSentPosts(institutionId),
      queued,
      failQueueing(fail: boolean) {
        failQueueing = fail;
      },
    };
  }

  it('reads only the days with a file sealed since its previous pass, however long a payment has waited', async () => {
    // June 12th, three months on: a file every day since March 14th, none with the waiting debit.
    const bank = processorOf(TODAY, '2025-06-12', waitingId);
    const sealing = sealingWith(bank.processor);
    test.clock.set('2025-06-12T22:30:00.000Z');
    // The process's first pass reads every day since the payment's date (and the day before).
    expect(await sealing.queueSentPosts()).toBe(0);
    expect(bank.asked()).toHaveLength(91);

    // Five minutes later nothing new was sealed: no day is read again.
    test.clock.advance(5 * 60_000);
    expect(await sealing.queueSentPosts()).toBe(0);
    expect(bank.asked()).toEqual([]);

    // Staff make March 14th's file at last: that day alone is read, and the payment is queued.
    test.clock.advance(5 * 60_000);
    bank.fileWaiting(test.clock.now());
    expect(await sealing.queueSentPosts()).toBe(1);
    expect(bank.asked()).toEqual([TODAY]);
    expect(sealing.queued).toEqual([[waitingId]]);
  });

  it('reads again the files of a pass that failed', async () => {
    const bank = processorOf(TODAY, '2025-06-13', waitingId);
    const sealing = sealingWith(bank.processor);
    test.clock.set('2025-06-13T22:30:00.000Z');
    await sealing.queueSentPosts();
    bank.asked();

    // The waiting day's file is made, and the passes that would queue its post fail for hours
    // (the job queue out of reach).
    test.clock.advance(5 * 60_000);
    bank.fileWaiting(test.clock.now());
    sealing.failQueueing(true);
    for (let pass = 0; pass < 3; pass += 1) {
      await expect(sealing.queueSentPosts()).rejects.toThrow('job queue unreachable');
      expect(bank.asked()).toEqual([TODAY]);
      test.clock.advance(3_600_000);
    }

    // The next pass that can queue still reads that file, and queues the payment's post.
    sealing.failQueueing(false);
    expect(await sealing.queueSentPosts()).toBe(1);
    expect(bank.asked()).toEqual([TODAY]);
    expect(sealing.queued).toEqual([[waitingId]]);
  });
});
