import type { SettingsAccessor } from '@portal/settings-schema';
import { compareCalendarDates, type CalendarDate } from '../rules/calendar';
import { fillPlaceholders } from '../rules/formats';
import { formatUsd, type Cents } from '../rules/money';

/*
 * A loan application made in the portal (issue 22; spec 002 leaves `POST /api/Register/Apply`'s
 * payload and the Apply for a loan button's availability rule open). Written once: the portal's
 * form guides with these rules and words, the server decides with them, and the staff's status
 * control offers the moves of the lifecycle below. What the borrower reads is the institution's
 * wording (the `loanApplicationTexts` settings), on the form and in the server's refusals alike;
 * the staff's words (the work queue's line, the status moves' problems) are the product's.
 */

/** Where the words come from: the institution's settings. */
type Texts = Pick<SettingsAccessor, 'get'>;

// ---------------------------------------------------------------------------------------------
// Where Apply for a loan leads

/**
 * Where the Apply for a loan button and menu item lead (spec 002: "only when loan application is
 * available (the availability rule is not shown)"). The product's rule:
 *
 * - `globalOptions.applyForLoanURLOption` set: the institution's own application site, after the
 *   apply-for-loan notice (as before this form existed). The portal's form is then not offered
 *   and `POST /api/Register/Apply` refuses (NotOffered).
 * - Else, where the institution takes consumer loan applications through the portal
 *   (`globalOptions.useEgtConsumerOption`, which also shows the application status list) and
 *   offers at least one product (`loanApplicationOptions.products`): the portal's own form.
 * - Else nothing.
 */
export type LoanApplicationEntry =
  { kind: 'external'; url: string } | { kind: 'form' } | { kind: 'none' };

export function loanApplicationEntry(settings: SettingsAccessor): LoanApplicationEntry {
  const url = settings.get('globalOptions.applyForLoanURLOption').trim();
  if (url !== '') return { kind: 'external', url };
  if (settings.get('globalOptions.useEgtConsumerOption') && loanProductsOf(settings).length > 0) {
    return { kind: 'form' };
  }
  return { kind: 'none' };
}

/** The route of the portal's form. */
export const LOAN_APPLICATION_PATH = '/myaccount/apply';

// ---------------------------------------------------------------------------------------------
// The products an institution offers

/** A kind of loan the institution takes applications for (`loanApplicationOptions.products`). */
export interface LoanProduct {
  /** Stable id, sent with the application ('personal'). */
  id: string;
  /** What the borrower and staff read ('Personal Loan'). */
  name: string;
  minAmountCents: Cents;
  maxAmountCents: Cents;
  /** The repayment terms offered, in months, ascending. */
  termsMonths: readonly number[];
  /**
   * The documents an application for it asks for (their names, shown to the borrower with the
   * application, uploaded through the Document Center's application documents).
   */
  documents: readonly string[];
}

/**
 * The institution's products, in the settings' order. The settings' schema fixes their shape; an
 * entry that makes no sense as a product (its least above its most, no term) is left out rather
 * than offered, and a repeated id keeps its first entry.
 */
export function loanProductsOf(settings: SettingsAccessor): LoanProduct[] {
  const seen = new Set<string>();
  const products: LoanProduct[] = [];
  for (const entry of settings.get('loanApplicationOptions.products')) {
    if (seen.has(entry.id)) continue;
    if (entry.minAmountCents > entry.maxAmountCents || entry.termsMonths.length === 0) continue;
    seen.add(entry.id);
    products.push({
      id: entry.id,
      name: entry.name,
      minAmountCents: entry.minAmountCents,
      maxAmountCents: entry.maxAmountCents,
      termsMonths: [...new Set(entry.termsMonths)].sort((a, b) => a - b),
      documents: entry.documents,
    });
  }
  return products;
}

export function findLoanProduct(
  products: readonly LoanProduct[],
  id: string,
): LoanProduct | undefined {
  return products.find((product) => product.id === id);
}

