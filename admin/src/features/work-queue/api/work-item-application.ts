import { WorkItemApplication, type ApplicationStatusChangeRequest } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

const applicationKey = (slug: string, id: string) =>
  [...workQueueKeys.item(slug, id), 'application'] as const;

/** `GET /admin-api/institutions/:slug/work-items/:id/application`: the core's application now. */
export const workItemApplicationQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: applicationKey(slug, id),
    queryFn: ({ signal }) =>
      api.get(
        adminPath('institutions', slug, 'work-items', id, 'application'),
        WorkItemApplication,
        { signal },
      ),
    staleTime: 0,
  });

export const useWorkItemApplication = (slug: string, id: string) =>
  useQuery(workItemApplicationQuery(slug, id));

/**
 * `POST .../work-items/:id/application/status`: moves the application (the borrower sees the new
 * status at once). A refusal because it moved meanwhile reads the application again.
 */
export function useChangeApplicationStatus(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationStatusChangeRequest) =>
      api.post(
        adminPath('institutions', slug, 'work-items', id, 'application', 'status'),
        body,
        WorkItemApplication,
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKey(slug, id), application);
      return queryClient.invalidateQueries({ queryKey: workQueueKeys.all(slug) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: applicationKey(slug, id) }),
  });
}
