import { StaffWebVitalsResponse } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

/** The window staff read: the last 7 or 28 days. */
export type WebVitalsWindow = 7 | 28;

export const webVitalKeys = {
  all: (slug: string) => [...institutionKeys.detail(slug), 'web-vitals'] as const,
  window: (slug: string, days: WebVitalsWindow) => [...webVitalKeys.all(slug), days] as const,
};

/** `GET /admin-api/institutions/:slug/web-vitals?days=`: each route's p75 per metric. */
export const webVitalsQuery = (slug: string, days: WebVitalsWindow) =>
  queryOptions({
    queryKey: webVitalKeys.window(slug, days),
    queryFn: ({ signal }) =>
      api.get(
        `${adminPath('institutions', slug, 'web-vitals')}?days=${days}`,
        StaffWebVitalsResponse,
        { signal },
      ),
    // Switching the window keeps the figures on screen until the other window's arrive.
    placeholderData: keepPreviousData,
  });

export const useWebVitals = (slug: string, days: WebVitalsWindow) =>
  useQuery(webVitalsQuery(slug, days));
