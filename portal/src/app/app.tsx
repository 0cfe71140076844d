import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { reportClientError } from '../lib/client-error-reporter';
import { applicationOptionsQuery } from '../lib/settings/get-application-options';
import { Error500Page } from './error-500-page';
import { PortalProviders, prepareStartup, type StartupData } from './providers';
import { AppRouter, type PortalRouter } from './router';
import { StartupLoading } from './startup-loading';

type Startup = { ok: true; data: StartupData } | { ok: false; error: unknown };

/** Loads the application options first; renders the portal with them, or the Error500 page. */
function StartupGate({ router }: { router?: PortalRouter }) {
  const options = useQuery(applicationOptionsQuery());
  // The whole portal mounts when the settings arrive: as a transition, so the browser can paint
  // and answer input between slices of that render instead of freezing for all of it.
  const data = useDeferredValue(options.data);
  const startup = useMemo<Startup | undefined>(() => {
    if (!data) return undefined;
    try {
      return { ok: true, data: prepareStartup(data) };
    } catch (error) {
      return { ok: false, error };
    }
  }, [data]);

  useEffect(() => {
    if (startup && !startup.ok) reportClientError(startup.error);
  }, [startup]);

  if (options.isPending || (options.data && !data)) return <StartupLoading />;
  if (options.isError || !startup?.ok) {
    return <Error500Page retrying={options.isFetching} onRetry={() => void options.refetch()} />;
  }
  return (
    <PortalProviders startup={startup.data}>
      <AppRouter router={router} />
    </PortalProviders>
  );
}

/** `router`: one made beforehand (the server's, or the browser's that hydrates its page). */
export function App({ queryClient, router }: { queryClient: QueryClient; router?: PortalRouter }) {
  // The page is the browser's now (rendered, or hydrated from the server's HTML): journeys and
  // the bench wait for this mark.
  useEffect(() => {
    document.documentElement.setAttribute('data-portal-ready', '');
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <StartupGate router={router} />
    </QueryClientProvider>
  );
}
