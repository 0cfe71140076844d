import { AssetUploadResponse, type ASSET_KINDS } from '@portal/domain';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { settingsKeys } from '../../../lib/draft/get-institution-settings';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

export type AssetKind = (typeof ASSET_KINDS)[number];

/** `POST /admin-api/institutions/:slug/assets` (multipart: kind, file) → the stored path. */
export function uploadAsset(slug: string, kind: AssetKind, file: File) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file);
  return api.postForm(adminPath('institutions', slug, 'assets'), form, AssetUploadResponse);
}

export function useUploadAsset(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: AssetKind; file: File }) => uploadAsset(slug, kind, file),
    // The upload changes no setting (the draft session puts the new file in the draft itself),
    // so the settings are not refetched: a refetch begun now could answer after that save and
    // bring back the draft from before it (the logo then vanished from the review).
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: institutionKeys.detail(slug),
        predicate: (query) => hashKey(query.queryKey) !== hashKey(settingsKeys.detail(slug)),
      }),
  });
}
