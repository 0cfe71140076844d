import { WorkItemDetail, type ReplyWorkItemRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/** `POST /admin-api/institutions/:slug/work-items/:id/reply`: E-mails the sender of a question (through the server's outbox). */
export function replyWorkItem(slug: string, id: string, body: ReplyWorkItemRequest) {
  return api.post(adminPath('institutions', slug, 'work-items', id, 'reply'), body, WorkItemDetail);
}

export function useReplyToWorkItem(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyWorkItemRequest) => replyWorkItem(slug, id, body),
    onSuccess: (item) => {
      queryClient.setQueryData(workQueueKeys.item(slug, id), item);
      return queryClient.invalidateQueries({ queryKey: workQueueKeys.all(slug) });
    },
  });
}