/** '36 months' (and '1 month'), as staff read it (the work queue, the admin app). */
export function termText(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

/** A term as the borrower reads it, in the institution's words ('36 months'). */
export function loanTermText(months: number, settings: Texts): string {
  return months === 1
    ? settings.get('loanApplicationTexts.termOneMonthText')
    : fillPlaceholders(settings.get('loanApplicationTexts.termMonthsText'), { n: months });
}

// ---------------------------------------------------------------------------------------------
// The application's fields and their rules

/** What the borrower says of their work (EmploymentStatus on the wire). */
export const EMPLOYMENT_STATUSES = [
  'fullTime',
  'partTime',
  'selfEmployed',
  'retired',
  'notEmployed',
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

/** An employment status in the institution's words ('Employed full-time'). */
export function employmentStatusText(status: EmploymentStatus, settings: Texts): string {
  switch (status) {
    case 'fullTime':
      return settings.get('loanApplicationTexts.fullTimeText');
    case 'partTime':
      return settings.get('loanApplicationTexts.partTimeText');
    case 'selfEmployed':
      return settings.get('loanApplicationTexts.selfEmployedText');
    case 'retired':
      return settings.get('loanApplicationTexts.retiredText');
    case 'notEmployed':
      return settings.get('loanApplicationTexts.notEmployedText');
  }
}

export function isEmploymentStatus(value: string): value is EmploymentStatus {
  return EMPLOYMENT_STATUSES.some((status) => status === value);
}

/** The fields of the call, by their wire names (a refusal names them so). */
export const LOAN_APPLICATION_FIELDS = [
  'ProductId',
  'AmountRequested',
  'TermMonths',
  'Purpose',
  'AnnualIncome',
  'EmploymentStatus',
  'ContactConsent',
] as const;
export type LoanApplicationField = (typeof LOAN_APPLICATION_FIELDS)[number];

/** How the form and the review name each field, in the institution's words. */
export function loanApplicationLabel(field: LoanApplicationField, settings: Texts): string {
  switch (field) {
    case 'ProductId':
      return settings.get('loanApplicationTexts.productLabel');
    case 'AmountRequested':
      return settings.get('loanApplicationTexts.amountLabel');
    case 'TermMonths':
      return settings.get('loanApplicationTexts.termLabel');
    case 'Purpose':
      return settings.get('loanApplicationTexts.purposeLabel');
    case 'AnnualIncome':
      return settings.get('loanApplicationTexts.incomeLabel');
    case 'EmploymentStatus':
      return settings.get('loanApplicationTexts.employmentLabel');
    case 'ContactConsent':
      return settings.get('loanApplicationTexts.consentLabel');
  }
}

/**
 * What the borrower agrees to with the consent box, as the form shows it (the work item keeps
 * these words with the time it was agreed).
 */
export function loanApplicationConsentText(settings: Texts): string {
  return settings.get('loanApplicationTexts.consentText');
}

export const LOAN_APPLICATION_LIMITS = {
  purpose: 200,
  /** $10,000,000.00: beyond it a typed income is a slip of the keyboard, not an income. */
  annualIncomeCents: 1_000_000_000,
} as const;

/** An application as the rules read it: money in cents. */
export interface LoanApplicationInput {
  productId: string;
  amountRequestedCents: Cents;
  termMonths: number;
  purpose: string;
  annualIncomeCents: Cents;
  employmentStatus: string;
  contactConsent: boolean;
}

export type LoanApplicationProblem =
  | 'productRequired'
  /** The typed amount is not an amount of dollars (the form only: the wire carries a number). */
  | 'amountInvalid'
  | 'amountTooLow'
  | 'amountTooHigh'
  | 'termRequired'
  | 'termNotOffered'
  | 'purposeRequired'
  | 'purposeTooLong'
  | 'incomeInvalid'
  | 'incomeTooHigh'
  | 'employmentRequired'
  | 'consentRequired';

export type LoanApplicationProblems = Partial<Record<LoanApplicationField, LoanApplicationProblem>>;

/**
 * What is wrong with an application, by field: nothing for one that can be sent. The amount and
 * the term are checked against the chosen product (an unknown product asks for a product again).
 */
export function loanApplicationProblems(
  input: LoanApplicationInput,
  products: readonly LoanProduct[],
): LoanApplicationProblems {
  const problems: LoanApplicationProblems = {};
  const product = findLoanProduct(products, input.productId);
  if (!product) problems.ProductId = 'productRequired';
  if (!Number.isSafeInteger(input.amountRequestedCents) || input.amountRequestedCents < 0) {
    problems.AmountRequested = 'amountInvalid';
  } else if (product && input.amountRequestedCents < product.minAmountCents) {
    problems.AmountRequested = 'amountTooLow';
  } else if (product && input.amountRequestedCents > product.maxAmountCents) {
    problems.AmountRequested = 'amountTooHigh';
  }
  if (!Number.isInteger(input.termMonths) || input.termMonths <= 0) {
    problems.TermMonths = 'termRequired';
  } else if (product && !product.termsMonths.includes(input.termMonths)) {
    problems.TermMonths = 'termNotOffered';
  }
  const purpose = input.purpose.trim();
  if (purpose === '') problems.Purpose = 'purposeRequired';
  else if (purpose.length > LOAN_APPLICATION_LIMITS.purpose) problems.Purpose = 'purposeTooLong';
  if (!Number.isSafeInteger(input.annualIncomeCents) || input.annualIncomeCents < 0) {
    problems.AnnualIncome = 'incomeInvalid';
  } else if (input.annualIncomeCents > LOAN_APPLICATION_LIMITS.annualIncomeCents) {
    problems.AnnualIncome = 'incomeTooHigh';
  }
  if (!isEmploymentStatus(input.employmentStatus)) problems.EmploymentStatus = 'employmentRequired';
  if (!input.contactConsent) problems.ContactConsent = 'consentRequired';
  return problems;
}

function joinedWith(items: readonly string[], last: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1) ?? ''}`;
}

/** The staff's lists: 'Approved, Declined or Withdrawn'. */
function joinedOr(items: readonly string[]): string {
  return joinedWith(items, 'or');
}

/**
 * A problem in the institution's words (`loanApplicationTexts.*`), naming the mistake (the
 * product's limits, for the amount and the term). The form shows it under its field and the
 * server answers it, so both say the same. The amount's and the term's limits are the product's:
 * without a product there is none to name, and the kind of loan is asked for first.
 */
export function loanApplicationProblemText(
  problem: LoanApplicationProblem,
  product: LoanProduct | undefined,
  settings: Texts,
): string {
  switch (problem) {
    case 'productRequired':
      return settings.get('loanApplicationTexts.productRequiredText');
    case 'amountInvalid':
      return settings.get('loanApplicationTexts.amountInvalidText');
    case 'amountTooLow':
      return product
        ? fillPlaceholders(settings.get('loanApplicationTexts.amountTooLowText'), {
            product: product.name,
            amount: formatUsd(product.minAmountCents),
          })
        : settings.get('loanApplicationTexts.productRequiredText');
    case 'amountTooHigh':
      return product
        ? fillPlaceholders(settings.get('loanApplicationTexts.amountTooHighText'), {
            product: product.name,
            amount: formatUsd(product.maxAmountCents),
          })
        : settings.get('loanApplicationTexts.productRequiredText');
    case 'termRequired':
      return settings.get('loanApplicationTexts.termRequiredText');
    case 'termNotOffered':
      return product
        ? fillPlaceholders(settings.get('loanApplicationTexts.termNotOfferedText'), {
            terms: joinedWith(
              product.termsMonths.map(String),
              settings.get('loanApplicationTexts.termsOrText'),
            ),
          })
        : settings.get('loanApplicationTexts.termRequiredText');
    case 'purposeRequired':
      return settings.get('loanApplicationTexts.purposeRequiredText');
    case 'purposeTooLong':
      return fillPlaceholders(settings.get('loanApplicationTexts.purposeTooLongText'), {
        n: LOAN_APPLICATION_LIMITS.purpose,
      });
    case 'incomeInvalid':
      return settings.get('loanApplicationTexts.incomeInvalidText');
    case 'incomeTooHigh':
      return fillPlaceholders(settings.get('loanApplicationTexts.incomeTooHighText'), {
        amount: formatUsd(LOAN_APPLICATION_LIMITS.annualIncomeCents),
      });
    case 'employmentRequired':
      return settings.get('loanApplicationTexts.employmentRequiredText');
    case 'consentRequired':
      return settings.get('loanApplicationTexts.consentRequiredText');
  }
}

/** The problems in the institution's words, by field, in the order of LOAN_APPLICATION_FIELDS. */
export function loanApplicationProblemTexts(
  problems: LoanApplicationProblems,
  product: LoanProduct | undefined,
  settings: Texts,
): { field: LoanApplicationField; text: string }[] {
  return LOAN_APPLICATION_FIELDS.flatMap((field) => {
    const problem = problems[field];
    return problem ? [{ field, text: loanApplicationProblemText(problem, product, settings) }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// The statuses a borrower sees, and how staff move an application through them

/**
 * The statuses, in the order an application goes through them. The core keeps the status as
 * this text (the application list's Status); the demo's older applications use the same words.
 *
 * Received (sent by the borrower) → In Review → Documents Needed ⇄ In Review → Approved → Funded;
 * Declined and Withdrawn from any status before Funded (Withdrawn also after approval: the
 * borrower turned the offer down). Declined, Withdrawn and Funded are final.
 */
export const APPLICATION_STATUSES = [
  'Received',
  'In Review',
  'Documents Needed',
  'Approved',
  'Declined',
  'Withdrawn',
  'Funded',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The status of a new application. */
export const APPLICATION_RECEIVED: ApplicationStatus = 'Received';

/** Where staff may move an application from each status. */
export const APPLICATION_STATUS_MOVES: Readonly<
  Record<ApplicationStatus, readonly ApplicationStatus[]>
> = {
  Received: ['In Review', 'Documents Needed', 'Approved', 'Declined', 'Withdrawn'],
  'In Review': ['Documents Needed', 'Approved', 'Declined', 'Withdrawn'],
  'Documents Needed': ['In Review', 'Approved', 'Declined', 'Withdrawn'],
  Approved: ['Funded', 'Withdrawn'],
  Declined: [],
  Withdrawn: [],
  Funded: [],
};

export function isApplicationStatus(value: string): value is ApplicationStatus {
  return APPLICATION_STATUSES.some((status) => status === value);
}

/** The statuses an application may move to from `status` (none from one not of the lifecycle). */
export function applicationStatusMoves(status: string): readonly ApplicationStatus[] {
  return isApplicationStatus(status) ? APPLICATION_STATUS_MOVES[status] : [];
}

/** What staff send to move an application. */
export interface ApplicationStatusChange {
  status: string;
  /** Approved: the amount approved (required then, and only then). */
  amountApprovedCents?: Cents | null;
  /** Approved or Funded: when the funds are expected (optional; not before today). */
  fundsExpected?: CalendarDate | null;
}

export type ApplicationStatusChangeProblem =
  | 'notAllowed'
  | 'approvedAmountRequired'
  | 'approvedAmountTooHigh'
  | 'approvedAmountOnlyWhenApproving'
  | 'fundsExpectedPast'
  | 'fundsExpectedOnlyWhenApproved';

/**
 * What is wrong with a status change of an application now in `current`, as of the institution's
 * `today`; undefined when it may be made. The amount approved is at least a cent and at most the
 * amount requested.
 */
export function applicationStatusChangeProblem(
  current: { status: string; amountRequestedCents: Cents },
  change: ApplicationStatusChange,
  today: CalendarDate,
): ApplicationStatusChangeProblem | undefined {
  if (!applicationStatusMoves(current.status).some((status) => status === change.status)) {
    return 'notAllowed';
  }
  const approved = change.amountApprovedCents ?? null;
  if (change.status === 'Approved') {
    if (approved === null || !Number.isSafeInteger(approved) || approved <= 0) {
      return 'approvedAmountRequired';
    }
    if (approved > current.amountRequestedCents) return 'approvedAmountTooHigh';
  } else if (approved !== null) {
    return 'approvedAmountOnlyWhenApproving';
  }
  const funds = change.fundsExpected ?? null;
  if (funds !== null) {
    if (change.status !== 'Approved' && change.status !== 'Funded') {
      return 'fundsExpectedOnlyWhenApproved';
    }
    if (compareCalendarDates(funds, today) < 0) return 'fundsExpectedPast';
  }
  return undefined;
}

export function applicationStatusChangeProblemText(
  problem: ApplicationStatusChangeProblem,
  current: { status: string; amountRequestedCents: Cents },
  target: string,
): string {
  switch (problem) {
    case 'notAllowed': {
      const moves = applicationStatusMoves(current.status);
      return moves.length === 0
        ? `An application that is ${current.status} cannot change status.`
        : `An application that is ${current.status} can move to ${joinedOr(moves)}, not ${target}.`;
    }
    case 'approvedAmountRequired':
      return 'Enter the amount approved.';
    case 'approvedAmountTooHigh':
      return `The amount approved cannot be more than the ${formatUsd(current.amountRequestedCents)} requested.`;
    case 'approvedAmountOnlyWhenApproving':
      return 'An amount approved goes only with Approved.';
    case 'fundsExpectedPast':
      return 'The funds cannot be expected before today.';
    case 'fundsExpectedOnlyWhenApproved':
      return 'A date for the funds goes only with Approved or Funded.';
  }
}

/** The work queue's line for an application: 'Personal Loan application A-250001 for $12,500.00'. */
export function loanApplicationSummary(application: {
  productName: string;
  number: string;
  amountRequestedCents: Cents;
}): string {
  return `${application.productName} application ${application.number} for ${formatUsd(application.amountRequestedCents)}`;
}
