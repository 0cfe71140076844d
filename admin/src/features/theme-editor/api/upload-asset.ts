import { AssetUploadResponse, type ASSET_KINDS } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionKeys.detail(slug) }),
  });
}
