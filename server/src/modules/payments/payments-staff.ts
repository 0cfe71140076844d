import {
  ADMIN_ERROR_CODES,
  maskAccountNumber,
  PAYMENT_EVENT_STATUSES,
  PAYMENT_STATUSES,
  type PaymentEvent,
  type PaymentEventStatus,
  type PaymentStatus,
  STAFF_PAYMENT_SEARCH_LIMIT,
  type StaffPaymentDetail,
  type StaffPaymentKind,
  type StaffPaymentSearchQuery,
  type StaffPaymentSearchResponse,
  type StaffPaymentSummary,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AdminError, notFound } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import { listPaymentEvents, searchPayments } from './payments-staff.repository';
import type { PaymentPostingWorker } from './payment-posting';
import {
  findPaymentWithBorrower,
  type PaymentWithBorrower,
  resumeReviewedPayment,
} from './payments.repository';
import { storedPaymentTotal } from './payment-total';
import { achReturnReasonText } from '../../core/ach/nacha-returns';

/**
 * Staff's side of the payments (issue 24 item 3): the admin's Payments page searches the
 * institution's payments (by borrower, loan number, confirmation number, payment date or status)
 * and opens one with its timeline.
 *
 * - Every role of the institution may search and open (viewers read the work queue too); staff
 *   of another institution get 404, for the institution and its payments alike (admin.access).
 * - Opening one is audited (`payment.open`, naming the payment and the borrower): like opening a
 *   document, it shows a borrower's money to a person. The search is not (the work queue's list
 *   is not either).
 * - Nothing leaves with a card or account number beyond its last four; the loan number is masked
 *   in the list and whole in the opened payment (staff act on it).
 * - A payment that needs review can be posted again (`postAgain`: editors and publishers,
 *   audited): it goes back to 'settling' with a timeline row naming who asked, and its posting
 *   job starts over. Every step of the settlement is keyed (the charge or debit by the payment,
 *   the core's posting by its id), so money already moved is not moved twice, and a post that
 *   dies again puts it back before staff. Marking it posted by hand, without the core's posting,
 *   is not offered: it would be worse than leaving it for review.
 */
export interface PaymentsStaffDeps {
  db: Kysely<Database>;
  admin: Pick<AdminService, 'access'>;
  auditLog: Pick<AuditLog, 'record'>;
  clock: Clock;
  posting: Pick<PaymentPostingWorker, 'queuePostAgain' | 'nudge'>;
}

function isPaymentStatus(value: string): value is PaymentStatus {
  return PAYMENT_STATUSES.some((status) => status === value);
}

function isPaymentEventStatus(value: string): value is PaymentEventStatus {
  return PAYMENT_EVENT_STATUSES.some((status) => status === value);
}

function kindOf(value: string): StaffPaymentKind {
  if (value === 'immediate' || value === 'scheduled' || value === 'recurring') return value;
  throw new Error(`payments: unexpected kind ${value}`);
}

/** A stored payment status as the API's; throws on one the API does not know. */
export function statusOf(value: string): PaymentStatus {
  if (isPaymentStatus(value)) return value;
  throw new Error(`payments: unexpected status ${value}`);
}

function summaryOf(row: PaymentWithBorrower, loanNumber: string): StaffPaymentSummary {
  return {
    id: row.id,
    reference: row.reference_number,
    kind: kindOf(row.kind),
    status: statusOf(row.status),
    borrowerName: row.borrower_name,
    logonName: row.logon_name,
    loanNumber,
    payDate: row.pay_date,
    totalCents: storedPaymentTotal(row),
    method: {
      isCard: row.is_card,
      cardType: row.is_card ? row.card_type : null,
      lastFour: row.last_four,
    },
    createdAt: row.created_at.toISOString(),
    postedAt: row.posted_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
  };
}

