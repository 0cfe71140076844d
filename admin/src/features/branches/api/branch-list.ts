import { StaffBranchListResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { branchKeys } from './branch-keys';

/** `GET /admin-api/institutions/:slug/branches`: the branches in the order borrowers see them. */
export const branchListQuery = (slug: string) =>
  queryOptions({
    queryKey: branchKeys.list(slug),
    queryFn: ({ signal }) =>
      api
        .get(adminPath('institutions', slug, 'branches'), StaffBranchListResponse, { signal })
        .then((response) => response.branches),
    staleTime: 0,
  });

export const useBranchList = (slug: string) => useQuery(branchListQuery(slug));
