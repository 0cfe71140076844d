import {
  calendarDateIn,
  type CalendarDate,
  type DeletePaymentRequest,
  errorEnvelope,
  ENVELOPE_CODES,
  type GetThirdPartyFeeRequest,
  okEnvelope,
  oneTimeAchAuthorization,
  oneTimeAchAuthorizationTextKey,
  type PaymentInfoResponse,
  paymentTotal,
  payoffLessInFlight,
  type PayoffLessInFlight,
  SubmitPaymentResponse,
  scheduleWording,
  scheduleWordingTextsOf,
  thirdPartyFeeFor,
  thirdPartyFeeSettingsOf,
} from '@portal/domain';
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AchProcessor } from '../../core/ach/ach-processor';
import type { RoutingDirectory } from '../../core/ach/routing-directory';
import { CoreUnavailableError, type ServicingCore } from '../../core/servicing-core';
import { idempotencyKeys } from '../../db/idempotency-keys';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PrepareNotification, PreparedAlert } from '../notifications/notifications.service';
import { paymentFactsOf } from './payment-alerts';
import { paymentReceivedAt } from './payment-receipt';
import type { DataProtector } from '../../lib/data-protection';
import {
  type MethodToSave,
  type PaymentMethodsService,
  saveMethodWithPayment,
} from '../payment-methods/payment-methods.service';
import type { AchDraftAuthorizations } from '../ach-drafts/ach-drafts.service';
import {
  completeResumable,
  type IdempotentAnswer,
  type IdempotentSubmission,
  peekResumable,
  requestFingerprint,
  runOnceResumable,
  type ResumableOutcome,
} from '../../lib/idempotency';
import {
  inNightMode,
  loadLoanContext,
  type LoanContext,
  type PaymentCaller,
} from './payment-context';
import { openPaymentHandle, paymentIdOf, referenceNumberOf } from './payment-handles';
import { paymentInfoResponse, readPaymentInfo } from './payment-info';
import type { ChosenPaymentMethod } from './payment-method-choice';
import { decideLoanSubmission, recordAcceptedSubmission } from './payment-records';
import type { PaymentSettlement, SettleOutcome } from './payment-settlement';
import {
  type AcceptedPlan,
  draftTermsMatch,
  payoffRefusal,
  permissionRefusal,
  type SubmitRequest,
} from './payment-submit';
import {
  cancelRecurringPayment,
  cancelWaitingPayment,
  findPayment,
  findRecurring,
  keepSavedMethodOnPayment,
  loanAmountInFlight,
  loanPaymentFacts,
  lockLoanPayments,
  type PaymentWithRecipient,
  postingMark,
  type PostingMark,
  recordAchDebitAuthorization,
} from './payments.repository';
import type { SettingsAccessor } from '@portal/settings-schema';

