import {
  addDays,
  calendarDateIn,
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  maskAccountNumber,
  PAYMENT_STATUS_LABELS,
  type PaymentEventStatus,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { AchProcessor } from '../../core/ach/ach-processor';
import {
  ACH_RETURN_REASONS,
  achReturnReasonText,
  isAchReturnCode,
  type NachaChangeNotice,
  type NachaReturn,
} from '../../core/ach/nacha-returns';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { listInstitutionTimeZones } from '../institutions/institutions.service';
import type { QueueDefinition } from '../jobs/job-queue';
import type { MailService } from '../mail/mail.service';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import { achDuplicateKey } from '../payment-methods/ach-account-checks';
import { applyAchCorrection } from '../payment-methods/ach-corrections';
import { institutionTimeZoneOf } from './payment-context';
import { paymentReturnedEmail } from './payment-receipt';
import {
  blockAchAccount,
  cancelRecurringPayment,
  correctWaitingAchAccounts,
  countReturnedOfRecurring,
  findPaymentOfNotice,
  findPaymentOfReturn,
  claimChangeNotice,
  markPaymentNeedsReview,
  markPaymentReturned,
  type PaymentWithRecipient,
} from './payments.repository';

/*
 * ACH returns (issue 24): the borrower's bank sent a debit back (NACHA return reason codes:
 * R01 insufficient funds, R02 account closed, ...). The processor answers the return files it
 * received (AchProcessor.receiveReturns, at least once); each return is acted on once:
 *
 * 1. its payment is found by the debit's trace number, the loan number and the amount
 *    (findPaymentOfReturn);
 * 2. the core reverses the posting as of the payment's date (ServicingCore.reversePayment: the
 *    loan as if it had not been paid; no late fee for the days before the return; the
 *    institution's returned-payment fee, achPaymentOptions.returnedPaymentFeeCents, only when set),
 *    under a key of its own, so a second run answers the first reversal;
 * 3. the payment moves from posted to returned, with its timeline row and the borrower's e-mail
 *    in the same statement (a guarded update: one run moves it, so one e-mail);
 * 4. a reason that means the account cannot take debits (ACH_RETURN_REASONS blocksAccount)
 *    blocks the bank account for ACH at the institution (by its keyed digest);
 * 5. a recurring payment is cancelled once achPaymentOptions.returnsBeforeRecurringCancelled of
 *    its dates came back.
 *
 * A crash between 2 and 3 leaves the payment posted: the next run finds the return again (the
 * file is answered again) and the core answers the same reversal.
 *
 * A return the portal cannot act on alone goes to staff, once (a work item of kind 'achReturn',
 * by the return's trace number and day): no payment of the portal matches it, or its payment is
 * under review (its posting died: whether the core holds it is staff's to find out), or the core
 * refuses to reverse its payment ('cannotReverse': asked again on each run). A return
 * whose payment's posting is still in flight ('settling') waits: the files are answered again on
 * each run, and it is applied once the payment has posted (a posting that dies instead makes the
 * payment one under review, and the return then goes to staff). A return that still waits, or
 * still fails, in its file's last days in the window (RETURN_WINDOW_DAYS) goes to staff too: no
 * return is dropped without a word when its file is no longer read. One still waiting then moves
 * its payment, still 'settling', under review first ('needsReview', a timeline row, no e-mail:
 * staff tell the borrower), so it can no longer post on its own after the return is forgotten:
 * only staff's Post again would, and their item says not to.
 *
 * A notification of change (C01...: the bank took the debit but names the account as it knows it
 * now) corrects the saved bank account the payment drew on, and the copy an active recurring
 * payment keeps of it, so the next debit goes to the corrected account (NACHA asks the change
 * within six banking days). The saved account is the payer's own: the one the payment keeps, or
 * (a bank account saved with a payment made today, saved once its debit was taken) the payer's
 * saved account with the debit's routing and account number (ach-corrections.ts). Once: a marker
 * row written with the correction (migration 0047), so the runs that read its file again for
 * weeks change nothing; a debit from an account the payer did not save (nothing to correct) is
 * marked the same way, done with once.
 */

/**
 * How far back the return files are asked for, by the day each file came. A return that came late
 * (an unauthorised debit's, up to 60 days after it settled) comes in a new file, so this is not
 * what lets it in: it is how long a return the portal cannot apply yet (its payment still
 * posting, the core's day not closed, a run that failed on it) is tried again, and how long the
 * portal can be stopped without missing a file. It was 14 days, and a return still waiting then
 * was dropped without a word. Now NACHA's longest return time frame (60 calendar days, for
 * unauthorised debits: R05, R07, R10, R11, R29, R51), and a return that still waits in its file's
 * last days goes to staff (RETURN_LAST_CALL_DAYS). Reading the files again costs one look-up per
 * return: an applied one finds its payment Returned.
 */
export const RETURN_WINDOW_DAYS = 60;
/** The last days a return file is read: a return not applied by then goes to staff, once. */
export const RETURN_LAST_CALL_DAYS = 7;

/** The job that receives the returns, and how often it runs (a file a day is typical). */
export const PAYMENT_RETURNS_QUEUE = 'payments.returns';
export const PAYMENT_RETURNS_EVERY_MS = 15 * 60_000;

export interface PaymentReturnsDependencies {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  achProcessor: AchProcessor;
  dataProtector: DataProtector;
  mail: Pick<MailService, 'prepare' | 'deliverSoon'>;
  /** Staff's alert of a return the portal cannot apply; without it (a test) none is made. */
  workQueue?: Pick<WorkQueueService, 'submitOnce'>;
  settings(institutionId: number): Promise<SettingsAccessor>;
  institutionName(institutionId: number): Promise<string>;
  /** Told of a return or notice that failed on a run (the app logs it). */
  onError?(error: unknown, what: string): void;
}

export interface ReturnsRunReport {
  returns: number;
  returned: number;
  unmatched: number;
  /** Returns whose payment's posting is in flight: applied on a later run. */
  waiting: number;
  /** Returns the core refused to reverse: put before staff, asked again on a later run. */
  refused: number;
  /** Returns and notices that failed on this run (logged): tried again on the next. */
  failed: number;
  /** Notifications of change received, and the saved accounts they corrected. */
  notices: number;
  corrected: number;
}

export function createPaymentReturns(deps: PaymentReturnsDependencies) {
  const { db, clock, core, achProcessor, dataProtector, mail } = deps;

  /**
   * Applies a return of a file received on `returnedOn`; `lastCall`: in the file's last days in
   * the window, when a return that still waits goes to staff.
   */
  async function applyReturn(
    institutionId: number,
    settings: SettingsAccessor,
    entry: NachaReturn,
    returnedOn: string,
    lastCall: boolean,
  ): Promise<'returned' | 'already' | 'unmatched' | 'waiting' | 'refused'> {
    const payment = await findPaymentOfReturn(db, {
      institutionId,
      traceNumber: entry.originalTraceNumber,
      loanNumber: entry.individualId,
      amountCents: entry.amountCents,
      returnedOn,
    });
    if (!payment || payment.status === 'needsReview') {
      await alertStaff(institutionId, entry, returnedOn, payment);
      return 'unmatched';
    }
    const waiting = async () => {
      if (!lastCall) return 'waiting' as const;
      // Its file is read no more, and the payment has still not posted: it must not post later
      // on its own (the money did not arrive). It goes under review, where only staff move it,
      // with a row saying why; staff's item says what to do.
      const stopped =
        payment.status === 'settling' &&
        (await markPaymentNeedsReview(
          db,
          payment.id,
          {
            at: clock.now(),
            detail:
              `The bank returned its debit on ${formatUsDate(returnedOn)} (${entry.reasonCode}: ` +
              `${achReturnReasonText(entry.reasonCode)}) before it posted; put under review so ` +
              'it does not post.',
          },
          undefined,
        ));
      await alertStaff(
        institutionId,
        entry,
        returnedOn,
        stopped ? { ...payment, status: 'needsReview' } : payment,
        stopped ? 'stoppedPosting' : 'notApplied',
      );
      return 'waiting' as const;
    };
    if (payment.status === 'settling') return waiting();
    if (payment.status === 'returned') return 'already';
    const code = entry.reasonCode;
    const reason = achReturnReasonText(code);
    const feeCents = settings.get('achPaymentOptions.returnedPaymentFeeCents');
    const reversal = await core.reversePayment(
      { institutionId, customerId: payment.customer_id },
      payment.loan_number,
      {
        postingKey: payment.id,
        reversalKey: `return:${payment.id}`,
        returnedOn,
        // The lines of the loan's history the borrower reads, in the institution's words.
        reason: fillPlaceholders(settings.get('loanDetailsTexts.historyReturnedPaymentText'), {
          reason: reason.toLowerCase(),
          code,
        }),
        feeCents,
        feeDescription: settings.get('loanDetailsTexts.historyReturnedPaymentFeeText'),
      },
    );
    if (reversal.status === 'refused' && reversal.reason === 'dayNotClosed') return waiting();
    if (reversal.status !== 'reversed' && reversal.status !== 'alreadyReversed') {
      // The core will not take it back (nothing changed there): staff reverse it by hand. The
      // payment stays as it is, and the next run asks the core again (once it can, it is
      // applied as any other); the alert is made once.
      await alertStaff(institutionId, entry, returnedOn, payment, 'coreRefused');
      return 'refused';
    }
    const limit = settings.get('achPaymentOptions.returnsBeforeRecurringCancelled');
    // This date is not marked yet: it counts as one more.
    const cancelsRecurring =
      payment.recurring_payment_id !== null &&
      (await countReturnedOfRecurring(db, payment.recurring_payment_id)) + 1 >= limit;
    const notice =
      payment.recipient === ''
        ? undefined
        : mail.prepare(
            paymentReturnedEmail({
              settings,
              institutionName: await deps.institutionName(institutionId),
              to: payment.recipient,
              payment,
              reason,
              feeCents,
              recurringCancelled: cancelsRecurring,
            }),
          );
    const now = clock.now();
    // The account's block and the recurring payment's cancellation come before the guarded mark:
    // each is safe to make again, and a process that died after the mark would otherwise leave
    // them undone (the next run finds the payment returned and stops there).
    // Blocked for ACH: a return that says the account cannot take debits, and the return that
    // cancels a recurring payment (issue 24: cancelled after the set number, and its account
    // blocked, so no scheduled debit draws on it either).
    const blocks = isAchReturnCode(code) && ACH_RETURN_REASONS[code].blocksAccount;
    if ((blocks || cancelsRecurring) && payment.routing_number) {
      await blockAchAccount(db, {
        institutionId,
        accountKey: achDuplicateKey(
          dataProtector,
          payment.routing_number,
          dataProtector.decrypt(payment.account_number_sealed ?? ''),
        ),
        reasonCode: code,
        paymentId: payment.id,
        at: now,
      });
    }
    if (cancelsRecurring && payment.recurring_payment_id) {
      await cancelRecurringPayment(db, payment.recurring_payment_id, now);
    }
    const moved = await markPaymentReturned(db, payment.id, { reasonCode: code, at: now }, notice);
    if (!moved) return 'already';
    if (notice) mail.deliverSoon();
    return 'returned';
  }

  /**
   * A return the portal cannot apply, to staff once: what the bank said, and what matched. Why:
   * no payment matches or its posting is under review ('unmatched'), the core refused to reverse
   * it ('coreRefused'), or it still waits (or fails) in its file's last days ('notApplied').
   */
  async function alertStaff(
    institutionId: number,
    entry: NachaReturn,
    returnedOn: string,
    payment: PaymentWithRecipient | undefined,
    why: 'unmatched' | 'coreRefused' | 'notApplied' | 'stoppedPosting' = 'unmatched',
  ): Promise<void> {
    if (!deps.workQueue) return;
    const amount = formatUsd(entry.amountCents);
    const loan = maskAccountNumber(entry.individualId);
    const reason = `${entry.reasonCode}: ${achReturnReasonText(entry.reasonCode)}`;
    const named = payment
      ? `Return of payment ${payment.reference_number} (${amount}, loan ${loan})`
      : `Return of a debit of ${amount} for loan ${loan}`;
    const told = ((): { summary: string; status: PaymentEventStatus; whatToDo: string } => {
      if (why === 'stoppedPosting') {
        return {
          summary: `${named}, which had not posted and is now under review: ${reason}`,
          status: 'needsReview',
          whatToDo:
            'The bank sent this payment back before the portal could post it, and the return ' +
            'file is read no more, so the payment is now under review and will not post on its ' +
            'own. Do not choose Post again: the money did not arrive. Check the core: if it holds ' +
            'a posting of this payment, reverse it there and charge any returned-payment fee; ' +
            'then tell the borrower the payment was returned. Open it under Payments for its ' +
            'timeline.',
        };
      }
      if (why === 'notApplied') {
        return {
          summary: `${named}, which the portal could not apply yet: ${reason}`,
          status: payment?.status === 'settling' ? 'settling' : 'posted',
          whatToDo:
            'The bank sent this payment back, and the portal could not apply the return yet (the ' +
            "payment has not posted, the core's day is not closed, or applying it failed). It " +
            `tries again until ${formatUsDate(addDays(returnedOn, RETURN_WINDOW_DAYS))}, and the ` +
            'payment then says Returned if it could. If it does not: reverse its posting in the ' +
            'core by hand, charge any returned-payment fee there, and tell the borrower. Open it ' +
            'under Payments for its timeline.',
        };
      }
      if (why === 'coreRefused') {
        return {
          summary: `${named}, which the core did not reverse: ${reason}`,
          status: 'posted',
          whatToDo:
            'The bank sent this payment back, and the core refused to reverse its posting (the ' +
            "loan's history since cannot be replayed, or the loan is closed). Reverse it in the " +
            'core by hand, charge any returned-payment fee there, and tell the borrower. Open it ' +
            'under Payments for its timeline.',
        };
      }
      return payment
        ? {
            summary: `${named}, which is under review: ${reason}`,
            status: 'needsReview',
            whatToDo:
              'The bank sent this payment back while its posting is under review. Check with the ' +
              'core whether it posted: if it did, reverse it there; then settle the payment with ' +
              'the borrower. Open it under Payments for its timeline.',
          }
        : {
            summary: `${named} the portal does not know: ${reason}`,
            status: 'needsReview',
            whatToDo:
              "No payment of the portal has this trace number, loan and amount. Check the ACH processor's " +
              'file and the core for the debit, and reverse any posting of it by hand.',
          };
    })();
    await deps.workQueue.submitOnce({
      institutionId,
      kind: 'achReturn',
      userId: payment?.user_id ?? null,
      senderName: 'ACH processor',
      senderEmail: '',
      summary: told.summary,
      details: {
        returnedOn: formatUsDate(returnedOn),
        reason,
        amount,
        loan,
        traceNumber: entry.originalTraceNumber,
        ...(payment
          ? {
              confirmationNumber: payment.reference_number,
              paymentDate: formatUsDate(payment.pay_date),
              status: PAYMENT_STATUS_LABELS[told.status],
            }
          : {}),
        whatToDo: told.whatToDo,
      },
      // A payment put under review at last call then reads as one under review on the next
      // runs: one item for both.
      reference: `${entry.originalTraceNumber}@${returnedOn}${
        why === 'unmatched' || why === 'stoppedPosting' ? '' : `:${why}`
      }`,
    });
  }

  async function runOnce(): Promise<ReturnsRunReport> {
    const report: ReturnsRunReport = {
      returns: 0,
      returned: 0,
      unmatched: 0,
      waiting: 0,
      refused: 0,
      failed: 0,
      notices: 0,
      corrected: 0,
    };
    for (const institution of await listInstitutionTimeZones(db)) {
      const settings = await deps.settings(institution.id);
      const zone = institutionTimeZoneOf(settings, institution.timeZone);
      const today = calendarDateIn(zone, clock.now());
      const since = addDays(today, -RETURN_WINDOW_DAYS);
      const files = await achProcessor.receiveReturns(institution.id, since);
      for (const file of files) {
        const lastCall = file.receivedDate <= addDays(since, RETURN_LAST_CALL_DAYS);
        // One entry that fails (the core unreachable, a fault) is left for the next run, which
        // answers the same files again: it never stops the entries and institutions after it.
        for (const entry of file.returns) {
          report.returns += 1;
          try {
            const outcome = await applyReturn(
              institution.id,
              settings,
              entry,
              file.receivedDate,
              lastCall,
            );
            if (outcome === 'returned') report.returned += 1;
            if (outcome === 'unmatched') report.unmatched += 1;
            if (outcome === 'waiting') report.waiting += 1;
            if (outcome === 'refused') report.refused += 1;
          } catch (error) {
            report.failed += 1;
            deps.onError?.(error, `the return of trace ${entry.originalTraceNumber}`);
            // Failing still in its file's last days: staff are told before the file is read no
            // more (the payment is not known here: the item names the debit).
            if (lastCall) {
              await alertStaff(
                institution.id,
                entry,
                file.receivedDate,
                undefined,
                'notApplied',
              ).catch((alertError: unknown) => {
                deps.onError?.(alertError, `the staff alert of trace ${entry.originalTraceNumber}`);
              });
            }
          }
        }
        for (const notice of file.notices) {
          report.notices += 1;
          try {
            if (await applyNotice(institution.id, notice, file.receivedDate)) report.corrected += 1;
          } catch (error) {
            report.failed += 1;
            deps.onError?.(error, `the change notice of trace ${notice.originalTraceNumber}`);
          }
        }
      }
    }
    return report;
  }

  const queue: QueueDefinition<unknown> = {
    name: PAYMENT_RETURNS_QUEUE,
    maxAttempts: 3,
    async handler({ stillMine }) {
      if (await stillMine()) await runOnce();
    },
  };

  async function applyNotice(
    institutionId: number,
    notice: NachaChangeNotice,
    receivedOn: string,
  ): Promise<boolean> {
    const payment = await findPaymentOfNotice(db, {
      institutionId,
      traceNumber: notice.originalTraceNumber,
      loanNumber: notice.individualId,
      receivedOn,
    });
    if (!payment) return false;
    // Once: the file is read again on every run for weeks, and nothing of a notification
    // changes between runs (the marker, the saved account and the waiting copies in one
    // transaction). A debit from a bank account the payer keeps no saved copy of (typed for the
    // payment and not saved) has nothing to correct: its notice is marked all the same, done
    // with once rather than looked at again on every run.
    return db.transaction().execute(async (trx) => {
      const first = await claimChangeNotice(trx, {
        institutionId,
        traceNumber: notice.originalTraceNumber,
        receivedDate: receivedOn,
        at: clock.now(),
      });
      if (!first) return false;
      // The payer's saved account the debit drew on: the one the payment keeps, or the payer's
      // saved account with the debit's numbers (a bank account saved with a payment made today
      // is saved after its debit was taken). Never another user's with the same number.
      const corrected = await applyAchCorrection(trx, dataProtector, payment, notice.correction);
      if (!corrected) return false;
      await correctWaitingAchAccounts(trx, institutionId, corrected.methodId, {
        routingNumber: corrected.routingNumber,
        accountNumberSealed: dataProtector.encrypt(corrected.accountNumber),
        lastFour: corrected.accountNumber.slice(-4),
        accountType: corrected.accountType,
      });
      return true;
    });
  }

  return {
    /** Receives each institution's return files of the last days and acts on each return once. */
    runOnce,
    queue,
  };
}

export type PaymentReturns = ReturnType<typeof createPaymentReturns>;
