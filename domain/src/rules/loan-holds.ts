/**
 * Holds the core keeps on a loan, named as spec 002 section 8's loan page on-load flags; the
 * page shows the flag's message (loanDetailsTexts.*Text) above the loan.
 */
export const LOAN_HOLDS = [
  'LoanLockedPayoff',
  'Dispute',
  'NoPaymentOnline',
  'NoAchPayment',
] as const;
export type LoanHold = (typeof LOAN_HOLDS)[number];