/*
 * Submitting a payment exactly once (spec 001 section 7, ARCHITECTURE "Payments").
 *
 * - Every submit carries an Idempotency-Key (IdempotencyKeyMissing, 400, without one). The
 *   payment's id is derived from (institution, user, key) with a keyed digest, so every retry of
 *   one attempt names the same payment, on any instance.
 * - The key is looked at first: a key already answered replays its answer; a key used for a
 *   different request is IdempotencyKeyReused (422); a key claimed but unanswered (the first
 *   request died after its commit, or is still settling) is resumed below.
 * - The request is then decided with the domain rules. A refusal is stored as the key's answer
 *   (runOnceResumable), so a repeat gets the same refusal.
 * - An accepted submission is one transaction: the key's claim and the payment row (kind
 *   immediate, status 'settling'; or kind scheduled, status 'scheduled'), or the
 *   recurring_payments row. The loan's payments are locked in it; for a scheduled or recurring
 *   payment the quota and the one-recurring rule are checked again (an immediate payment is not
 *   subject to either), and for a one-time payment the core's payoff less the loan's payments in
 *   flight (payment-submit.ts `payoffRefusal`: the core would refuse it when it posts, after a
 *   bank payment's debit was taken), so two tabs or two instances cannot both pass them.
 *   Scheduled and recurring payments are then done: the posting job finds them by date. An
 *   immediate payment is settled at once after the commit with the posting job's own
 *   settlePayment (card or debit, core posting, our record and receipt, each keyed by the payment
 *   id), and the answer (ReferenceNumber, or the card's Declined, OverLimit, Expired,
 *   InvalidInfo) is stored on the key. A bank-account payment's debit is taken then, and the
 *   payment posts once the day's ACH file sends it (payment-settlement.ts): it is answered
 *   accepted all the same (the borrower's confirmation; the payment shows Processing meanwhile),
 *   and its receipt, saying it is processing, is e-mailed then, not when it posts.
 * - Speed (issue 10: 50 submissions a second on PGlite, whose one connection runs every
 *   statement in turn): the loan's own payments are read once, in one statement
 *   (loanPaymentFacts), for the loan outcome and the scheduling rules, and once more under the
 *   lock for the payoff (loanAmountInFlight, one indexed sum); the immediate payment's row goes
 *   from its insert to its settlement without being read again.
 * - A repeat finding the key claimed but unanswered settles the same payment id (idempotent) and
 *   answers from the payment row. No path can make two payment rows (one id per key) or two
 *   postings (one posting key per payment id at the core, one charge key at the processor).
 * - Night mode (HostNightMode) is answered before the key is claimed and not stored: it is about
 *   the hour, not the request, and the same attempt may be retried after it.
 * - A failure the request cannot answer (a processor out of reach) answers 500 Generic ('Please
 *   do not submit your payment again...'): the key stays claimed, and its retry, or the posting
 *   job, finishes the same payment.
 * - The core out of reach while the request is decided (CoreUnavailableError, before the key is
 *   claimed and before anything is written) answers 503 Connection ('Connection error. Please try
 *   again later.'), not stored: nothing happened, and the same attempt may be retried.
 * - A loan number the customer holds that is not a payable loan (a deposit, or an account the
 *   core has no payment terms for) answers Retrieving ('There was a problem retrieving
 *   information associated with this account.'); one the customer does not hold is 404, as for
 *   one that does not exist.
 */

/** The statuses a submit answers. */
const SUBMIT_STATUSES = [200, 400, 404, 409, 422, 500, 503] as const;
export type SubmitStatus = (typeof SUBMIT_STATUSES)[number];
export type SubmitAnswer = { status: SubmitStatus; body: SubmitPaymentResponse };

export interface PaymentsService {
  paymentInfo(caller: PaymentCaller, loanNumber: string): Promise<PaymentInfoOutcome>;
  thirdPartyFee(
    caller: PaymentCaller,
    request: GetThirdPartyFeeRequest,
  ): Promise<{ kind: 'notFound' } | { kind: 'ok'; cents: number | undefined }>;
  submit(
    caller: PaymentCaller,
    request: SubmitRequest,
    key: string | undefined,
  ): Promise<SubmitAnswer>;
  deletePayment(
    caller: PaymentCaller,
    kind: 'scheduled' | 'recurring',
    isCard: boolean,
    request: DeletePaymentRequest,
  ): Promise<{ status: number; error: string | undefined }>;
}

export type PaymentInfoOutcome =
  { kind: 'notFound' } | { kind: 'nightMode' } | { kind: 'ok'; answer: PaymentInfoResponse };

export interface PaymentsServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  dataProtector: DataProtector;
  settings(institutionId: number): Promise<SettingsAccessor>;
  settlement: PaymentSettlement;
  /** A bank account typed for one payment is checked as a saved one is (ach-account-checks). */
  achProcessor: AchProcessor;
  routingDirectory: RoutingDirectory;
  /** The saved-methods listing of GetPaymentInfo is the payment methods module's own. */
  methods: Pick<PaymentMethodsService, 'usableMethodsOf' | 'achTermsOutstanding'>;
  /** The recurring ACH draft agreement a recurring bank-account payment is signed under. */
  achDrafts: AchDraftAuthorizations;
  /**
   * Prepares a payment's alerts (scheduled; a recurring payment set up or cancelled), queued in
   * the transaction that writes the change: the alert exists exactly when the change does.
   */
  prepareTell?: PrepareNotification;
}

