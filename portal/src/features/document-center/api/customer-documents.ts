import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DocumentListResponse } from '../../../lib/documents/document-lists';

export const documentCenterKeys = {
  customer: () => ['documents', 'customer'] as const,
};

/**
 * `GET /api/Documents/GetCustomerDocuments`: the user's own documents, the ones
 * `POST /api/file/UploadByCustomerID` keeps (spec 002 "Document listing"). Only asked for with
 * file services on: the server answers 404 without them.
 */
export const customerDocumentsQuery = () =>
  queryOptions({
    queryKey: documentCenterKeys.customer(),
    queryFn: ({ signal }) =>
      api.get('api/Documents/GetCustomerDocuments', DocumentListResponse, { signal }),
  });
