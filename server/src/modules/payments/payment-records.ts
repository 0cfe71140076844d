import type { SubmitError } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { DataProtector } from '../../lib/data-protection';
import type { AchAccountCheckDependencies } from '../payment-methods/ach-account-checks';
import type { LoanContext, PaymentCaller } from './payment-context';
import { referenceNumberOf } from './payment-handles';
import { loanSubmitError } from './payment-info';
import { chooseMethod, type ChosenPaymentMethod } from './payment-method-choice';
import {
  type AcceptedPlan,
  decideSubmission,
  loanRefusal,
  type SubmitRequest,
} from './payment-submit';
import {
  insertPayment,
  insertRecurring,
  loanAmountInFlight,
  loanPaymentFacts,
  type PaymentWithRecipient,
} from './payments.repository';

/** What the rules make of a submission for a loan the caller holds. */
export type SubmissionDecision =
  | { kind: 'accept'; plan: AcceptedPlan; method: ChosenPaymentMethod }
  | { kind: 'refuse'; error: SubmitError }
  /** The method is not the caller's: answered as a missing loan is. */
  | { kind: 'notFound' };

/**
 * Decides a submission for the caller's loan, in the order the submit path answers: the loan's
 * refusals (holds, the third-party route), its outcome on the payments it has (loanSubmitError),
 * the method, then the amount, date and schedule rules (decideSubmission) on the loan's counts.
 * The submit path (payments.service) and the demo seed's payments decide through this one
 * function.
 */
export async function decideLoanSubmission(
  deps: AchAccountCheckDependencies & { core: ServicingCore },
  caller: PaymentCaller,
  context: LoanContext,
  request: SubmitRequest,
): Promise<SubmissionDecision> {
  const refusal = loanRefusal(context, request);
  if (refusal) return { kind: 'refuse', error: refusal };
  // The loan's own payments, once: its outcome and the scheduling rules read them.
  const facts = await loanPaymentFacts(deps.db, caller.institutionId, context.account.number);
  const loanError = await loanSubmitError(context, facts);
  if (loanError) return { kind: 'refuse', error: loanError };
  const { Payment: payment } = request.body;
  const choice = await chooseMethod(deps, caller, context.settings, payment.Method, {
    payDate: payment.Details.PaymentDate.slice(0, 10),
    immediate: request.route === 'immediate',
  });
  if (choice.kind === 'notFound') return { kind: 'notFound' };
  if (choice.kind === 'refused') return { kind: 'refuse', error: choice.error };
  const decision = await decideSubmission(deps.core, context, request, choice.method, {
    scheduledCount: facts.scheduledCount,
    hasRecurring: facts.hasActiveRecurring,
    // A payoff is for the payoff less the payments in flight, as GetPaymentInfo's PayOffAmount
    // and the payoff quotes offer it (domain payoffLessInFlight).
    // A future payoff, the one-time payments scheduled on or before its date too (its quote
    // counts them: payments.service loanPayoffLessInFlight).
    inFlightCents: payment.IsPayoff
      ? await loanAmountInFlight(
          deps.db,
          caller.institutionId,
          context.account.number,
          payment.Details.PaymentDate.slice(0, 10) > context.today
            ? { scheduledThrough: payment.Details.PaymentDate.slice(0, 10) }
            : {},
        )
      : 0,
  });
  if (decision.kind === 'refuse') return decision;
  return { kind: 'accept', plan: decision.plan, method: choice.method };
}

/** An accepted submission as it is written: the plan the rules decided, for one loan and method. */
export interface AcceptedSubmission {
  /** The payment's id (paymentIdOf the caller's Idempotency-Key). */
  id: string;
  caller: PaymentCaller;
  loanNumber: string;
  plan: AcceptedPlan;
  method: ChosenPaymentMethod;
  now: Date;
  /** The recurring ACH draft authorization it was signed under (recurring bank account only). */
  achDraftId?: string | null;
}

/**
 * Writes an accepted submission with the caller's transaction `db`: a one-time payment (an
 * immediate one 'settling' from the start: it settles after this commit and nothing may cancel
 * it; a scheduled one waiting for its date), or a recurring payment, active. The submit path
 * (payments.service) and the demo seed's payments write through this one function, so the lists,
 * deletion, the quota and the posting job treat both alike. Answers the one-time payment's row
 * (undefined for a recurring payment, or when a payment of this id exists already).
 */
export async function recordAcceptedSubmission(
  db: Kysely<Database>,
  protector: DataProtector,
  submission: AcceptedSubmission,
): Promise<PaymentWithRecipient | undefined> {
  const { id, caller, plan } = submission;
  const common = {
    id,
    institution_id: caller.institutionId,
    user_id: caller.userId,
    customer_id: caller.customerId,
    loan_number: submission.loanNumber,
    reference_number: referenceNumberOf(protector, id),
    additional_principal_cents: plan.additionalPrincipalCents,
    first_party_fee_cents: plan.firstPartyFeeCents,
    third_party_fee_cents: plan.thirdPartyFeeCents,
    created_at: submission.now,
    ...submission.method.snapshot,
  };
  if (!plan.recurring) {
    return insertPayment(db, {
      ...common,
      kind: plan.kind,
      pay_date: plan.payDate,
      amount_cents: plan.amountCents,
      is_payoff: plan.isPayoff,
      status: plan.kind === 'immediate' ? 'settling' : 'scheduled',
    });
  }
  await insertRecurring(db, {
    ...common,
    recurring_option: plan.recurring.option,
    days_before_due: plan.recurring.daysBeforeDue,
    first_date: plan.recurring.firstDate,
    next_date: plan.recurring.nextDate,
    amount_cents: plan.amountCents,
    pays_total_due: plan.recurring.paysTotalDue,
    ach_draft_id: submission.achDraftId ?? null,
    status: 'active',
  });
  return undefined;
}
