import {
  BalanceHistoryResponse,
  type Cents,
  PayoffProjectionQuery,
  PayoffProjectionResponse,
  toWire,
} from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

/** `GET /api/Account/BalanceHistory?accountNumber` (not in the spec): the balance by month. */
export function getBalanceHistory(accountNumber: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ accountNumber });
  return api.get(`api/Account/BalanceHistory?${query.toString()}`, BalanceHistoryResponse, {
    signal,
  });
}

export const balanceHistoryQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: loanKeys.balances(accountNumber),
    queryFn: ({ signal }) => getBalanceHistory(accountNumber, signal),
  });

export const useBalanceHistory = (accountNumber: string) =>
  useQuery(balanceHistoryQuery(accountNumber));

/** `GET /api/Account/PayoffProjection?accountNumber&extraPrincipal` (not in the spec). */
export function getPayoffProjection(
  accountNumber: string,
  extraCents: Cents,
  signal?: AbortSignal,
) {
  // The query schema encodes the cents as the wire's dollars.
  const wire = toWire(PayoffProjectionQuery, { accountNumber, extraPrincipal: extraCents });
  const query = new URLSearchParams({
    accountNumber: wire.accountNumber,
    extraPrincipal: String(wire.extraPrincipal),
  });
  return api.get(`api/Account/PayoffProjection?${query.toString()}`, PayoffProjectionResponse, {
    signal,
  });
}

export const payoffProjectionQuery = (accountNumber: string, extraCents: Cents) =>
  queryOptions({
    queryKey: loanKeys.projection(accountNumber, extraCents),
    queryFn: ({ signal }) => getPayoffProjection(accountNumber, extraCents, signal),
    placeholderData: keepPreviousData,
  });

export const usePayoffProjection = (accountNumber: string, extraCents: Cents) =>
  useQuery(payoffProjectionQuery(accountNumber, extraCents));
