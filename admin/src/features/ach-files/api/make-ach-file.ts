import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AchFileMadeResponse, type AchFileMakeRequest } from '@portal/domain';
import { adminPath, api } from '../../../lib/api-client';
import { achFileKeys } from './ach-files';

export interface MakeAchFileVariables extends AchFileMakeRequest {
  date: string;
}

/**
 * `POST /admin-api/institutions/:slug/ach-files/:date`: makes and seals the day's next file of
 * its payments in no file yet, when what waits is what staff confirmed (409 Conflict else).
 */
export function makeAchFile(slug: string, { date, ...confirmed }: MakeAchFileVariables) {
  const body: AchFileMakeRequest = confirmed;
  return api.post(adminPath('institutions', slug, 'ach-files', date), body, AchFileMadeResponse);
}

export function useMakeAchFile(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: MakeAchFileVariables) => makeAchFile(slug, variables),
    // Refreshed on failure too: what waits changed, or another publisher made the file
    // meanwhile. Awaited, so the mutate call's own callbacks read the fresh days.
    onSettled: () => queryClient.invalidateQueries({ queryKey: achFileKeys.list(slug) }),
  });
}
