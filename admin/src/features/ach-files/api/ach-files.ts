import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

/**
 * `GET /admin-api/institutions/:slug/ach-files`: the ACH processor's processing days, newest
 * first. The server's contract (server/src/modules/ach-files/ach-files.routes.ts), copied here
 * until it moves to domain/src/api/admin.ts.
 */
export const AchDayListResponse = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      entries: z.number().int(),
      /** Integer cents. */
      totalDebitCents: z.number().int(),
      fileName: z.string(),
    }),
  ),
});

export type AchDay = z.output<typeof AchDayListResponse>['days'][number];

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
 * `GET /admin-api/institutions/:slug/ach-files/:date`: the day's NACHA file as an attachment
 * (ACH-<slug>-<date>.txt), so the download is a plain same-origin link.
 */
export function achFilePath(slug: string, date: string): string {
  return adminPath('institutions', slug, 'ach-files', date);
}
