import { WorkItemDetail, type HandleWorkItemRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/** `POST /admin-api/institutions/:slug/work-items/:id/handle`: Marks the item handled with the note (final until it is reopened). */
export function handleWorkItem(slug: string, id: string, body: HandleWorkItemRequest) {
  return api.post(
    adminPath('institutions', slug, 'work-items', id, 'handle'),
    body,
    WorkItemDetail,
  );
}

export function useHandleWorkItem(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HandleWorkItemRequest) => handleWorkItem(slug, id, body),
    onSuccess: (item) => {
      queryClient.setQueryData(workQueueKeys.item(slug, id), item);
      return queryClient.invalidateQueries({ queryKey: workQueueKeys.all(slug) });
    },
  });
}