/** A timeline row as the contract says it (a status no version knows is left out). */
export function eventsOf(
  rows: readonly { at: Date; status: string; detail: string | null }[],
): PaymentEvent[] {
  return rows.flatMap((row) =>
    isPaymentEventStatus(row.status)
      ? [
          {
            at: row.at.toISOString(),
            status: row.status,
            // A return's row keeps the bank's code (R01); staff read it with its words.
            detail:
              row.status === 'returned' && row.detail
                ? `${row.detail}: ${achReturnReasonText(row.detail)}`
                : row.detail,
          },
        ]
      : [],
  );
}

const noPayment = () => notFound('There is no such payment among your institution’s.');

function detailOf(
  row: PaymentWithBorrower,
  events: readonly { at: Date; status: string; detail: string | null }[],
): StaffPaymentDetail {
  return {
    ...summaryOf(row, row.loan_number),
    amountCents: row.amount_cents,
    additionalPrincipalCents: row.additional_principal_cents,
    feeCents: row.first_party_fee_cents + row.third_party_fee_cents,
    failure: row.failure,
    coreReference: row.core_reference,
    events: eventsOf(events),
  };
}

function describe(row: PaymentWithBorrower): string {
  return (
    `payment ${row.reference_number} (${row.id}) of ` +
    `${row.borrower_name || row.logon_name || 'a removed user'} for loan ${maskAccountNumber(row.loan_number)}`
  );
}

export function createPaymentsStaffService(deps: PaymentsStaffDeps) {
  const { db, admin, auditLog, clock, posting } = deps;
  return {
    async search(
      staff: StaffPrincipal,
      slug: string,
      query: StaffPaymentSearchQuery,
    ): Promise<StaffPaymentSearchResponse> {
      const institution = await admin.access(staff, slug, 'read');
      const rows = await searchPayments(db, {
        institutionId: institution.id,
        borrower: query.borrower || undefined,
        loanNumber: query.loanNumber || undefined,
        reference: query.reference || undefined,
        from: query.from,
        to: query.to,
        status: query.status,
        limit: STAFF_PAYMENT_SEARCH_LIMIT,
      });
      return {
        payments: rows.map((row) => summaryOf(row, maskAccountNumber(row.loan_number))),
        limit: STAFF_PAYMENT_SEARCH_LIMIT,
      };
    },

    /** One payment of the institution with its timeline; audited. */
    async open(staff: StaffPrincipal, slug: string, id: string): Promise<StaffPaymentDetail> {
      const institution = await admin.access(staff, slug, 'read');
      const row = await findPaymentWithBorrower(db, id);
      if (!row || row.institution_id !== institution.id) throw noPayment();
      const events = await listPaymentEvents(db, row.id);
      // Nothing is shown unless its opening is on record.
      await auditLog.record(db, {
        staff,
        institutionId: institution.id,
        action: 'payment.open',
        comment: `Opened ${describe(row)}.`,
      });
      return detailOf(row, events);
    },

    /**
     * A payment under review back to 'settling' and its posting queued again, with its timeline
     * row and the audit entry, in one transaction; 409 when it is not under review.
     */
    async postAgain(staff: StaffPrincipal, slug: string, id: string): Promise<StaffPaymentDetail> {
      const institution = await admin.access(staff, slug, 'edit');
      const row = await findPaymentWithBorrower(db, id);
      if (!row || row.institution_id !== institution.id) throw noPayment();
      await db.transaction().execute(async (trx) => {
        const resumed = await resumeReviewedPayment(trx, row.id, {
          at: clock.now(),
          detail: `Posting asked for again by ${staff.name || staff.email}.`,
        });
        if (!resumed) {
          throw new AdminError(
            409,
            ADMIN_ERROR_CODES.conflict,
            'This payment no longer needs review: open it again to see where it is.',
          );
        }
        await posting.queuePostAgain(row.id, trx);
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: 'payment.postAgain',
          comment: `Asked for ${describe(row)} to be posted again.`,
        });
      });
      posting.nudge();
      const now = (await findPaymentWithBorrower(db, id)) ?? row;
      return detailOf(now, await listPaymentEvents(db, row.id));
    },
  };
}

export type PaymentsStaffService = ReturnType<typeof createPaymentsStaffService>;
