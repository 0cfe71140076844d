import { InstitutionSettingsResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../api-client';
import { institutionKeys } from '../institutions/list-institutions';

export const settingsKeys = {
  detail: (slug: string) => [...institutionKeys.detail(slug), 'settings'] as const,
};

/** `GET /admin-api/institutions/:slug/settings`: the published document and the draft. */
export const institutionSettingsQuery = (slug: string) =>
  queryOptions({
    queryKey: settingsKeys.detail(slug),
    queryFn: ({ signal }) =>
      api.get(adminPath('institutions', slug, 'settings'), InstitutionSettingsResponse, { signal }),
  });

export const useInstitutionSettings = (slug: string) => useQuery(institutionSettingsQuery(slug));
