import { AccountDocument, withEnvelope } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client';

/** The answer of each document listing call (spec 002 section 7): `Value`, the documents. */
export const DocumentListResponse = withEnvelope({ Value: z.array(AccountDocument) });

/*
 * An account's and an application's document list, the one query of the Documents screen,
 * application details and the Document Center: a list refreshed after an upload on one is the
 * list the others show.
 */
export const documentListKeys = {
  account: (accountNumber: string) => ['documents', 'account', accountNumber] as const,
  application: (applicationNumber: string) =>
    ['applications', 'documents', applicationNumber] as const,
};

/** `GET /api/Documents/GetAccountDocuments?accountNumber=` (spec 002 "Document listing"). */
export const accountDocumentsQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: documentListKeys.account(accountNumber),
    queryFn: ({ signal }) =>
      api.get(
        `api/Documents/GetAccountDocuments?${new URLSearchParams({ accountNumber }).toString()}`,
        DocumentListResponse,
        { signal },
      ),
  });

/** `GET /api/Documents/GetApplicationDocuments?applicationNumber=` (spec 002 "Document listing"). */
export const applicationDocumentsQuery = (applicationNumber: string) =>
  queryOptions({
    queryKey: documentListKeys.application(applicationNumber),
    queryFn: ({ signal }) =>
      api.get(
        `api/Documents/GetApplicationDocuments?${new URLSearchParams({ applicationNumber }).toString()}`,
        DocumentListResponse,
        { signal },
      ),
  });
