import { AuditListResponse } from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

export const auditKeys = {
  list: (slug: string) => [...institutionKeys.detail(slug), 'audit'] as const,
};

const PAGE_SIZE = 50;

/** `GET /admin-api/institutions/:slug/audit?before=&limit=`: newest first, page by page. */
export const auditQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(slug),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) query.set('before', pageParam);
      return api.get(`${adminPath('institutions', slug, 'audit')}?${query}`, AuditListResponse, {
        signal,
      });
    },
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
  });

export const useAuditLog = (slug: string) => useInfiniteQuery(auditQuery(slug));
