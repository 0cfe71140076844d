import { ApplicationResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  APPLICATION_LIST_DAYS,
  applicationListKey,
  useApplicationList,
} from '../../../lib/applications/application-list';
import { applicationDocumentsQuery } from '../../../lib/documents/document-lists';

export const applicationKeys = {
  all: () => ['applications'] as const,
  list: applicationListKey,
  detail: (number: string) => [...applicationKeys.all(), 'detail', number] as const,
};

/** The dashboard's and the Document Center's one application list (lib/applications). */
export const useApplications = useApplicationList;

/** `GET /api/Application?numDaysToRetrieve=30&applicationNumber=`. */
export function getApplication(number: string, signal?: AbortSignal) {
  const query = new URLSearchParams({
    numDaysToRetrieve: String(APPLICATION_LIST_DAYS),
    applicationNumber: number,
  });
  return api.get(`api/Application?${query.toString()}`, ApplicationResponse, { signal });
}

export const applicationQuery = (number: string) =>
  queryOptions({
    queryKey: applicationKeys.detail(number),
    queryFn: ({ signal }) => getApplication(number, signal),
  });

/** `GET /api/Documents/GetApplicationDocuments?applicationNumber=` (with file services on). */
export const useApplicationDocuments = (number: string, options: { enabled: boolean }) =>
  useQuery({ ...applicationDocumentsQuery(number), enabled: options.enabled });
