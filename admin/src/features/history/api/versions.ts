import {
  InstitutionSettingsResponse,
  VersionDetailResponse,
  VersionListResponse,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

export const versionKeys = {
  list: (slug: string) => [...institutionKeys.detail(slug), 'versions'] as const,
  detail: (slug: string, version: number) => [...versionKeys.list(slug), version] as const,
};

/** `GET /admin-api/institutions/:slug/versions`: every published version, newest first. */
export const versionListQuery = (slug: string) =>
  queryOptions({
    queryKey: versionKeys.list(slug),
    queryFn: ({ signal }) =>
      api
        .get(adminPath('institutions', slug, 'versions'), VersionListResponse, { signal })
        .then((response) => [...response.versions].sort((a, b) => b.version - a.version)),
    staleTime: 0,
  });

export const useVersionList = (slug: string) => useQuery(versionListQuery(slug));

/** `GET /admin-api/institutions/:slug/versions/:version`: one version's whole document. */
export const versionQuery = (slug: string, version: number) =>
  queryOptions({
    queryKey: versionKeys.detail(slug, version),
    queryFn: ({ signal }) =>
      api.get(adminPath('institutions', slug, 'versions', version), VersionDetailResponse, {
        signal,
      }),
    // A published version never changes.
    staleTime: Infinity,
  });

export const useVersion = (slug: string, version: number) => useQuery(versionQuery(slug, version));

/** `POST /admin-api/institutions/:slug/versions/:version/restore`: the version becomes the draft. */
export function restoreVersion(slug: string, version: number) {
  return api.post(
    adminPath('institutions', slug, 'versions', version, 'restore'),
    {},
    InstitutionSettingsResponse,
  );
}

export function useRestoreVersion(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restoreVersion(slug, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionKeys.detail(slug) }),
  });
}
