import { ApplicationListResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** The application list covers the last 30 days (spec 002 section 9). */
export const APPLICATION_LIST_DAYS = 30;

/* The dashboard's and the Document Center's application list: one query, one cached answer. */
export const applicationListKey = () => ['applications', 'list'] as const;

/** `GET /api/Application/GetList?numDaysToRetrieve=30`. */
export const applicationListQuery = () =>
  queryOptions({
    queryKey: applicationListKey(),
    queryFn: ({ signal }) =>
      api.get(
        `api/Application/GetList?numDaysToRetrieve=${APPLICATION_LIST_DAYS}`,
        ApplicationListResponse,
        { signal },
      ),
  });

export const useApplicationList = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...applicationListQuery(), enabled: options.enabled ?? true });
