import { WorkItemDetail, type AssignWorkItemRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/** `POST /admin-api/institutions/:slug/work-items/:id/assign`: Assigns the item to oneself or another editor or publisher of the institution. */
export function assignWorkItem(slug: string, id: string, body: AssignWorkItemRequest) {
  return api.post(
    adminPath('institutions', slug, 'work-items', id, 'assign'),
    body,
    WorkItemDetail,
  );
}

export function useAssignWorkItem(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignWorkItemRequest) => assignWorkItem(slug, id, body),
    onSuccess: (item) => {
      queryClient.setQueryData(workQueueKeys.item(slug, id), item);
      return queryClient.invalidateQueries({ queryKey: workQueueKeys.all(slug) });
    },
  });
}
