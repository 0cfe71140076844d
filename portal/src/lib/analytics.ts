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
