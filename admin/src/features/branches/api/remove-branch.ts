import { StaffBranchListResponse } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { branchKeys } from './branch-keys';

/** `DELETE /admin-api/institutions/:slug/branches/:id`: the list as it is after. */
export function removeBranch(slug: string, id: string) {
  return api.delete(adminPath('institutions', slug, 'branches', id), StaffBranchListResponse);
}

export function useRemoveBranch(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeBranch(slug, id),
    onSuccess: (response) => {
      queryClient.setQueryData(branchKeys.list(slug), response.branches);
      return queryClient.invalidateQueries({ queryKey: branchKeys.all(slug) });
    },
  });
}
