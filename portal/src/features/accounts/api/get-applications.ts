import {
  AccountDocument,
  ApplicationListResponse,
  ApplicationResponse,
  withEnvelope,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** The application list covers the last 30 days (spec 002 section 9). */
export const APPLICATION_LIST_DAYS = 30;

export const applicationKeys = {
  all: () => ['applications'] as const,
  list: () => [...applicationKeys.all(), 'list'] as const,
  detail: (number: string) => [...applicationKeys.all(), 'detail', number] as const,
  documents: (number: string) => [...applicationKeys.all(), 'documents', number] as const,
};

/** `GET /api/Application/GetList?numDaysToRetrieve=30`. */
export function getApplications(signal?: AbortSignal) {
  return api.get(
    `api/Application/GetList?numDaysToRetrieve=${APPLICATION_LIST_DAYS}`,
    ApplicationListResponse,
    { signal },
  );
}

export const applicationListQuery = () =>
  queryOptions({
    queryKey: applicationKeys.list(),
    queryFn: ({ signal }) => getApplications(signal),
  });

export const useApplications = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...applicationListQuery(), enabled: options.enabled ?? true });

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

const ApplicationDocumentsResponse = withEnvelope({ Value: z.array(AccountDocument) });

/** `GET /api/Documents/GetApplicationDocuments?applicationNumber=` (with file services on). */
export function getApplicationDocuments(number: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ applicationNumber: number });
  return api.get(
    `api/Documents/GetApplicationDocuments?${query.toString()}`,
    ApplicationDocumentsResponse,
    { signal },
  );
}

export const useApplicationDocuments = (number: string, options: { enabled: boolean }) =>
  useQuery({
    queryKey: applicationKeys.documents(number),
    queryFn: ({ signal }) => getApplicationDocuments(number, signal),
    enabled: options.enabled,
  });
