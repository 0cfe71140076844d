import { StaffBranchListResponse, type MoveBranchRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { branchKeys } from './branch-keys';

/** `POST /admin-api/institutions/:slug/branches/:id/move`: one place up or down; the new list. */
export function moveBranch(slug: string, id: string, body: MoveBranchRequest) {
  return api.post(
    adminPath('institutions', slug, 'branches', id, 'move'),
    body,
    StaffBranchListResponse,
  );
}

export function useMoveBranch(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: string } & MoveBranchRequest) =>
      moveBranch(slug, id, { direction }),
    onSuccess: (response) => {
      queryClient.setQueryData(branchKeys.list(slug), response.branches);
      return queryClient.invalidateQueries({ queryKey: branchKeys.all(slug) });
    },
  });
}
