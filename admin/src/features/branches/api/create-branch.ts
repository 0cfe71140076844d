import { StaffBranch, type BranchInput } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { branchKeys } from './branch-keys';

/** `POST /admin-api/institutions/:slug/branches`: adds a branch at the end of the list. */
export function createBranch(slug: string, body: BranchInput) {
  return api.post(adminPath('institutions', slug, 'branches'), body, StaffBranch);
}

export function useCreateBranch(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchInput) => createBranch(slug, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all(slug) }),
  });
}
