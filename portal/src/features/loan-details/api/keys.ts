import { accountHistoryKey } from '../../../lib/accounts/account-history';

/** Query keys of the loan page. */
export const loanKeys = {
  all: (accountNumber: string) => ['loan', accountNumber] as const,
  data: (accountNumber: string) => [...loanKeys.all(accountNumber), 'data'] as const,
  statements: (accountNumber: string, year: number) =>
    [...loanKeys.all(accountNumber), 'statements', year] as const,
  history: accountHistoryKey,
  insurance: (accountNumber: string) => [...loanKeys.all(accountNumber), 'insurance'] as const,
  balances: (accountNumber: string) => [...loanKeys.all(accountNumber), 'balances'] as const,
  projection: (accountNumber: string, extraCents: number) =>
    [...loanKeys.all(accountNumber), 'projection', extraCents] as const,
  payoff: (accountNumber: string, date: string) =>
    [...loanKeys.all(accountNumber), 'payoff', date] as const,
};
