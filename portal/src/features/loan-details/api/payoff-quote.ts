import { PayoffQuoteResponse } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** `GET /api/PaymentInformation/GetPayOffQuote?AccountNumber&PayOffDate`. */
export function getPayoffQuote(accountNumber: string, date: string) {
  const query = new URLSearchParams({ AccountNumber: accountNumber, PayOffDate: date });
  return api.get(`api/PaymentInformation/GetPayOffQuote?${query.toString()}`, PayoffQuoteResponse);
}

export const usePayoffQuote = (accountNumber: string) =>
  useMutation({ mutationFn: (date: string) => getPayoffQuote(accountNumber, date) });

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
