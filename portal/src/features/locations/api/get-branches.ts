import { BranchInfoResponse } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const branchKeys = {
  all: () => ['branches'] as const,
  list: () => [...branchKeys.all(), 'list'] as const,
  nearest: (zip: string) => [...branchKeys.all(), 'nearest', zip] as const,
};

/** `GET /api/branchInfo`, or `GET /api/branchInfo?zip=NNNNN` for the branches nearest a ZIP. */
export function getBranches(zip: string | undefined, signal?: AbortSignal) {
  const path = zip ? `api/branchInfo?${new URLSearchParams({ zip }).toString()}` : 'api/branchInfo';
  return api.get(path, BranchInfoResponse, { signal });
}

export const branchListQuery = () =>
  queryOptions({
    queryKey: branchKeys.list(),
    queryFn: ({ signal }) => getBranches(undefined, signal),
  });

export const nearestBranchesQuery = (zip: string) =>
  queryOptions({
    queryKey: branchKeys.nearest(zip),
    queryFn: ({ signal }) => getBranches(zip, signal),
  });

/** Every branch, in the institution's order. */
export const useBranchList = () => useQuery(branchListQuery());

/**
 * The branches nearest `zip`, once there is one; while the next ZIP's answer is on its way the
 * last one stays (so the list does not fall back to the institution's order between searches).
 */
export const useNearestBranches = (zip: string | undefined) =>
  useQuery({
    ...nearestBranchesQuery(zip ?? ''),
    enabled: zip !== undefined,
    placeholderData: keepPreviousData,
  });
