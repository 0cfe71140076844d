import { useQueries } from '@tanstack/react-query';
import { accountDocumentsQuery } from '../../../lib/documents/document-lists';

/** Each account's documents, in the order of the numbers given (the Document Center's query). */
export const useAccountsDocuments = (accountNumbers: readonly string[], enabled: boolean) =>
  useQueries({
    queries: accountNumbers.map((number) => ({
      ...accountDocumentsQuery(number),
      enabled,
      retry: false,
    })),
  });
