import { calendarDateIn, formatUsd, type CalendarDate } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { AchProcessor } from '../../core/ach/ach-processor';
import type { CardProcessor } from '../../core/card-processor';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { MailService, PreparedMail } from '../mail/mail.service';
import type { PrepareNotification, PreparedAlert } from '../notifications/notifications.service';
import { achAccountBlocked, achDuplicateKey } from '../payment-methods/ach-account-checks';
import { paymentFactsOf } from './payment-alerts';
import {
  paymentFailedEmail,
  type PaymentFailureReason,
  paymentPayoffShortEmail,
  paymentReceiptEmail,
} from './payment-receipt';
import {
  beginSettlement,
  findPayment,
  findPaymentWithRecipient,
  markPaymentFailed,
  markPaymentPosted,
  recordPaymentRefunded,
  setFirstAchTrace,
  setPaymentAchTrace,
  type PaymentRow,
  type PaymentWithRecipient,
} from './payments.repository';
import { storedPaymentTotal } from './payment-total';
import { payoffBesides } from './payoff-besides';

/*
 * Settling a payment: moving the money (card charge or ACH debit), posting it to the core, and
 * recording that it posted. The same function serves an immediate payment in its request, its
 * retry, and the posting job for scheduled and recurring dates. A row goes 'scheduled' to
 * 'settling' before any money moves (the borrower can cancel only a 'scheduled' one), then to
 * 'posted' or 'failed'; a run that died while 'settling' is finished by the next one.
 *
 * A bank-account payment posts only once its debit is sent (issue 24: it counted as posted as
 * soon as the processor queued the debit, before any file took it, so the borrower saw Posted
 * for money not even asked for). A debit the processor accepted but has not sent yet (in no
 * sealed file: `AchDebitOutcome.sent`) leaves the row 'settling' (the borrower sees Processing)
 * with the answer 'waiting' until 'debitSent', and the core is not called; the run that finds it
 * sent posts it. Nothing is lost by waiting: the core credits a payment as of its payment date
 * whenever it posts (builtin-core.ts `creditAsOfDate`), and the debit is asked for again under
 * its key, which answers the same trace number and where the debit is now. Who runs the
 * settlement again once the file is sealed: payment-posting.ts (`queueSentPosts`). A card charge
 * is the money moved at once: a card payment posts as before.
 *
 * Exactly once: every external call is keyed by the payment's id (the card processor's charge
 * idempotency key, the ACH processor's debit key, the core's posting key), so a run that died
 * anywhere and a re-run, or two runs at once, charge once and post once; our own record is one
 * guarded update (status 'settling' to 'posted') whose statement also queues the receipt, so
 * exactly one run marks it and sends it.
 *
 * Decisions (the spec is silent):
 * - The money moved is the Payment Total: amount, additional principal and both fees in one
 *   charge or debit (the borrower sees one total and one line on the statement). The core is
 *   posted the amount plus the additional principal; the fees are the institution's, not the
 *   loan's.
 * - Card first, then the core: a decline then leaves the loan untouched (the row is 'failed' with
 *   the card's error key). When the core refuses for good after a card was charged (the loan was
 *   paid off meanwhile, the amount now exceeds the payoff) the charge is refunded and the row
 *   fails with New (section 8's create-payment error that asks the borrower to contact the
 *   institution: trying again would be refused again). A bank debit cannot be recalled through
 *   the processor interface: the row fails with ContactUs (the money left the borrower's account
 *   and the institution returns it): staff are given a work item to give it back or post it by
 *   hand (onCoreRefusal), and the borrower's notice is the one after a debit (it says the money
 *   was taken and what the institution does with it, never to pay another way as if nothing
 *   was). What the core refuses that can be known before (a loan paid off, an amount above the
 *   payoff less the loan's payments in flight) a one-time payment is refused for on the form
 *   (payment-submit.ts `payoffRefusal`); what remains can only arise after it was accepted.
 * - The core refusing 'dayNotClosed' (the end of day has not closed the day before the date yet)
 *   leaves the row waiting: the posting job settles it once the day is open. So does a core's
 *   'pending' (it posts in its own batch): the job asks again until the core says it posted.
 * - A failed date of a recurring payment leaves the recurring payment active (the next date is
 *   tried as usual). A scheduled payment or recurring date that fails for good queues a notice
 *   to the borrower (`paymentFailedEmail`: date, masked loan, total, method and the reason in
 *   plain words) in the statement of the guarded update that marks it failed, so exactly one
 *   run sends it however often the job is retried, as the receipt. An immediate payment's
 *   failure is answered in its request: no notice; but a bank-account payment made today that
 *   failed after its request answered it accepted (its debit waited for its file, and the core
 *   then refused it) is told by the notice after a debit.
 * - The receipt is e-mailed once per payment. A card payment, a scheduled payment and a recurring
 *   date: when it posts, in the guarded update that marks it posted. A bank payment made today:
 *   when its debit is accepted and waits for the day's ACH file (the borrower's confirmation then
 *   says it is processing), with the processing paragraph, in the statement that first writes the
 *   debit's trace number (`setFirstAchTrace`: one run learns it first); not again when it posts
 *   (a second "received" e-mail a day later, with another time on it, read as a second payment).
 *   But one with Pay off ticked that no longer pays the loan off when it posts (a payment
 *   returned or refunded since it was accepted, a fee charged) gets one e-mail then, saying it
 *   was credited and what is still owed, in the statement of the mark (`payoffShortNoticeOf`):
 *   its receipt said nothing of it, and the borrower thinks the loan closed.
 *   One whose debit was sent at once (a processor that sends at once) posts in its request, as a
 *   card's, and its receipt goes then; its posting job is queued first, to run minutes later,
 *   should that post die with its request (`queueSentPost`). Decision (the specs say nothing of e-mails; a bank sends
 *   "we received your payment" at once): docs/decisions/bank-payment-emails.md.
 * - When a payment was received is one stored instant (payment-receipt.ts `paymentReceivedAt`):
 *   a payment made today's `created_at`, the submission, on the screen and in the receipt alike.
 * - Speed (issue 10's posting bench, every statement in turn on PGlite's one connection): the
 *   update that begins the settlement answers the row and the address its e-mails go to (one
 *   statement, not a read, an update and another read), the guarded update that marks it posted
 *   or failed queues its e-mail in the same statement (payments.repository
 *   updatePendingWithMail; a transaction of four before), and an immediate payment's own
 *   request hands over the row it wrote. Decision: the mark is not joined to the posting job's
 *   completing transaction; a job that writes nothing finishes by one statement
 *   (job-queue.ts), so joining them would save nothing and tie the settlement to the job queue.
 */