/** A stored answer as a submit answer (a status this call never stores reads as 500). */
function submitAnswerOf(stored: IdempotentAnswer<SubmitPaymentResponse>): SubmitAnswer {
  const status = SUBMIT_STATUSES.find((known) => known === stored.status) ?? 500;
  return { status, body: stored.body };
}

function answer(status: SubmitStatus, body: SubmitPaymentResponse): SubmitAnswer {
  return { status, body };
}
const accepted = (referenceNumber: string, receivedAt?: Date): SubmitAnswer =>
  answer(200, {
    ...okEnvelope(),
    ReferenceNumber: referenceNumber,
    ...(receivedAt ? { ReceivedAt: receivedAt.toISOString() } : {}),
  });
const refusedAnswer = (error: string, status: SubmitStatus = 200): SubmitAnswer =>
  answer(status, { ...errorEnvelope(error), ReferenceNumber: '' });

/** The answer of an immediate payment after settling, read from its row. */
function answerOfSettled(outcome: SettleOutcome): SubmitAnswer {
  switch (outcome.status) {
    // A payment made today says when it was received (issue 20 item 16): when it was submitted,
    // its row's created_at, the instant its receipt e-mail says too (paymentReceivedAt), posted
    // in this request or later (a bank payment once its debit is sent). The answer is stored on
    // the key, so a retry replays the same instant.
    case 'posted':
      return accepted(outcome.payment.reference_number, paymentReceivedAt(outcome.payment));
    // Accepted, and posted by the posting job once its debit is sent (a bank account's) and the
    // core's day is open.
    case 'waiting':
      return accepted(outcome.payment.reference_number, paymentReceivedAt(outcome.payment));
    case 'failed':
      return refusedAnswer(outcome.error);
    case 'cancelled':
      return refusedAnswer('Error');
    case 'missing':
      return refusedAnswer('Error');
  }
}

/**
 * A payoff the core quoted for a loan (as of any date), less what the loan's payments in flight
 * will still bring (domain `payoffLessInFlight`, the rule of GetPaymentInfo's
 * PayOffAmount): for the payoff module's quotes, which read the loan's payments through here.
 */
export async function loanPayoffLessInFlight(
  db: Kysely<Database>,
  loan: { institutionId: number; loanNumber: string },
  payoffCents: number,
  /**
   * A future quote's date: the one-time payments scheduled on or before it count too, as the
   * submission of a payoff dated then counts them (`write`), so the figure quoted is accepted.
   */
  scheduledThrough?: CalendarDate,
): Promise<PayoffLessInFlight> {
  const inFlight = await loanAmountInFlight(
    db,
    loan.institutionId,
    loan.loanNumber,
    scheduledThrough === undefined ? {} : { scheduledThrough },
  );
  return payoffLessInFlight(payoffCents, inFlight);
}

