import {
  calendarDateIn,
  type CalendarDate,
  type PaymentEvent,
  type PaymentTimelineQuery,
  type PaymentTimelineResponse,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { openPaymentHandle } from './payment-handles';
import type { PaymentCaller } from './payment-context';
import { achReturnReasonText } from '../../core/ach/nacha-returns';
import { paymentFailureReasonText } from './payment-receipt';
import { storedPaymentTotal } from './payment-total';
import { eventsOf, statusOf } from './payments-staff';
import { listPaymentEvents } from './payments-staff.repository';
import { findPayment, type PaymentRow } from './payments.repository';
import { payoffBesides } from './payoff-besides';

/*
 * A borrower's view of one payment's timeline (issue 24 item 3): the state and dates of a
 * payment the portal lists to them (GetPaymentInfo's scheduled payments, and its returned payments
 * of any kind, a pay-now payment included), by the handle it gave them: what the receipt said
 * (confirmation number, amount, the method's last four), each status and when, and why it came
 * back or failed (the bank's reason, the error key the payment screens word); never the staff's
 * details (a job's error, the core's references).
 *
 * Whose: the handle opens only for the user it was made for (payment-handles.ts), and the payment
 * must be of the caller's institution and customer and of the loan named: the list shows a loan's
 * payments to each user of its customer, and the timeline to the same users only. Anything else
 * reads as a payment that does not exist (404).
 */

export interface PaymentTimelineDeps {
  db: Kysely<Database>;
  dataProtector: Pick<DataProtector, 'digest' | 'sameDigest'>;
  /** The institution's words of a failure (the failure e-mail's). */
  settings: (institutionId: number) => Promise<SettingsAccessor>;
  /** The payoff quoted for a scheduled payoff's date (`payoffShortBy`). */
  core: Pick<ServicingCore, 'payoffQuote'>;
  clock: Clock;
}

export function createPaymentTimelineService(deps: PaymentTimelineDeps) {
  const { db, dataProtector } = deps;

  /**
   * What a payoff waiting for its date will leave owed once credited: the payoff quoted for its
   * date, less the payments in flight and the one-time payments scheduled on or before it (as
   * its submission counted them: domain payoffLessInFlight), less itself. Undefined when it still
   * pays the loan off (or is no waiting payoff, or the core gives no quote). A payoff it overpays
   * is debited for the payoff (payment-settlement.ts `payoffRefusalBeforeDebit`): nothing to say.
   */
  async function payoffShortBy(
    payment: PaymentRow,
    today: CalendarDate,
  ): Promise<number | undefined> {
    if (!payment.is_payoff || payment.status !== 'scheduled') return undefined;
    // As its check before its debit dates it: its date, or today once that has passed (a payment
    // waiting out the night's window). A core that cannot quote leaves the warning out, not the
    // details.
    const payoff = await payoffBesides(
      { db, core: deps.core },
      payment,
      payment.pay_date > today ? payment.pay_date : today,
      { scheduledThrough: payment.pay_date },
    ).catch(() => undefined);
    if (!payoff) return undefined;
    const short = payoff.leftCents - (payment.amount_cents + payment.additional_principal_cents);
    return short > 0 ? short : undefined;
  }

  return {
    async timeline(
      caller: Pick<PaymentCaller, 'institutionId' | 'userId' | 'customerId' | 'timeZone'>,
      query: PaymentTimelineQuery,
    ): Promise<PaymentTimelineResponse | undefined> {
      const owner = { institutionId: caller.institutionId, userId: caller.userId };
      const id =
        openPaymentHandle(dataProtector, 'scheduled', owner, query.EncryptedString) ??
        openPaymentHandle(dataProtector, 'payment', owner, query.EncryptedString);
      if (!id) return undefined;
      const payment = await findPayment(db, id);
      if (
        !payment ||
        payment.institution_id !== caller.institutionId ||
        payment.customer_id !== caller.customerId ||
        payment.loan_number !== query.LoanAccountNumber
      ) {
        return undefined;
      }
      const status = statusOf(payment.status);
      const rows = await listPaymentEvents(db, payment.id);
      // A return's row keeps the bank's code (R01); the borrower reads its words.
      const returnCode =
        status === 'returned' ? rows.findLast((row) => row.status === 'returned')?.detail : null;
      return {
        HasNoErrors: true,
        Errors: [],
        Status: status,
        PaymentDate: payment.pay_date,
        ConfirmationNumber: payment.reference_number,
        PaymentAmount: storedPaymentTotal(payment),
        IsCard: payment.is_card,
        AccountNumber: payment.last_four.slice(-4),
        ReturnReason: returnCode ? achReturnReasonText(returnCode) : '',
        FailureReason:
          status === 'failed'
            ? paymentFailureReasonText(
                await deps.settings(payment.institution_id),
                payment,
                rows.findLast((row) => row.status === 'failed')?.detail ?? payment.failure ?? '',
              )
            : '',
        ...(status === 'refunded' && payment.refunded_elsewhere
          ? { RefundedElsewhere: true as const }
          : {}),
        ...(payment.is_payoff ? { IsPayoff: true } : {}),
        ...(await payoffShortBy(payment, calendarDateIn(caller.timeZone, deps.clock.now())).then(
          (short) => (short === undefined ? {} : { PayoffShortBy: short }),
        )),
        Events: borrowerEvents(eventsOf(rows)),
      };
    },
  };
}

/**
 * The changes of status a borrower sees, when each began. Staff's rows that keep the status
 * (a refund the card processor refused after the core reversed the posting stays Posted, with
 * the reason for staff) would show the borrower the same status twice with nothing between.
 */
export function borrowerEvents(
  events: readonly Pick<PaymentEvent, 'status' | 'at'>[],
): PaymentTimelineResponse['Events'] {
  const shown: PaymentTimelineResponse['Events'] = [];
  for (const event of events) {
    if (shown.at(-1)?.Status === event.status) continue;
    shown.push({ Status: event.status, At: event.at });
  }
  return shown;
}

export type PaymentTimelineService = ReturnType<typeof createPaymentTimelineService>;
