import { DiffResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../api-client';
import { institutionKeys } from '../institutions/list-institutions';

/** A document to compare: a version number, the published one or the draft. */
export type DiffSide = number | 'published' | 'draft';

export const diffKeys = {
  between: (slug: string, from: DiffSide, to: DiffSide) =>
    [...institutionKeys.detail(slug), 'diff', String(from), String(to)] as const,
};

/** `GET /admin-api/institutions/:slug/diff?from=&to=`: per-key before/after. */
export const diffQuery = (slug: string, from: DiffSide, to: DiffSide) =>
  queryOptions({
    queryKey: diffKeys.between(slug, from, to),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ from: String(from), to: String(to) });
      return api
        .get(`${adminPath('institutions', slug, 'diff')}?${query}`, DiffResponse, { signal })
        .then((response) => response.entries);
    },
    staleTime: 0,
  });

export const useDiff = (slug: string, from: DiffSide, to: DiffSide, enabled = true) =>
  useQuery({ ...diffQuery(slug, from, to), enabled });