export function createPaymentsService(deps: PaymentsServiceDependencies): PaymentsService {
  const { db, clock, core, dataProtector, settlement } = deps;

  function submission(
    caller: PaymentCaller,
    key: string,
    route: string,
    body: unknown,
  ): IdempotentSubmission<SubmitPaymentResponse, Database> {
    return {
      db,
      store: idempotencyKeys,
      institutionId: caller.institutionId,
      userId: caller.userId,
      key,
      fingerprint: requestFingerprint(dataProtector, route, body),
      now: clock.now(),
      parseBody: (stored) => SubmitPaymentResponse.parse(stored),
    };
  }

  /**
   * Settles the key's payment and stores the answer (first to store wins; all get it).
   * `immediate`: the immediate payment this request just wrote (else its row is read).
   */
  async function settleAndAnswer(
    idempotent: IdempotentSubmission<SubmitPaymentResponse, Database>,
    paymentId: string,
    immediate?: PaymentWithRecipient,
    saveAfter?: { caller: PaymentCaller; method: MethodToSave },
  ): Promise<SubmitAnswer> {
    if (immediate) {
      const outcome = await settlement.settlePayment(paymentId, immediate);
      // Issue 20 item 9: a payment made today saves its new method once it went through (a
      // declined card is not saved). A retry that resumes an attempt whose first request died
      // here does not save it: the borrower may save it with a later payment. The payment keeps
      // the saved method, in the transaction that saves it, as a scheduled one does (a bank
      // account typed for it was kept by none: a bank's notification of change about its debit
      // then found no saved account to correct).
      if (saveAfter && (outcome.status === 'posted' || outcome.status === 'waiting')) {
        const owner = {
          institutionId: saveAfter.caller.institutionId,
          userId: saveAfter.caller.userId,
        };
        await db.transaction().execute(async (trx) => {
          const savedId = await saveMethodWithPayment(trx, owner, saveAfter.method, clock.now());
          if (savedId !== undefined) await keepSavedMethodOnPayment(trx, owner, paymentId, savedId);
        });
      }
      const settled = answerOfSettled(outcome);
      return submitAnswerOf(await completeResumable(idempotent, settled));
    }
    const payment = await findPayment(db, paymentId);
    if (!payment) {
      // A recurring submission's key: its answer is its recurring payment's number.
      const recurring = await findRecurring(db, paymentId);
      const settled = recurring ? accepted(recurring.reference_number) : refusedAnswer('Error');
      return submitAnswerOf(await completeResumable(idempotent, settled));
    }
    if (payment.kind !== 'immediate') {
      return submitAnswerOf(
        await completeResumable(idempotent, accepted(payment.reference_number)),
      );
    }
    const settled = answerOfSettled(await settlement.settlePayment(paymentId));
    return submitAnswerOf(await completeResumable(idempotent, settled));
  }

  async function decide(
    caller: PaymentCaller,
    request: SubmitRequest,
  ): Promise<
    | { kind: 'answer'; answer: SubmitAnswer }
    | { kind: 'accept'; context: LoanContext; plan: AcceptedPlan; method: ChosenPaymentMethod }
  > {
    const payment = request.body.Payment;
    const context = await loadLoanContext(deps, caller, payment.Details.LoanAccountNumber);
    if (!context) {
      const held = await core.findAccount(
        { institutionId: caller.institutionId, customerId: caller.customerId },
        payment.Details.LoanAccountNumber,
        calendarDateIn(caller.timeZone, clock.now()),
      );
      return {
        kind: 'answer',
        answer: held ? refusedAnswer('Retrieving') : refusedAnswer(ENVELOPE_CODES.notFound, 404),
      };
    }
    // A bank account saved with its payment passes the ACH terms as AddAchPaymentMethod does: the
    // portal asks for them first, and the server refuses a save while one is still needed.
    if (
      !payment.Method.IsCard &&
      payment.Method.SavePaymentMethod === true &&
      (await deps.methods.achTermsOutstanding(caller))
    ) {
      return { kind: 'answer', answer: refusedAnswer('AchTermsDisagreed') };
    }
    const decision = await decideLoanSubmission(
      {
        db,
        dataProtector,
        achProcessor: deps.achProcessor,
        routingDirectory: deps.routingDirectory,
        core,
      },
      caller,
      context,
      request,
    );
    if (decision.kind === 'notFound') {
      return { kind: 'answer', answer: refusedAnswer(ENVELOPE_CODES.notFound, 404) };
    }
    if (decision.kind === 'refuse')
      return { kind: 'answer', answer: refusedAnswer(decision.error) };
    return { kind: 'accept', context, plan: decision.plan, method: decision.method };
  }

  /** The ACH draft agreement a recurring ACH payment needs, when the institution requires one. */
  async function draftTerms(
    caller: PaymentCaller,
    context: LoanContext,
    plan: AcceptedPlan,
    method: ChosenPaymentMethod,
  ) {
    if (
      !plan.recurring ||
      method.paymentType !== 'ACH' ||
      !context.settings.get('achPaymentOptions.requireAchDraftAgreementOption')
    ) {
      return { needed: false as const };
    }
    const terms = await deps.achDrafts.verifyPreviewToken(
      db,
      { institutionId: caller.institutionId, userId: caller.userId },
      plan.recurring.achDraftToken,
      context.account.number,
      clock.now(),
    );
    return {
      needed: true as const,
      terms: terms && draftTermsMatch(terms, plan, method) ? terms : undefined,
    };
  }

  /**
   * Writes an accepted submission with the key's claim: the payment row (an immediate one as
   * stored, for its settlement), or a refusal when the lock's recheck fails.
   */
  async function write(
    trx: Transaction<Database>,
    caller: PaymentCaller,
    paymentId: string,
    accept: { context: LoanContext; plan: AcceptedPlan; method: ChosenPaymentMethod },
    draft: Awaited<ReturnType<typeof draftTerms>>,
    /** Taken before the core was asked for the loan's figures the plan was decided on. */
    decidedFrom: PostingMark,
  ): Promise<{ refused: SubmitAnswer } | { immediate: PaymentWithRecipient | undefined }> {
    const { context, plan, method } = accept;
    const loanNumber = context.account.number;
    await lockLoanPayments(trx, caller.institutionId, loanNumber);
    // An immediate payment is not among what the quota and the one-recurring rule count, and
    // they never refuse it (permissionRefusal): it needs no recount.
    if (plan.kind !== 'immediate') {
      const facts = await loanPaymentFacts(trx, caller.institutionId, loanNumber);
      // The same domain rules (schedulingBlocks / recurringBlocks) on the counts read under the
      // lock: the quota and the one-recurring rule cannot be passed by two requests at once.
      const locked = permissionRefusal(context, plan.kind, method, {
        scheduledCount: facts.scheduledCount,
        hasRecurring: facts.hasActiveRecurring,
      });
      if (locked) return { refused: refusedAnswer(locked) };
    }
    // The core's payoff less the loan's payments in flight, read under the lock: a payment the
    // core would refuse when it posts is refused on the form, before its money moves. The payoff
    // was read before the lock, so the payments posted since that read count as in flight too
    // (another request's, posted between this one's decision and its lock).
    if (!plan.recurring) {
      // DECISION: a scheduled payment counts the others waiting for their dates; a payment made
      // now does not (it pays today, and one scheduled later that the payoff no longer leaves
      // room for is refused on its date before any money moves, and its borrower told:
      // payment-settlement.ts `payoffRefusalBeforeDebit`): a borrower paying a loan off today is
      // not sent to delete next week's payment first.
      // A scheduled payoff counts those scheduled on or before its date only: it pays what they
      // leave, as its quote says (payoff.service), and the later ones are refused on their dates.
      const scheduledPayoff = plan.kind === 'scheduled' && plan.isPayoff;
      const inFlight = await loanAmountInFlight(trx, caller.institutionId, loanNumber, {
        postedSince: decidedFrom,
        withWaitingScheduled: plan.kind === 'scheduled' && !scheduledPayoff,
        ...(scheduledPayoff ? { scheduledThrough: plan.payDate } : {}),
      });
      const overPayoff = payoffRefusal(plan, inFlight);
      if (overPayoff) return { refused: refusedAnswer(overPayoff) };
    }
    let achDraftId: string | null = null;
    if (plan.recurring && draft.needed && draft.terms) {
      achDraftId = await deps.achDrafts.recordAuthorization(
        trx,
        { institutionId: caller.institutionId, userId: caller.userId },
        {
          loanNumber,
          recurringPaymentId: paymentId,
          terms: draft.terms,
          // The institution's wording, as the confirmation and the lists show it.
          scheduleText: scheduleWording(
            {
              RecurringOption: plan.recurring.option,
              Date: plan.recurring.nextDate,
              NumberOfDays: plan.recurring.daysBeforeDue,
            },
            scheduleWordingTextsOf(context.settings),
          ),
          firstDate: plan.recurring.nextDate,
        },
        clock.now(),
        // The agreement record's IPAddress (spec 001 "Server agreement record").
        { ipAddress: caller.ipAddress ?? '' },
      );
    }
    // Issue 20 item 9: a method to be saved is saved with a scheduled or recurring payment, in
    // its transaction, and the payment keeps the saved method's id (deleting the method then
    // cancels it). One made today saves it once it went through (settleAndAnswer).
    let recorded = method;
    if (plan.kind !== 'immediate' && method.saveWithPayment) {
      const savedId = await saveMethodWithPayment(
        trx,
        { institutionId: caller.institutionId, userId: caller.userId },
        method.saveWithPayment,
        clock.now(),
      );
      if (savedId !== undefined) {
        recorded = { ...method, snapshot: { ...method.snapshot, payment_method_id: savedId } };
      }
    }
    const payment = await recordAcceptedSubmission(trx, dataProtector, {
      id: paymentId,
      caller,
      loanNumber,
      plan,
      method: recorded,
      now: clock.now(),
      achDraftId,
    });
    // A one-time ACH debit is made under the authorization the borrower read above the button
    // and in the confirm dialog (issue 20): recorded with the payment, in its transaction, in
    // the same words (the domain builds them from the same setting), with the template's version.
    if (method.paymentType === 'ACH' && plan.kind !== 'recurring') {
      const textKey = oneTimeAchAuthorizationTextKey(plan.kind, plan.isPayoff);
      const template = context.settings.get(textKey);
      await recordAchDebitAuthorization(trx, {
        payment_id: paymentId,
        institution_id: caller.institutionId,
        user_id: caller.userId,
        loan_number: loanNumber,
        text_key: textKey,
        text_version: `sha256:${createHash('sha256').update(template).digest('hex')}`,
        text: oneTimeAchAuthorization(template, {
          totalCents: paymentTotal(plan),
          date: plan.payDate,
          accountType: (method.snapshot.ach_account_type ?? '').toLowerCase(),
          lastFour: method.snapshot.last_four,
        }),
        ip_address: caller.ipAddress ?? '',
        authorized_at: clock.now(),
      });
    }
    return { immediate: plan.kind === 'immediate' ? payment : undefined };
  }

  /**
   * The alert of a payment scheduled, or a recurring payment set up, prepared before the
   * transaction that writes it, from what will be written (the row's figures, its method and
   * its reference number, derived from its id); undefined when nothing is to be sent.
   */
  async function prepareAccepted(
    caller: PaymentCaller,
    paymentId: string,
    accept: { context: LoanContext; plan: AcceptedPlan; method: ChosenPaymentMethod },
  ): Promise<PreparedAlert | undefined> {
    const { context, plan, method } = accept;
    if (!deps.prepareTell || plan.kind === 'immediate') return undefined;
    const row = {
      id: paymentId,
      loan_number: context.account.number,
      reference_number: referenceNumberOf(dataProtector, paymentId),
      amount_cents: plan.amountCents,
      additional_principal_cents: plan.additionalPrincipalCents,
      first_party_fee_cents: plan.firstPartyFeeCents,
      third_party_fee_cents: plan.thirdPartyFeeCents,
      is_card: method.snapshot.is_card,
      card_type: method.snapshot.card_type,
      last_four: method.snapshot.last_four,
    };
    const who = { institutionId: caller.institutionId, userId: caller.userId };
    const alert = await deps.prepareTell(
      plan.recurring
        ? {
            ...who,
            kind: 'recurringSetUp',
            frequency: scheduleWording(
              {
                RecurringOption: plan.recurring.option,
                Date: plan.recurring.nextDate,
                NumberOfDays: plan.recurring.daysBeforeDue,
              },
              scheduleWordingTextsOf(context.settings),
            ),
            ...paymentFactsOf(
              context.settings,
              row,
              plan.recurring.firstDate ?? plan.recurring.nextDate,
            ),
          }
        : {
            ...who,
            kind: 'paymentScheduled',
            ...paymentFactsOf(context.settings, row, plan.payDate),
          },
    );
    return alert.sends ? alert : undefined;
  }

  return {
    async paymentInfo(caller, loanNumber) {
      const context = await loadLoanContext(deps, caller, loanNumber);
      if (!context) return { kind: 'notFound' };
      if (inNightMode(context.settings, caller.timeZone, context.now)) return { kind: 'nightMode' };
      // The loan as the core answered it just now is the caller's; the loan's payments and the
      // caller's own saved methods come in one statement, and the settings are this request's.
      const { payments, savedMethods } = await readPaymentInfo({ db, dataProtector }, context);
      const methods = deps.methods.usableMethodsOf(caller, savedMethods, context.settings);
      return {
        kind: 'ok',
        answer: await paymentInfoResponse(context, payments, methods, caller.companyNumber),
      };
    },

    // Decision (issue 10 asks for a cached third-party fee, in-flight duplicates sharing one
    // answer): the fee is a lookup of the institution's settings (thirdPartyFeeSettingsOf), and
    // the settings accessor is already cached per institution (institutions.service), so there
    // is nothing to cache here. Caching with in-flight sharing (createRefreshingCache) belongs
    // here once a processor is asked for the fee.
    async thirdPartyFee(caller, request) {
      const context = await loadLoanContext(deps, caller, request.LoanNumber);
      if (!context) return { kind: 'notFound' };
      return {
        kind: 'ok',
        cents: thirdPartyFeeFor(request, thirdPartyFeeSettingsOf(context.settings)),
      };
    },

    async submit(caller, request, key) {
      if (key === undefined) return refusedAnswer('IdempotencyKeyMissing', 400);
      const settings = await deps.settings(caller.institutionId);
      if (inNightMode(settings, caller.timeZone, clock.now()))
        return refusedAnswer('HostNightMode');
      const paymentId = paymentIdOf(dataProtector, { ...caller, key });
      const idempotent = submission(
        caller,
        key,
        `${request.route}:${request.paymentType}`,
        request.body,
      );
      const seen = await peekResumable(idempotent);
      if (seen) return resolved(seen);
      let decided: Awaited<ReturnType<typeof decide>>;
      // Before the core is asked: what posts from now on, its figures may not count. The
      // database's order, not this instance's clock: another instance marks what it posts.
      const decidedFrom = await postingMark(db);
      try {
        decided = await decide(caller, request);
      } catch (error) {
        if (error instanceof CoreUnavailableError) return refusedAnswer('Connection', 503);
        throw error;
      }
      const draft =
        decided.kind === 'accept'
          ? await draftTerms(caller, decided.context, decided.plan, decided.method)
          : { needed: false as const };
      const alert =
        decided.kind === 'accept' ? await prepareAccepted(caller, paymentId, decided) : undefined;
      // The immediate payment's row as committed: its settlement below need not read it again.
      let immediate: PaymentWithRecipient | undefined;
      const outcome = await runOnceResumable(idempotent, async (trx) => {
        if (decided.kind === 'answer') return { kind: 'answer', answer: decided.answer };
        if (draft.needed && !draft.terms)
          return { kind: 'answer', answer: refusedAnswer('Invalid') };
        const written = await write(trx, caller, paymentId, decided, draft, decidedFrom);
        if ('refused' in written) return { kind: 'answer', answer: written.refused };
        immediate = written.immediate;
        // The scheduled or recurring payment's alert, written with it (a transactional outbox).
        await alert?.queue(trx);
        return { kind: 'continue' };
      });
      return resolved(outcome);

      async function resolved(
        outcome: ResumableOutcome<SubmitPaymentResponse>,
      ): Promise<SubmitAnswer> {
        switch (outcome.outcome) {
          case 'ran':
          case 'replayed':
            return submitAnswerOf(outcome.answer);
          case 'refused':
            return refusedAnswer(
              outcome.refusal,
              outcome.refusal === 'IdempotencyKeyReused' ? 422 : 409,
            );
          case 'continue': {
            // A resumed attempt (found claimed by peekResumable, before this request decided
            // anything) settles from its row alone.
            if (outcome.resumed) return settleAndAnswer(idempotent, paymentId);
            alert?.deliverSoon();
            const toSave =
              decided.kind === 'accept' && decided.plan.kind === 'immediate'
                ? decided.method.saveWithPayment
                : undefined;
            return settleAndAnswer(
              idempotent,
              paymentId,
              immediate,
              toSave ? { caller, method: toSave } : undefined,
            );
          }
        }
      }
    },

    async deletePayment(caller, kind, isCard, request) {
      const owner = { institutionId: caller.institutionId, userId: caller.userId };
      const id = openPaymentHandle(dataProtector, kind, owner, request.Payment.EncryptedString);
      const notFound = { status: 404, error: ENVELOPE_CODES.notFound };
      if (!id) return notFound;
      const settings = await deps.settings(caller.institutionId);
      const loanNumber = request.Payment.LoanAccountNumber;
      if (kind === 'scheduled') {
        const payment = await findPayment(db, id);
        if (!payment || payment.user_id !== caller.userId || payment.loan_number !== loanNumber) {
          return notFound;
        }
        if (payment.is_card !== isCard) return { status: 200, error: 'Deleting' };
        if (!settings.get('paymentOptions.allowDeleteScheduledPaymentOption')) {
          return {
            status: 200,
            error: isCard ? 'ModifyScheduledCardNotAllowed' : 'ModifyScheduledAchNotAllowed',
          };
        }
        // Decision: a payment that posted answers 'HasBeenPosted', worded by
        // recurringPaymentTexts.scheduledDeleteBlockedText ('Cannot delete scheduled payment.').
        // A payment whose settlement began (money may have moved) is as good as posted, and so
        // is one under review (its posting job died after it began).
        if (
          payment.status === 'posted' ||
          payment.status === 'settling' ||
          payment.status === 'needsReview'
        ) {
          return { status: 200, error: 'HasBeenPosted' };
        }
        if (payment.status !== 'scheduled') return { status: 200, error: 'Deleting' };
        const cancelled = await db
          .transaction()
          .execute((trx) => cancelWaitingPayment(trx, id, clock.now()));
        // Posted or cancelled meanwhile: read again for the right refusal.
        if (!cancelled) {
          const now = await findPayment(db, id);
          const settled =
            now?.status === 'posted' || now?.status === 'settling' || now?.status === 'needsReview';
          return { status: 200, error: settled ? 'HasBeenPosted' : 'Deleting' };
        }
        return { status: 200, error: undefined };
      }
      const recurring = await findRecurring(db, id);
      if (
        !recurring ||
        recurring.user_id !== caller.userId ||
        recurring.loan_number !== loanNumber
      ) {
        return notFound;
      }
      if (recurring.is_card !== isCard) return { status: 200, error: 'Deleting' };
      // Decision: the generic variant (DeleteRecurringNotAllowed) is for a recurring payment whose
      // method type the server cannot tell; every recurring payment here has one, so the setting
      // answers the ACH or the card variant. The portal still words the generic key (a bank's
      // own payment server may answer it).
      if (!settings.get('paymentOptions.allowDeleteRecurringPaymentOption')) {
        return {
          status: 200,
          error: isCard ? 'DeleteRecurringCardNotAllowed' : 'DeleteRecurringAchNotAllowed',
        };
      }
      if (recurring.status !== 'active') return notFound;
      const at = clock.now();
      const alert = await deps.prepareTell?.({
        institutionId: caller.institutionId,
        userId: caller.userId,
        kind: 'recurringCancelled',
        at,
        ...paymentFactsOf(settings, recurring, recurring.next_date),
      });
      // The cancellation and its alert in one transaction; a second cancel (not active by then)
      // writes neither.
      const cancelled = await db.transaction().execute(async (trx) => {
        if (!(await cancelRecurringPayment(trx, id, at))) return false;
        await alert?.queue(trx);
        return true;
      });
      if (cancelled) alert?.deliverSoon();
      return { status: 200, error: undefined };
    },
  };
}