export type SettleOutcome =
  | { status: 'posted'; payment: PaymentRow }
  | { status: 'failed'; payment: PaymentRow; error: string }
  /**
   * Still waiting: for the core (its day is not open yet, or it posts in its own batch), or, with
   * `until: 'debitSent'`, for the ACH debit the processor accepted to be sent in its day's file
   * (the core was not asked). A row under review answers 'waiting' too.
   */
  | { status: 'waiting'; payment: PaymentRow; until?: 'debitSent' }
  | { status: 'cancelled'; payment: PaymentRow }
  | { status: 'missing' };

export interface PaymentSettlement {
  /**
   * Settles the payment. `settling`: its row as the caller just committed it, 'settling' (an
   * immediate payment's own request), so it is not read again.
   */
  settlePayment(paymentId: string, settling?: PaymentWithRecipient): Promise<SettleOutcome>;
}

export interface SettlementDependencies {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  cardProcessor: CardProcessor;
  achProcessor: AchProcessor;
  dataProtector: DataProtector;
  mail: Pick<MailService, 'prepare' | 'deliverSoon'>;
  institutionName(institutionId: number): Promise<string>;
  /** The institution's published settings (the e-mails' wording). */
  settings(institutionId: number): Promise<SettingsAccessor>;
  timeZone(institutionId: number): Promise<string>;
  /** Told about a bank debit whose payment the core then refused (staff give the money back). */
  onCoreRefusal?(payment: PaymentRow, reason: string): Promise<void>;
  /**
   * Told about a payment the core credited as of a day after its payment date (a core that
   * cannot replay the loan from that date: the built-in core's loans whose history predates
   * migration 0037). Regulation Z 1026.36(c)(1) wants it credited as of its date: staff check
   * the interest and any late fee the later day cost the borrower.
   */
  onLateCredit?(payment: PaymentRow, creditedOn: CalendarDate): Promise<void>;
  /**
   * Queues, to run a little later, the post of a bank payment made today whose debit the
   * processor sent at once (a processor that sends each debit as it takes it), before its request
   * posts it: should that post die with its request, the job posts it. The posting run never
   * lists a payment whose debit was taken (payments.repository `listDuePaymentIds`), and the
   * sealing job's `queueSentPosts` finds only debits in the files it reads. Keyed as the sealing
   * job's post ('payment-post:<id>:sent'): once however often, and a job that finds it posted
   * does nothing.
   */
  queueSentPost?(paymentId: string): Promise<void>;
  /**
   * Prepares a payment's alert (posted; a scheduled or recurring date failed), queued in the
   * transaction that marks the row: the alert exists exactly when the mark does.
   */
  prepareTell?: PrepareNotification;
}

