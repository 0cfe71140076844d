import { ReconciliationRunDetail, ReconciliationRunListResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

export const reconciliationKeys = {
  all: (slug: string) => [...institutionKeys.detail(slug), 'reconciliations'] as const,
  list: (slug: string) => [...reconciliationKeys.all(slug), 'list'] as const,
  day: (slug: string, date: string) => [...reconciliationKeys.all(slug), 'day', date] as const,
};

/** `GET /admin-api/institutions/:slug/reconciliations`: the reconciled days, newest first. */
export const reconciliationRunsQuery = (slug: string) =>
  queryOptions({
    queryKey: reconciliationKeys.list(slug),
    queryFn: ({ signal }) =>
      api.get(adminPath('institutions', slug, 'reconciliations'), ReconciliationRunListResponse, {
        signal,
      }),
    staleTime: 0,
  });

export const useReconciliationRuns = (slug: string) => useQuery(reconciliationRunsQuery(slug));

/** `GET /admin-api/institutions/:slug/reconciliations/:date`: a day's run and its mismatches. */
export const reconciliationRunQuery = (slug: string, date: string) =>
  queryOptions({
    queryKey: reconciliationKeys.day(slug, date),
    queryFn: ({ signal }) =>
      api.get(adminPath('institutions', slug, 'reconciliations', date), ReconciliationRunDetail, {
        signal,
      }),
    staleTime: 0,
  });

export const useReconciliationRun = (slug: string, date: string) =>
  useQuery(reconciliationRunQuery(slug, date));
