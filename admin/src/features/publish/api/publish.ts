import { PublishResponse } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

export interface PublishInput {
  comment: string;
  /** The publisher confirmed brand colours below WCAG AA (kept in the audit log). */
  acceptLowContrast?: boolean;
}

/** `POST /admin-api/institutions/:slug/publish` with the required comment (publishers). */
export function publishDraft(slug: string, input: PublishInput) {
  return api.post(adminPath('institutions', slug, 'publish'), input, PublishResponse);
}

export function usePublish(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishInput) => publishDraft(slug, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionKeys.all() }),
  });
}
