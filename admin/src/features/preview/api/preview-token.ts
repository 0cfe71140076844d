import { PreviewTokenResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

export const previewKeys = {
  token: (slug: string) => [...institutionKeys.detail(slug), 'preview-token'] as const,
};

/**
 * `POST /admin-api/institutions/:slug/preview-token`: a short-lived token and the portal address
 * that loads the draft with it. Fetched once per editor visit; a new one replaces the frame.
 */
export const previewTokenQuery = (slug: string) =>
  queryOptions({
    queryKey: previewKeys.token(slug),
    queryFn: ({ signal }) =>
      api.post(
        adminPath('institutions', slug, 'preview-token'),
        { adminOrigin: window.location.origin },
        PreviewTokenResponse,
        { signal },
      ),
    staleTime: Infinity,
    gcTime: 0,
  });

export const usePreviewToken = (slug: string) => useQuery(previewTokenQuery(slug));