/** What a settled row answers, read from the row alone (a repeat's answer). */
export function outcomeOfRow(payment: PaymentRow): SettleOutcome {
  switch (payment.status) {
    case 'posted':
      return { status: 'posted', payment };
    case 'failed':
      return { status: 'failed', payment, error: payment.failure ?? 'Error' };
    case 'cancelled':
      return { status: 'cancelled', payment };
    default:
      return { status: 'waiting', payment };
  }
}

type MoneyOutcome =
  /** `tracedNow`: this run wrote the ACH debit's trace number first (no earlier run learnt it). */
  | { moved: true; chargeId?: string; tracedNow?: boolean }
  | { moved: false; error: string }
  /** The ACH debit is accepted and waits for its day's file: nothing to post yet. */
  | { moved: 'notSent' };

export function createPaymentSettlement(deps: SettlementDependencies): PaymentSettlement {
  const { db, clock, core, cardProcessor, achProcessor, dataProtector } = deps;

  /**
   * `processingReceipt`: the receipt of a bank payment made today, queued with the debit's trace
   * number the first time it is written if the debit waits for its file.
   */
  async function moveMoney(
    payment: PaymentRow,
    today: CalendarDate,
    processingReceipt: () => Promise<PreparedMail | undefined>,
  ): Promise<MoneyOutcome> {
    if (payment.is_card) {
      const charged = await cardProcessor.charge({
        institutionId: payment.institution_id,
        token: payment.processor_token ?? '',
        amountCents: storedPaymentTotal(payment),
        idempotencyKey: payment.id,
      });
      if (charged.status === 'approved') return { moved: true, chargeId: charged.chargeId };
      return { moved: false, error: charged.status === 'declined' ? charged.error : 'Error' };
    }
    const debit = await achProcessor.submitDebit({
      institutionId: payment.institution_id,
      idempotencyKey: payment.id,
      // A date that waited past its day settles on the day it is sent.
      effectiveDate: payment.pay_date < today ? today : payment.pay_date,
      routingNumber: payment.routing_number ?? '',
      accountNumber: dataProtector.decrypt(payment.account_number_sealed ?? ''),
      accountType: payment.ach_account_type === 'Savings' ? 'Savings' : 'Checking',
      ownerName: payment.owner_name_sealed ? dataProtector.decrypt(payment.owner_name_sealed) : '',
      loanNumber: payment.loan_number,
      amountCents: storedPaymentTotal(payment),
      // An occurrence of a recurring payment: the entry says so (WEB's payment type code R).
      recurring: payment.kind === 'recurring',
    });
    if (debit.status === 'refused') return { moved: false, error: debit.error };
    // A return names the debit by its trace number (payment-returns.ts): kept with the payment
    // (a repeat of the debit answers the same number, so a re-run writes the same value).
    if (payment.ach_trace_number !== null) {
      await setPaymentAchTrace(db, payment.id, debit.traceNumber);
      return debit.sent ? { moved: true } : { moved: 'notSent' };
    }
    const receipt = debit.sent ? undefined : await processingReceipt();
    const tracedNow = await setFirstAchTrace(db, payment.id, debit.traceNumber, receipt);
    if (tracedNow && receipt) deps.mail.deliverSoon();
    return debit.sent ? { moved: true, tracedNow } : { moved: 'notSent' };
  }

  async function debitBlocked(payment: PaymentRow): Promise<boolean> {
    if (payment.is_card || !payment.routing_number) return false;
    const accountKey = achDuplicateKey(
      dataProtector,
      payment.routing_number,
      dataProtector.decrypt(payment.account_number_sealed ?? ''),
    );
    return achAccountBlocked(db, payment.institution_id, accountKey);
  }

  /**
   * Whether the loan still owes enough for a scheduled or recurring bank payment, before its
   * debit is taken: the payoff as of its date (today's, when it settles late) less what the
   * loan's other payments in flight will bring. Its amount was checked when it was set up, maybe
   * weeks before; since then the loan may have been paid off (by card, by another payment). A
   * debit cannot be recalled through the processor, and the core would refuse the payment after
   * the money left the borrower's account: refused here, nothing moves. Undefined when it fits
   * or the core gives no quote (its posting then decides, as before).
   */
  async function payoffRefusalBeforeDebit(
    payment: PaymentRow,
    today: CalendarDate,
  ): Promise<'paidOff' | 'exceedsPayoff' | { payoffCents: number } | undefined> {
    const payoff = await payoffBesides(
      { db, core },
      payment,
      payment.pay_date > today ? payment.pay_date : today,
    );
    if (!payoff) return undefined;
    if (payoff.quoteCents <= 0) return 'paidOff';
    const paying = payment.amount_cents + payment.additional_principal_cents;
    const left = payoff.leftCents;
    if (paying <= left) return undefined;
    // DECISION: a payoff the loan no longer needs all of (a payment in flight when it was
    // scheduled credited as of its own date saved interest; a payment made elsewhere since) is
    // debited for the payoff on its date, less than authorized and never more: the borrower asked
    // to pay the loan off, and failing it would leave the loan open. Nothing left: 'paidOff'.
    if (payment.is_payoff && payment.additional_principal_cents === 0) {
      return left > 0 ? { payoffCents: left } : 'paidOff';
    }
    return 'exceedsPayoff';
  }

  async function prepareAlert(
    payment: PaymentRow,
    kind: 'paymentPosted' | 'paymentFailed',
  ): Promise<PreparedAlert | undefined> {
    if (!deps.prepareTell) return undefined;
    const settings = await deps.settings(payment.institution_id);
    const alert = await deps.prepareTell({
      institutionId: payment.institution_id,
      userId: payment.user_id,
      kind,
      ...paymentFactsOf(settings, payment, payment.pay_date),
    });
    return alert.sends ? alert : undefined;
  }

  /**
   * Marks the row (`mark`, guarded: false when another run marked it first) and queues its alert
   * in the same transaction; without an alert to queue, the mark's one statement alone.
   */
  async function markWithAlert(
    mark: (executor: Kysely<Database>) => Promise<boolean>,
    alert: PreparedAlert | undefined,
  ): Promise<boolean> {
    if (!alert) return mark(db);
    const marked = await db.transaction().execute(async (trx) => {
      if (!(await mark(trx))) return false;
      await alert.queue(trx);
      return true;
    });
    if (marked) alert.deliverSoon();
    return marked;
  }

  /**
   * Marks the row failed with its error key; a scheduled or recurring date also queues its
   * notice, in the same statement as the guarded update (one run marks it, so one notice).
   * @param reason what the notice says (the error key, or the core's refusal behind New or
   *   ContactUs)
   * @param onScreen the failure is the answer of the request that made the payment (an
   *   immediate one's): no notice
   * @param afterDebit the bank debit was sent before the core refused: the notice after a debit
   */
  async function fail(
    payment: PaymentWithRecipient,
    onScreen: boolean,
    error: string,
    reason: PaymentFailureReason = error,
    afterDebit = false,
  ): Promise<SettleOutcome> {
    let notice: ReturnType<MailService['prepare']> | undefined;
    if (!onScreen && payment.recipient !== '') {
      const [institutionName, settings] = await Promise.all([
        deps.institutionName(payment.institution_id),
        deps.settings(payment.institution_id),
      ]);
      notice = deps.mail.prepare(
        paymentFailedEmail({
          settings,
          institutionName,
          to: payment.recipient,
          payment,
          reason,
          afterDebit,
        }),
      );
    }
    // The alert's text beside the notice (an immediate payment's failure is on the screen).
    const alert = onScreen ? undefined : await prepareAlert(payment, 'paymentFailed');
    const marked = await markWithAlert(
      (executor) =>
        markPaymentFailed(
          executor,
          payment.id,
          { failure: error, at: clock.now(), reason },
          notice,
        ),
      alert,
    );
    if (marked && notice) deps.mail.deliverSoon();
    const now = await findPayment(db, payment.id);
    return now ? outcomeOfRow(now) : { status: 'missing' };
  }

  /** The payment's receipt (undefined without an address to send it to). */
  async function receiptOf(
    payment: PaymentWithRecipient,
    processing: boolean,
    payoffShortCents?: number,
  ): Promise<PreparedMail | undefined> {
    if (payment.recipient === '') return undefined;
    const [institutionName, settings, timeZone] = await Promise.all([
      deps.institutionName(payment.institution_id),
      deps.settings(payment.institution_id),
      deps.timeZone(payment.institution_id),
    ]);
    return deps.mail.prepare(
      paymentReceiptEmail({
        settings,
        institutionName,
        to: payment.recipient,
        payment,
        timeZone,
        processing,
        payoffShortCents,
      }),
    );
  }

  /**
   * What a payment meant to pay the loan off left owed once the core credited it: 0 when the loan
   * is paid off (or the core gives no quote). A payoff is made for the amount quoted and
   * authorized when it was scheduled or submitted, never more; a payment returned or refunded
   * since, or a fee charged, leaves the loan owing the difference, which the borrower must be
   * told.
   */
  async function payoffShortOf(payment: PaymentRow, at: Date): Promise<number> {
    if (!payment.is_payoff) return 0;
    // Credited by the core already; the loan's other payments in flight pay the rest when it
    // credits them (a payoff is accepted for the payoff less them): not owed.
    const payoff = await payoffBesides(
      { db, core },
      payment,
      calendarDateIn(await deps.timeZone(payment.institution_id), at),
    );
    return payoff ? payoff.leftCents : 0;
  }

  /**
   * The notice of a bank payoff made today that no longer pays the loan off now it posts: its
   * receipt went when its debit was accepted, so this is the borrower's only word of it
   * (undefined when it pays the loan off, or without an address).
   */
  async function payoffShortNoticeOf(
    payment: PaymentWithRecipient,
    at: Date,
  ): Promise<PreparedMail | undefined> {
    if (payment.recipient === '' || !payment.is_payoff) return undefined;
    const owedCents = await payoffShortOf(payment, at);
    if (owedCents <= 0) return undefined;
    const [institutionName, settings] = await Promise.all([
      deps.institutionName(payment.institution_id),
      deps.settings(payment.institution_id),
    ]);
    return deps.mail.prepare(
      paymentPayoffShortEmail({
        settings,
        institutionName,
        to: payment.recipient,
        payment,
        owedCents,
      }),
    );
  }

  /**
   * Marks the row posted with its receipt, unless `receiptSent` (a bank payment made today whose
   * receipt went when its debit was accepted): then, with the notice of a payoff that no longer
   * pays the loan off, if it is one. Either goes in the statement of the guarded mark: one run
   * marks it, so one e-mail however often its job is retried.
   */
  async function recordPosted(
    payment: PaymentWithRecipient,
    coreReference: string,
    receiptSent: boolean,
  ): Promise<SettleOutcome> {
    const at = clock.now();
    const receipt = receiptSent
      ? await payoffShortNoticeOf(payment, at)
      : await receiptOf({ ...payment, posted_at: at }, false, await payoffShortOf(payment, at));
    const alert = await prepareAlert(payment, 'paymentPosted');
    const marked = await markWithAlert(
      (executor) => markPaymentPosted(executor, payment.id, { coreReference, at }, receipt),
      alert,
    );
    if (marked) {
      if (receipt) deps.mail.deliverSoon();
      return {
        status: 'posted',
        payment: { ...payment, status: 'posted', core_reference: coreReference, posted_at: at },
      };
    }
    // Another run marked it first (or it was cancelled meanwhile): its row answers.
    const now = await findPayment(db, payment.id);
    return now ? outcomeOfRow(now) : { status: 'missing' };
  }

  /**
   * The row to settle, 'settling' from here on (`fresh` when this run began it: no money has
   * moved for it yet); or the answer of a row already final.
   */
  async function begin(
    paymentId: string,
  ): Promise<
    | { settling: PaymentWithRecipient; fresh?: true; overPayoff?: 'paidOff' | 'exceedsPayoff' }
    | { final: SettleOutcome }
  > {
    // A scheduled or recurring payment, card or bank account, is checked against the payoff
    // before any money moves for it (`payoffRefusalBeforeDebit`): one the loan no longer owes
    // fails, and a payoff the loan no longer needs all of is lowered to the payoff by the very
    // statement that begins it, so a run resuming it moves what the row says, never the amount
    // before (a lowering after the row was begun left a moment where a second run debited the
    // whole amount under the same key).
    const waiting = await findPayment(db, paymentId);
    const check =
      waiting?.status === 'scheduled' && waiting.kind !== 'immediate'
        ? await payoffRefusalBeforeDebit(
            waiting,
            calendarDateIn(await deps.timeZone(waiting.institution_id), clock.now()),
          )
        : undefined;
    const lowered =
      waiting && typeof check === 'object'
        ? {
            amountCents: check.payoffCents,
            detail:
              `Payoff lowered from ${formatUsd(waiting.amount_cents)} to ` +
              `${formatUsd(check.payoffCents)}, the loan's payoff on its date`,
          }
        : undefined;
    // From here money may move: the row leaves 'scheduled' first, so a cancellation racing
    // this run either wins before it (and nothing moves) or is refused (HasBeenPosted). The
    // update answers the row, so a waiting payment is read and begun in one statement.
    const begun = await beginSettlement(db, paymentId, clock.now(), lowered);
    if (begun) {
      return typeof check === 'string'
        ? { settling: begun, fresh: true, overPayoff: check }
        : { settling: begun, fresh: true };
    }
    const payment = await findPaymentWithRecipient(db, paymentId);
    if (!payment) return { final: { status: 'missing' } };
    // Settling already: a run that died, or one under way (every step below is keyed).
    return payment.status === 'settling' ? { settling: payment } : { final: outcomeOfRow(payment) };
  }

  return {
    async settlePayment(paymentId, settling) {
      const begun =
        settling?.id === paymentId && settling.status === 'settling'
          ? { settling }
          : await begin(paymentId);
      if ('final' in begun) return begun.final;
      const payment = begun.settling;
      // An immediate payment's failure is answered in its request (no notice), but one by bank
      // account whose debit waited for its file was answered as accepted before it could fail:
      // a later run's failure of it is told as a scheduled one's is. (A card payment made today
      // is settled in its request, and its retries answer on the screen too: as before.)
      const onScreen =
        payment.kind === 'immediate' && (payment.is_card || settling?.id === paymentId);
      const failed = (error: string, reason?: PaymentFailureReason) =>
        fail(payment, onScreen, error, reason);
      // A scheduled or recurring debit from a bank account a return blocked since it was set up
      // (payment-returns.ts) is not sent: it fails with the bank's word, and the borrower is told.
      // Only before any money moved for it: a run resuming a debit it may have sent goes on.
      if ('fresh' in begun && (await debitBlocked(payment))) {
        return failed('RoutingAccountInvalidThirdParty', 'InvalidInfo');
      }
      const today = calendarDateIn(await deps.timeZone(payment.institution_id), clock.now());
      const madeToday = payment.kind === 'immediate' && !payment.is_card;
      // A one-time payment made today was checked against the payoff under the loan's lock in
      // its request (payment-submit.ts payoffRefusal); a scheduled or recurring one was checked
      // as it was begun (`begin`), before any money moved.
      if ('fresh' in begun && 'overPayoff' in begun && begun.overPayoff) {
        return failed('New', begun.overPayoff);
      }
      const money = await moveMoney(payment, today, () =>
        madeToday ? receiptOf(payment, true) : Promise.resolve(undefined),
      );
      if (money.moved === 'notSent') return { status: 'waiting', payment, until: 'debitSent' };
      if (!money.moved) return failed(money.error);
      if (madeToday) await deps.queueSentPost?.(payment.id);
      // A bank payment made today whose debit an earlier run learnt of: its receipt went then
      // (the debit waited for its file), not now that it posts.
      const receiptSent = madeToday && money.tracedNow !== true;
      const posting = await core.postPayment(
        { institutionId: payment.institution_id, customerId: payment.customer_id },
        payment.loan_number,
        {
          postingKey: payment.id,
          date: payment.pay_date,
          amountCents: payment.amount_cents + payment.additional_principal_cents,
          additionalPrincipalCents: payment.additional_principal_cents,
          method: payment.is_card ? 'card' : 'ach',
        },
      );
      if (posting.status === 'posted' || posting.status === 'alreadyPosted') {
        if (posting.date > payment.pay_date) await deps.onLateCredit?.(payment, posting.date);
        return recordPosted(payment, posting.reference, receiptSent);
      }
      // The core posts it later (its own batch), or its day is not open: the row stays
      // 'settling' (the borrower sees Processing) and the posting job asks again under the same
      // key; the core answers 'alreadyPosted' once it has posted, and the row is marked then.
      if (
        posting.status === 'pending' ||
        (posting.status === 'refused' && posting.reason === 'dayNotClosed')
      ) {
        return { status: 'waiting', payment };
      }
      const reason = posting.status === 'refused' ? posting.reason : posting.status;
      if (money.chargeId !== undefined) {
        const refund = await cardProcessor.refund({
          institutionId: payment.institution_id,
          chargeId: money.chargeId,
        });
        // Its timeline says the money went back before it says the payment failed.
        if (refund.status === 'refunded') {
          await recordPaymentRefunded(db, payment.id, {
            at: refund.refundedAt,
            detail: `card charge refunded: the core refused the payment (${reason})`,
          });
        }
        return failed('New', reason);
      }
      await deps.onCoreRefusal?.(payment, reason);
      return fail(payment, onScreen, 'ContactUs', reason, true);
    },
  };
}
