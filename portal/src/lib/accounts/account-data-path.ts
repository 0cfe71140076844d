/**
 * The path of a loan page's data load, `GET /api/AccountData?accountNumber=` (the path the server
 * chose): the page's own read (features/loan-details/api/account-data.ts) and the early read the
 * route starts with the page's code (app/router.tsx `firstReadsOf`) are the same request.
 */
export const accountDataPath = (accountNumber: string) =>
  `api/AccountData?accountNumber=${encodeURIComponent(accountNumber)}`;
