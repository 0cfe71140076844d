import { InstitutionSummary } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPath, api } from '../api-client';

/**
 * `GET /admin-api/institutions`: the caller's institutions with their role (every institution for
 * implementers). The contract has no list wrapper yet; admin/API.md asks for this one.
 */
export const InstitutionListResponse = z.object({ institutions: z.array(InstitutionSummary) });

export const institutionKeys = {
  all: () => ['institutions'] as const,
  list: () => ['institutions', 'list'] as const,
  /** Everything of one institution: settings, versions, diffs, audit. */
  detail: (slug: string) => ['institutions', 'detail', slug] as const,
};

export const institutionListQuery = () =>
  queryOptions({
    queryKey: institutionKeys.list(),
    queryFn: ({ signal }) =>
      api
        .get(adminPath('institutions'), InstitutionListResponse, { signal })
        .then((response) => response.institutions),
  });

export const useInstitutionList = () => useQuery(institutionListQuery());
