import { createQueryClient } from '@portal/web-kit';
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { App } from './app/app';
import { prepareStartup } from './app/providers';
import { firstReadsOf, preloadRouteCode, routerReady, routes } from './app/router';
import { sessionHeadersOf } from './app/session-provider';
import { api } from './lib/api-client';
import { installGlobalErrorReporting, reportClientError } from './lib/client-error-reporter';
import { currentPreviewToken } from './lib/preview/preview-token';
import { ServedDeviceContext } from './lib/served-page';
import { profileKeys, userSessionFromProfile } from './lib/session/get-profile';
import type { ProfileResponse } from '@portal/domain';
import { applicationOptionsQuery } from './lib/settings/get-application-options';
import { startProfileCheck } from './lib/session/startup-profile';
import { startWebVitals } from './lib/web-vitals';

installGlobalErrorReporting();

const queryClient = createQueryClient();

/**
 * The page the server rendered (issue 23, server/src/modules/static-files/portal-page.ts): the
 * queries it was rendered from go into the cache, so nothing is fetched twice; a signed-in page's
 * profile is the session.
 */
function takeServedState(client: QueryClient): boolean {
  const element = document.getElementById('portal-state');
  if (!element?.textContent) return false;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    // Fresh as of this page, by this device's clock (a clock minutes off would otherwise make the
    // served answers stale at once, and each would be fetched again).
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(client, state);
  } catch (error) {
    reportClientError(error);
    return false;
  }
  const profile = client.getQueryData<ProfileResponse>(profileKeys.detail());
  const user = profile ? userSessionFromProfile(profile) : null;
  if (user) api.setSessionHeaders(sessionHeadersOf(user));
  return true;
}

const served = takeServedState(queryClient);
if (!queryClient.getQueryData(profileKeys.detail())) startProfileCheck(window.location.hash);
// A signed-in page opened on a screen the server could not see (a hash route): the screen's
// first reads start now, beside its code (issue 23: the loan page's amount due painted after its
// code, its first render and then its data, one after the other).
else for (const path of firstReadsOf(window.location.hash)) api.prefetch(path);
// Each step of the start in a task of its own (issue 23: a mid-range phone is never held over
// 50 ms where the work can be split): the route's code is asked for in the next one (a served
// page already preloads it).
void nextTask().then(() => preloadRouteCode(window.location.hash));
// The start-up settings, asked for with the page unless it brought them (App waits for them).
void queryClient.prefetchQuery(applicationOptionsQuery());
// Real-user measurement (issue 23): a sample of page loads reports its Core Web Vitals.
void startWebVitals({ routes, queryClient });
// Inside the admin's preview frame or pop-out window only (a live ?previewToken=): follow the
// admin's draft. Loaded on demand so borrowers never download the preview code.
if (currentPreviewToken() && (window.parent !== window || window.opener)) {
  void import('./lib/preview/preview-mode').then(({ startPreviewMode }) =>
    startPreviewMode({ queryClient }),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The portal page has no #root element');

const rootOptions = {
  onUncaughtError: (error: unknown) => reportClientError(error),
  onCaughtError: (error: unknown) => reportClientError(error),
};

/**
 * Lets the browser paint and handle input before the next step: a task through a message channel
 * (React's scheduler yields the same way; a timer can be held, as by a test's fake clock).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

declare global {
  interface Window {
    /** The last button pressed on the served page before the app ran (the boot script's). */
    __portalPendingClick?: HTMLElement;
    /** The served page is the app's now: the boot script stops keeping presses. */
    __portalHydrated?: boolean;
  }
}

/**
 * Once the served page is the app's: a button the borrower pressed while the code was loading is
 * pressed again (the boot script kept it, server/src/modules/static-files/portal-page.ts), so the
 * press is not lost. Hydration keeps the served elements, so it is the same button.
 */
function AfterHydration() {
  useEffect(() => {
    window.__portalHydrated = true;
    const pressed = window.__portalPendingClick;
    delete window.__portalPendingClick;
    if (pressed?.isConnected && !(pressed as HTMLButtonElement).disabled) pressed.click();
  }, []);
  return null;
}

/** The route's screen has replaced the served shell: its content may show (before the paint). */
function ShellReplaced() {
  useLayoutEffect(() => {
    delete document.documentElement.dataset.ssrView;
    // The served page's elements are gone: a press kept on one of them has no button to press.
    window.__portalHydrated = true;
    delete window.__portalPendingClick;
  }, []);
  return null;
}

async function start(root: HTMLElement) {
  if (!served) {
    // In a transition, as the renders below: time-sliced, never one long task (issue 23). The page
    // came without its state (the server's read of the settings failed): the app renders it anew
    // and is the page's from then on, as after a hydration.
    startTransition(() => {
      createRoot(root, rootOptions).render(
        <>
          <StrictMode>
            <App queryClient={queryClient} />
          </StrictMode>
          <ShellReplaced />
        </>,
      );
    });
    return;
  }
  // The screen's code first, so the first render is the screen itself, never a loading bar over
  // the served page.
  await nextTask();
  const router = createHashRouter(routes);
  await routerReady(router);
  // The institution's theme (MUI's createTheme with its CSS variables, ~0.1 s on a slowed phone)
  // in a task of its own rather than inside the first render's: `prepareStartup` keeps it for
  // the render (issue 23: no task over 50 ms where it can be split).
  const options = queryClient.getQueryData(applicationOptionsQuery().queryKey);
  if (options) {
    await nextTask();
    prepareStartup(options);
    await nextTask();
  }
  // The screen the server rendered the layout for: the first render matches it.
  const device = document.documentElement.dataset.ssrDevice === 'phone' ? 'phone' : 'desktop';
  const app = (
    <StrictMode>
      <ServedDeviceContext value={device}>
        <App queryClient={queryClient} router={router} />
      </ServedDeviceContext>
    </StrictMode>
  );
  // The boot script (portal-page.ts) marked the page: the served screen is this route's, so the
  // page hydrates; else only its layout shows, and the route's screen replaces it.
  if (document.documentElement.dataset.ssrView === 'page') {
    // In a transition, hydration is time-sliced: React yields to the browser every few
    // milliseconds (a blocking lane would hydrate the whole page in one task, over 200 ms on a
    // mid-range phone), so the served page stays responsive and typing is never held (Next.js
    // hydrates its app router the same way).
    startTransition(() => {
      hydrateRoot(
        root,
        <>
          {app}
          <AfterHydration />
        </>,
        {
          ...rootOptions,
          onRecoverableError: (error: unknown) => reportClientError(error),
        },
      );
    });
  } else {
    // The route's screen replaces the served shell, rendered in slices too (a blocking render of
    // the loan page was one task of 0.7 s on a mid-range phone).
    startTransition(() => {
      createRoot(root, rootOptions).render(
        <>
          {app}
          <ShellReplaced />
        </>,
      );
    });
  }
}

void start(container);
