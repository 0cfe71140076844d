import { WorkItemDetail } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/** `GET /admin-api/institutions/:slug/work-items/:id`: one item with its details. */
export const workItemQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: workQueueKeys.item(slug, id),
    queryFn: ({ signal }) =>
      api.get(adminPath('institutions', slug, 'work-items', id), WorkItemDetail, { signal }),
    staleTime: 0,
  });

export const useWorkItem = (slug: string, id: string) => useQuery(workItemQuery(slug, id));
