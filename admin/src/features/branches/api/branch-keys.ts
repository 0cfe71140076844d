import { institutionKeys } from '../../../lib/institutions/list-institutions';

/** The branches' queries of an institution; every change invalidates `all`. */
export const branchKeys = {
  all: (slug: string) => [...institutionKeys.detail(slug), 'branches'] as const,
  list: (slug: string) => [...branchKeys.all(slug), 'list'] as const,
};
