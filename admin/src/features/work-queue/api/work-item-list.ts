import { WorkItemListResponse, type WorkItemListQuery } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/**
 * `GET /admin-api/institutions/:slug/work-items?kind=&status=`: the filter's items, newest first,
 * and the whole queue's counts by kind and status.
 */
export const workItemListQuery = (slug: string, filter: WorkItemListQuery) =>
  queryOptions({
    queryKey: workQueueKeys.list(slug, filter),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (filter.kind) query.set('kind', filter.kind);
      if (filter.status) query.set('status', filter.status);
      const search = query.size > 0 ? `?${query}` : '';
      return api.get(
        `${adminPath('institutions', slug, 'work-items')}${search}`,
        WorkItemListResponse,
        {
          signal,
        },
      );
    },
    staleTime: 0,
    // The filters and counts stay on screen while another filter's items load.
    placeholderData: keepPreviousData,
  });

export const useWorkItemList = (slug: string, filter: WorkItemListQuery) =>
  useQuery(workItemListQuery(slug, filter));
