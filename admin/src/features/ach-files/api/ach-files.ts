import { queryOptions, useQuery } from '@tanstack/react-query';
import { AchDayListResponse } from '@portal/domain';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

/** The ACH files' contract is domain/src/api/ach-files.ts, the server's too. */
export const achFileKeys = {
  list: (slug: string) => [...institutionKeys.detail(slug), 'ach-files'] as const,
};

export const achDaysQuery = (slug: string) =>
  queryOptions({
    queryKey: achFileKeys.list(slug),
    queryFn: ({ signal }) =>
      api.get(adminPath('institutions', slug, 'ach-files'), AchDayListResponse, { signal }),
    staleTime: 0,
  });

export const useAchDays = (slug: string) => useQuery(achDaysQuery(slug));

/**
 * `GET /admin-api/institutions/:slug/ach-files/:date/:modifier`: a sealed NACHA file as an
 * attachment, the same bytes every time, so the download is a plain same-origin link.
 */
export function achFilePath(slug: string, date: string, fileIdModifier: string): string {
  return adminPath('institutions', slug, 'ach-files', date, fileIdModifier);
}
