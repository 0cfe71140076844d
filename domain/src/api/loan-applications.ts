import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  LOAN_APPLICATION_FIELDS,
  type LoanApplicationInput,
} from '../applications/loan-application';
import { withEnvelope } from '../envelope';
import { isCalendarDate } from '../rules/calendar';
import { moneyOf } from './money';

/*
 * `POST /api/Register/Apply` (spec 002: "Application payload not shown"; issue 22) and the staff's
 * application calls of the admin API. The borrower's call keeps the specs' conventions: PascalCase
 * fields, money in decimal dollars on the wire (as the application list's AmountRequested), the
 * envelope. The caps here only bound a request's size; the rules of the fields are
 * applications/loan-application.ts, answered in its words.
 */

/** Decimal dollars of at most two decimals on the wire, cents once parsed. */
const WireDollars = moneyOf(z.number().min(0).max(100_000_000_000));

/** The call's body. Every field is checked by the rules; none may be left out. */
export const ApplyRequest = z.object({
  /** One of the institution's products (`loanApplicationOptions.products`), by id. */
  ProductId: z.string().max(40),
  AmountRequested: WireDollars,
  TermMonths: z.number().int().min(0).max(1_200),
  Purpose: z.string().max(1_000),
  AnnualIncome: WireDollars,
  /** applications/loan-application.ts EMPLOYMENT_STATUSES. */
  EmploymentStatus: z.string().max(40),
  /** The borrower agreed to be contacted about the application (required: true). */
  ContactConsent: z.boolean(),
});
export type ApplyRequest = z.infer<typeof ApplyRequest>;

/** The request as the rules read it (cents). */
export function applyInputOf(request: ApplyRequest): LoanApplicationInput {
  return {
    productId: request.ProductId.trim(),
    amountRequestedCents: request.AmountRequested,
    termMonths: request.TermMonths,
    purpose: request.Purpose.trim(),
    annualIncomeCents: request.AnnualIncome,
    employmentStatus: request.EmploymentStatus,
    contactConsent: request.ContactConsent,
  };
}

/** An application received: its number, its status and the documents it asks for. */
export const ApplyResponse = withEnvelope({
  ApplicationNumber: z.string(),
  Status: z.string(),
  RequiredDocuments: z.array(z.string()),
});
export type ApplyResponse = z.infer<typeof ApplyResponse>;

export const LoanApplicationFieldName = z.enum(LOAN_APPLICATION_FIELDS);

/**
 * A refusal: each error (the rules' words for a field, else a code of APPLY_ERROR_CODES or the
 * Idempotency-Key's) and, for the fields, `InvalidFields` naming the field of each in order.
 */
export const ApplyRefusedResponse = withEnvelope({
  InvalidFields: z.array(LoanApplicationFieldName).optional(),
});
export type ApplyRefusedResponse = z.infer<typeof ApplyRefusedResponse>;

/** The call's refusals that are not about a field. */
export const APPLY_ERROR_CODES = {
  /** The institution takes applications elsewhere, or not through the portal (403). */
  notOffered: 'NotOffered',
  /** The core could not be reached: try again with the same key (503). */
  connection: 'Connection',
  /** Something failed: try again with the same key, which never sends it twice (500). */
  generic: 'Generic',
} as const;

// ---------------------------------------------------------------------------------------------
// The admin API: `/admin-api/institutions/:slug/work-items/:id/application...`

export const ApplicationStatusName = z.enum(APPLICATION_STATUSES);

/**
 * `GET .../work-items/:id/application`: the application of an 'application' work item as the core
 * has it now, and the statuses staff may move it to. Money in cents, dates as calendar dates.
 */
export const WorkItemApplication = z.object({
  number: z.string(),
  status: z.string(),
  product: z.string(),
  termMonths: z.number().int().nullable(),
  amountRequestedCents: z.number().int(),
  amountApprovedCents: z.number().int(),
  lastModified: z.string(),
  fundsExpected: z.string().nullable(),
  requiredDocuments: z.array(z.string()),
  /** APPLICATION_STATUS_MOVES of the status: none for a final one. */
  moves: z.array(ApplicationStatusName),
});
export type WorkItemApplication = z.infer<typeof WorkItemApplication>;

const CalendarDateText = z.string().refine(isCalendarDate, 'A date is YYYY-MM-DD.');

/**
 * `POST .../work-items/:id/application/status`: moves the application. `expectedStatus` is the
 * status the staff member saw: when the application has moved since, nothing changes (409).
 * `note` (optional) goes into the audit log only.
 */
export const ApplicationStatusChangeRequest = z.object({
  status: ApplicationStatusName,
  expectedStatus: z.string().min(1).max(40),
  amountApprovedCents: z.number().int().min(0).max(100_000_000_000).nullish(),
  fundsExpected: CalendarDateText.nullish(),
  note: z.string().trim().max(2_000).optional(),
});
export type ApplicationStatusChangeRequest = z.infer<typeof ApplicationStatusChangeRequest>;
