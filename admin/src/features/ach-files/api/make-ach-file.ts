import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPath, api } from '../../../lib/api-client';
import { AchFileSummary, achFileKeys } from './ach-files';

/** The server's answer (ach-files.routes.ts `AchFileMadeResponse`). */
export const AchFileMadeResponse = z.object({ date: z.string(), file: AchFileSummary });

/**
 * `POST /admin-api/institutions/:slug/ach-files/:date`: makes and seals the day's next file of
 * its payments in no file yet.
 */
export function makeAchFile(slug: string, date: string) {
  return api.post(adminPath('institutions', slug, 'ach-files', date), {}, AchFileMadeResponse);
}

export function useMakeAchFile(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => makeAchFile(slug, date),
    // Refreshed on failure too: another publisher may have made the file meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: achFileKeys.list(slug) }),
  });
}
