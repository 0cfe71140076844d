import { PublishResponse } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

/** `POST /admin-api/institutions/:slug/publish` with the required comment (publishers). */
export function publishDraft(slug: string, comment: string) {
  return api.post(adminPath('institutions', slug, 'publish'), { comment }, PublishResponse);
}

export function usePublish(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => publishDraft(slug, comment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionKeys.all() }),
  });
}
