import { PayoffQuoteResponse } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

/**
 * A quote is kept per date (spec 001: "cached per date") for a few minutes: asking again for the
 * same date answers at once. A payment refreshes the loan's keys, this one with them.
 */
export const PAYOFF_QUOTE_CACHE_MS = 5 * 60_000;

/** `GET /api/PaymentInformation/GetPayOffQuote?AccountNumber&PayOffDate`. */
export function getPayoffQuote(accountNumber: string, date: string) {
  const query = new URLSearchParams({ AccountNumber: accountNumber, PayOffDate: date });
  return api.get(`api/PaymentInformation/GetPayOffQuote?${query.toString()}`, PayoffQuoteResponse);
}

export function usePayoffQuote(accountNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      queryClient.fetchQuery({
        queryKey: loanKeys.payoff(accountNumber, date),
        queryFn: () => getPayoffQuote(accountNumber, date),
        staleTime: PAYOFF_QUOTE_CACHE_MS,
      }),
  });
}

/** A token, then the breakdown opens at `DownloadPayoffQuoteBreakdown?downloadToken=`. */
export async function payoffBreakdownUrl(accountNumber: string, date: string): Promise<string> {
  const token = await api.post(
    'api/PaymentInformation/RetrieveDownloadToken',
    { AccountNumber: accountNumber, EffectiveDate: date },
    z.string(),
    { text: true },
  );
  return `api/PaymentInformation/DownloadPayoffQuoteBreakdown?downloadToken=${encodeURIComponent(token)}`;
}
