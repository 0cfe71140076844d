import { StaffBranch, type BranchInput } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { branchKeys } from './branch-keys';

/** `PUT /admin-api/institutions/:slug/branches/:id`: saves a branch's fields. */
export function updateBranch(slug: string, id: string, body: BranchInput) {
  return api.put(adminPath('institutions', slug, 'branches', id), body, StaffBranch);
}

export function useUpdateBranch(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BranchInput }) => updateBranch(slug, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all(slug) }),
  });
}
