import { loanName } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { accountListQuery } from './get-account-list';

/**
 * A loan by its name and masked number ('Auto Loan ****2341', domain `loanName`), for a dialog
 * about it opened from a list that knows only its number. The name comes from the account list
 * the logged-in layout has loaded; nothing is asked for here, and without the list (or the loan
 * in it) the masked number alone names it.
 */
export function useLoanName(accountNumber: string): string {
  const accounts = useQuery({ ...accountListQuery(), enabled: false });
  const account = accounts.data?.Accounts.find((item) => item.Number === accountNumber);
  return loanName({ description: account?.Description ?? '', number: accountNumber });
}
