import { z } from 'zod';
import { Money } from './money';
import { withEnvelope } from '../envelope';

/** Account type codes of the host (spec 002 section 3). */
export const ACCOUNT_TYPE_CODES = {
  loan: [0],
  lineOfCredit: [9],
  deposit: [1, 3, 5, 6],
  investment: [7, 8],
} as const;

export type AccountCategory = keyof typeof ACCOUNT_TYPE_CODES;

const CATEGORIES: readonly AccountCategory[] = ['loan', 'lineOfCredit', 'deposit', 'investment'];

/** Which dashboard list an account type belongs to; undefined for a code the specs do not name. */
export function accountCategory(type: number): AccountCategory | undefined {
  return CATEGORIES.find((category) =>
    ACCOUNT_TYPE_CODES[category].some((code: number) => code === type),
  );
}

/** Status texts the server derives for the account list ('Current' is also the client's default). */
export const ACCOUNT_STATUSES = {
  current: 'Current',
  pastDue: 'Past Due',
  closed: 'Closed',
} as const;

/**
 * One row of `GET /api/accountList` (spec 002 "Account list item", spec 001 "Loan account list
 * item"). Money is decimal dollars on the wire (1234.56) and integer cents once parsed; Rate is percent × 100 (675 is
 * 6.75 %); LoanDueDate is a calendar date 'YYYY-MM-DD' or null.
 */
export const AccountListItem = z.object({
  Number: z.string(),
  Type: z.number().int(),
  Comment: z.string(),
  Description: z.string(),
  Balance: Money,
  AvailableBalance: Money,
  Rate: z.number().int(),
  Status: z.string(),
  StatementPreference: z.string(),
  LoanDueDate: z.string().nullable(),
  LoanAmountDue: Money,
  MonthlyInstallment: Money,
  FeesDue: Money,
  NameOnAcct: z.string(),
  /**
   * The maturity date 'YYYY-MM-DD' of a certificate or an installment loan, else null (not in the
   * spec's row; the deposit page shows a certificate's).
   */
  MaturityDate: z.string().nullable().optional(),
});
export type AccountListItem = z.infer<typeof AccountListItem>;

/**
 * `GET /api/accountList`: the signed-in user's accounts, without those hidden from the web.
 * BusinessDate (not in the spec's answer) is the institution's today the list was computed for,
 * 'YYYY-MM-DD': what the dashboard counts days past due to, as the loan page's DaysPastDue is
 * counted by the server (issue 20: the device's clock a day off said 42 days where the loan page
 * said 43). Optional on the wire for a server that does not send it.
 */
export const AccountListResponse = withEnvelope({
  Accounts: z.array(AccountListItem),
  BusinessDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type AccountListResponse = z.infer<typeof AccountListResponse>;

/** A comment containing CLOSED (any case) marks a closed account (spec 002 section 3). */
export function isClosedComment(comment: string): boolean {
  return comment.toUpperCase().includes('CLOSED');
}

/** Empty, 'NOX$' or 'IRSO' (any case) are the open comments. */
export function isOpenComment(comment: string): boolean {
  return ['', 'NOX$', 'IRSO'].includes(comment.trim().toUpperCase());
}

/** The comment as shown: 'NOX$' (any case) is cleared. */
export function displayedComment(comment: string): string {
  return comment.trim().toUpperCase() === 'NOX$' ? '' : comment;
}
