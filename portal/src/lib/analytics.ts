/*
 * A plain fetcher, without a mutation hook, on purpose: a page view is sent fire-and-forget by the
 * route effects on every navigation; nothing shows its progress or result, and a mutation per view
 * would only fill the mutation cache.
 */
import { Envelope, type PageViewRequest } from '@portal/domain';
import { api } from './api-client';

/** `POST /api/Analytics/PageView` (when analyticsOptions.enablePageViewAnalyticsOption is on). */
export function postPageView(view: PageViewRequest) {
  return api.post(
    'api/Analytics/PageView',
    { Route: view.Route.slice(0, 500), Title: view.Title.slice(0, 500) },
    Envelope,
  );
}
