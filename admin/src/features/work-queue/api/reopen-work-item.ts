import { WorkItemDetail, type ReopenWorkItemRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/** `POST /admin-api/institutions/:slug/work-items/:id/reopen`: Takes a handled item back to assigned, with an optional reason for the audit log. */
export function reopenWorkItem(slug: string, id: string, body: ReopenWorkItemRequest) {
  return api.post(
    adminPath('institutions', slug, 'work-items', id, 'reopen'),
    body,
    WorkItemDetail,
  );
}

export function useReopenWorkItem(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReopenWorkItemRequest) => reopenWorkItem(slug, id, body),
    onSuccess: (item) => {
      queryClient.setQueryData(workQueueKeys.item(slug, id), item);
      return queryClient.invalidateQueries({ queryKey: workQueueKeys.all(slug) });
    },
  });
}
