import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AchFileMadeResponse } from '@portal/domain';
import { adminPath, api } from '../../../lib/api-client';
import { achFileKeys } from './ach-files';

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
