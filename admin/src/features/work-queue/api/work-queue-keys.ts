import type { WorkItemListQuery } from '@portal/domain';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

/** The work queue's queries of an institution; every action invalidates `all`. */
export const workQueueKeys = {
  all: (slug: string) => [...institutionKeys.detail(slug), 'work-queue'] as const,
  list: (slug: string, filter: WorkItemListQuery) =>
    [...workQueueKeys.all(slug), 'list', filter] as const,
  item: (slug: string, id: string) => [...workQueueKeys.all(slug), 'item', id] as const,
  assignees: (slug: string) => [...workQueueKeys.all(slug), 'assignees'] as const,
};
