import { AccountDocument, withEnvelope } from '@portal/domain';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** `GET /api/Documents/GetAccountDocuments?accountNumber=` (spec 002 "Document listing"). */
export const AccountDocumentsResponse = withEnvelope({ Value: z.array(AccountDocument) });

export const documentKeys = {
  account: (accountNumber: string) => ['documents', 'account', accountNumber] as const,
};

export const accountDocumentsQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: documentKeys.account(accountNumber),
    queryFn: ({ signal }) =>
      api.get(
        `api/Documents/GetAccountDocuments?${new URLSearchParams({ accountNumber }).toString()}`,
        AccountDocumentsResponse,
        { signal },
      ),
  });

/** Each account's documents, in the order of the numbers given. */
export const useAccountsDocuments = (accountNumbers: readonly string[], enabled: boolean) =>
  useQueries({
    queries: accountNumbers.map((number) => ({
      ...accountDocumentsQuery(number),
      enabled,
      retry: false,
    })),
  });
