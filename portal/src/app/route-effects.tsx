import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { postPageView } from '../lib/analytics';
import { reportClientError } from '../lib/client-error-reporter';
import { useSettings } from '../lib/settings/settings-context';
import { pageTitleOf, readRouteHandle } from './route-handle';

/**
 * After each navigation: the document title from the setting the route's `pageTitle` names (a
 * route without one is reported as a client error) and, when enabled, the page-view analytics.
 */
export function RouteEffects() {
  const matches = useMatches();
  const location = useLocation();
  const settings = useSettings();
  const analyticsEnabled = settings.get('analyticsOptions.enablePageViewAnalyticsOption');
  const handle = readRouteHandle(matches[matches.length - 1]?.handle);
  const { redirect } = handle;
  const pageTitle = pageTitleOf(handle, settings);
  const lastCounted = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (redirect) return;
    if (!pageTitle) {
      reportClientError(new Error(`The route ${location.pathname} has no page title`));
      return;
    }
    document.title = pageTitle;
    if (analyticsEnabled && lastCounted.current !== location.key) {
      lastCounted.current = location.key;
      postPageView({ Route: location.pathname, Title: pageTitle }).catch(() => {
        // Analytics never get in the user's way.
      });
    }
  }, [analyticsEnabled, location.key, location.pathname, pageTitle, redirect]);

  return null;
}
