import { WorkItemAssigneesResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/** `GET /admin-api/institutions/:slug/work-items/assignees`: who an item may be assigned to. */
export const workItemAssigneesQuery = (slug: string) =>
  queryOptions({
    queryKey: workQueueKeys.assignees(slug),
    queryFn: ({ signal }) =>
      api
        .get(
          adminPath('institutions', slug, 'work-items', 'assignees'),
          WorkItemAssigneesResponse,
          {
            signal,
          },
        )
        .then((response) => response.assignees),
  });

export const useWorkItemAssignees = (slug: string, options: { enabled: boolean }) =>
  useQuery({ ...workItemAssigneesQuery(slug), enabled: options.enabled });
