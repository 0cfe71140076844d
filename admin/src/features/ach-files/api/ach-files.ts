import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

/**
 * The ACH files' contract, copied from the server (server/src/modules/ach-files/ach-files.routes.ts)
 * until it moves to domain/src/api/admin.ts. Money in integer cents.
 */
export const AchFileSummary = z.object({
  /** The File ID Modifier: A for the day's first file, then B... Z, 0... 9. */
  fileIdModifier: z.string(),
  entries: z.number().int(),
  totalDebitCents: z.number().int(),
  /** When it was made, ISO 8601. */
  sealedAt: z.string(),
  /** ACH-<slug>-<date>-<modifier>.txt */
  fileName: z.string(),
});

/** `GET /admin-api/institutions/:slug/ach-files`: the processing days, newest first. */
export const AchDayListResponse = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      /** All the day's payments, in a file or not. */
      entries: z.number().int(),
      totalDebitCents: z.number().int(),
      /** The day's sealed files, A first. */
      files: z.array(AchFileSummary),
      /** The payments in no file yet. */
      pending: z.object({ entries: z.number().int(), totalDebitCents: z.number().int() }),
    }),
  ),
});

export type AchDay = z.output<typeof AchDayListResponse>['days'][number];
export type AchFile = z.output<typeof AchFileSummary>;

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
