import {
  type AccountAlerts,
  Envelope,
  type PostalAddress,
  type StatementFormat,
  UpdateAddressResponse,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/accounts/get-account-list';
import { loanKeys } from './keys';

/** `POST /api/Account/UpdateAddress`. */
export function postUpdateAddress(accountNumber: string, address: PostalAddress) {
  return api.post(
    'api/Account/UpdateAddress',
    { AccountNumber: accountNumber, Address: address },
    UpdateAddressResponse,
  );
}

/** `POST /api/AccountAlerts`: the alerts object, whole, with the account number. */
export function postAccountAlerts(accountNumber: string, alerts: AccountAlerts) {
  return api.post('api/AccountAlerts', { AccountNumber: accountNumber, ...alerts }, Envelope);
}

/** `POST /api/AccountEStatements/SetStatementFormat`. */
export function postStatementFormat(accountNumber: string, format: StatementFormat) {
  return api.post(
    'api/AccountEStatements/SetStatementFormat',
    { AccountNumber: accountNumber, AccountType: 0, Format: format },
    Envelope,
  );
}

/** `POST /api/Account/ShowHideAccount`. */
export function postHideAccount(accountNumber: string) {
  return api.post('api/Account/ShowHideAccount', { AccountNumber: accountNumber }, Envelope);
}

/** The loan's saves; each refreshes what it changed (a format save, the account list too). */
export function useLoanChanges(accountNumber: string) {
  const queryClient = useQueryClient();
  const refreshLoan = () =>
    queryClient.invalidateQueries({ queryKey: loanKeys.data(accountNumber) });
  const refreshList = () => queryClient.invalidateQueries({ queryKey: accountKeys.list() });
  return {
    /** Reloads the loan's data (after agreements recorded elsewhere). */
    refresh: refreshLoan,
    address: useMutation({
      mutationFn: (address: PostalAddress) => postUpdateAddress(accountNumber, address),
      onSuccess: refreshLoan,
    }),
    alerts: useMutation({
      mutationFn: (alerts: AccountAlerts) => postAccountAlerts(accountNumber, alerts),
      onSuccess: refreshLoan,
    }),
    statementFormat: useMutation({
      mutationFn: (format: StatementFormat) => postStatementFormat(accountNumber, format),
      onSuccess: async () => {
        await Promise.all([refreshLoan(), refreshList()]);
      },
    }),
    hide: useMutation({
      mutationFn: () => postHideAccount(accountNumber),
      onSuccess: refreshList,
    }),
  };
}
