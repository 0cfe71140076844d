import { InstitutionSettingsResponse } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { settingsKeys } from '../../../lib/draft/get-institution-settings';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

/** `DELETE /admin-api/institutions/:slug/draft`: throws the draft away (editors, publishers). */
export function discardDraft(slug: string) {
  return api.delete(adminPath('institutions', slug, 'draft'), InstitutionSettingsResponse);
}

export function useDiscardDraft(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discardDraft(slug),
    onSuccess: (settings) => {
      // The header and every section show the published settings at once.
      queryClient.setQueryData(settingsKeys.detail(slug), settings);
      return queryClient.invalidateQueries({ queryKey: institutionKeys.all() });
    },
  });
}
