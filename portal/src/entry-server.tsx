/*
 * The portal's first paint, rendered by the server (issue 23; docs/decisions/server-rendering.md).
 * The server imports this module's build (portal/dist-ssr, `vite build --ssr`) and calls
 * `renderPortalPage` inside its own request context: every `api/...` call the screens make while
 * rendering reaches the API routes in the same process (server/src/modules/ssr), with the
 * visitor's cookies, so the HTML holds exactly what the borrower's browser would have fetched.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ApplicationOptionsResponse, ProfileResponse } from '@portal/domain';
import { createQueryClient, setSanitizerWithoutDom } from '@portal/web-kit';
import {
  dehydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, createPath } from 'react-router';
import { App } from './app/app';
import { DASHBOARD_PATH, HOME_PATH } from './app/guards';
import { prepareStartup } from './app/providers';
import { pageTitleOf, readRouteHandle } from './app/route-handle';
import { routerReady, routes } from './app/router';
import { servedDeviceFor, ServedDeviceContext, type ServedDevice } from './lib/served-page';
import { profileKeys, userSessionFromProfile } from './lib/session/get-profile';
import { applicationOptionsQuery } from './lib/settings/get-application-options';

export interface RenderedPortalPage {
  /** The route the HTML shows: the sign-in page or the dashboard. */
  path: string;
  /** The markup of #root. */
  html: string;
  /** Emotion's critical styles for that markup, as `<style data-emotion>` tags. */
  styles: string;
  /** The queries the markup was rendered from, for the client's TanStack Query cache. */
  state: DehydratedState;
  /** The page title (the route's title setting). */
  title: string;
  /** The institution's colour scheme setting: light, dark or system. */
  colorScheme: string;
  /** The screen the layout was rendered for (the browser hydrates the same, then adapts). */
  device: ServedDevice;
  /**
   * Whole renders it took: 1 when every read the page needs suspended its part of the page
   * (`suspendUntilRead`); more when one was found only after a render.
   */
  passes: number;
}

/** What the server knows before rendering: the start-up settings, and the session's profile. */
export interface RenderInput {
  applicationOptions: ApplicationOptionsResponse;
  /** The signed-in borrower's profile; undefined for a visitor. */
  profile: ProfileResponse | undefined;
  /** The browser's user agent: the layout starts as a phone's or a desktop's (served-page.ts). */
  userAgent?: string;
  /**
   * Told of a read that failed while rendering (its query key and the error): the page renders
   * it as the browser would (its error state) and the browser reads it again, so a served page
   * that fetches again after hydrating has its cause in the server's log.
   */
  onReadFailed?: (queryKey: readonly unknown[], error: unknown) => void;
}

/**
 * Called once by the server when it loads this module: its sanitiser of the rich text policy,
 * used where the browser uses DOMPurify (there is no DOM here).
 */
export function configureServerRendering(options: {
  sanitizeRichText(html: string): string;
  /** Told of an error inside a boundary (the boundary renders its fallback, as in the browser). */
  onRenderError(error: unknown): void;
}) {
  setSanitizerWithoutDom(options.sanitizeRichText);
  reportRenderError = options.onRenderError;
}

let reportRenderError: (error: unknown) => void = () => undefined;

/** Render passes before the HTML is sent as it is (each pass fetches what the last one asked). */
const MAX_PASSES = 5;

/**
 * React 19's static renderer: it waits for every Suspense boundary (lazy screens included) and
 * writes them in place, so the first paint is the whole screen, never a fallback, and the page
 * needs no inline script to reveal anything (the policy allows none).
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    // A large finished boundary is written inline, not moved to the end with a script that puts
    // it in place (React's default past 12.8 KB): the page's policy runs no inline script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // An error inside a boundary renders that boundary's fallback, as in the browser.
    onError(error) {
      reportRenderError(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function queryEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (typeof enabled === 'function') return (enabled as (query: Query) => boolean)(query) !== false;
  return enabled !== false;
}

/**
 * Queries a render asked for and nobody has fetched: hooks build their query in the cache while
 * rendering but fetch only in the browser's effects, so the server fetches them between passes.
 */
function unfetchedQueries(client: QueryClient, tried: Set<string>): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        !tried.has(query.queryHash) &&
        queryEnabled(query),
    );
}

/**
 * A query the render needs and nobody has read yet suspends its part of the page: React renders
 * the rest, reads it (the same `queryFn`, through the server's own API routes) and comes back to
 * that part alone, so the page is rendered once instead of once per round of reads (the
 * dashboard's account list, then each loan's payment information, was three whole renders). A
 * query that is disabled, or that failed, does not suspend: it renders as in the browser (idle,
 * or still loading: a failed read is not served, and the browser reads it again). `suspense` is
 * the option TanStack Query's suspense hooks set; the browser's client never has it.
 *
 * A part waits at the first of its hooks whose query is unread, so the reads below it are asked
 * for only after that answer: the signed-in layout waits for the account list (its menu depends
 * on it), then the dashboard asks for the application list and each loan's payment information.
 * That costs the page time (about 6 ms at rest for the dashboard), not processor time; asking
 * for a route's independent first reads together would need the route table to name them as
 * queries for the server (its `firstReads` are paths, for the browser's early requests).
 */
function suspendUntilRead(client: QueryClient) {
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaults(options);
    if (defaulted.suspense !== undefined) return defaulted;
    const query = client.getQueryCache().get(defaulted.queryHash);
    const enabled: unknown = defaulted.enabled;
    const enabledNow =
      typeof enabled === 'function'
        ? query !== undefined && (enabled as (query: Query) => boolean)(query) !== false
        : enabled !== false;
    const unread = query === undefined || query.state.status === 'pending';
    return { ...defaulted, suspense: enabledNow && unread };
  }) as QueryClient['defaultQueryOptions'];
}

/**
 * Renders `/` as the server knows it: the dashboard for a signed-in borrower, the sign-in page for
 * a visitor, in the institution's theme and words, with the data each screen reads.
 */
export async function renderPortalPage(input: RenderInput): Promise<RenderedPortalPage> {
  // A failed read is not asked again here (the browser's own client reads it again, with its
  // retries): a page is not held seconds for a read that is failing.
  const queryClient = createQueryClient({ retry: false });
  suspendUntilRead(queryClient);
  // Every read that failed, however it was asked for (a suspended part's, or a later pass's):
  // TanStack Query's fetch for a suspended part keeps the error to itself.
  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      input.onReadFailed?.(event.query.queryKey, event.action.error);
    }
  });
  try {
    return await renderWith(queryClient, input);
  } finally {
    stopWatching();
  }
}

async function renderWith(
  queryClient: QueryClient,
  input: RenderInput,
): Promise<RenderedPortalPage> {
  queryClient.setQueryData(applicationOptionsQuery().queryKey, input.applicationOptions);
  const signedIn = input.profile !== undefined && userSessionFromProfile(input.profile) !== null;
  if (signedIn) queryClient.setQueryData(profileKeys.detail(), input.profile);
  const path = signedIn ? DASHBOARD_PATH : HOME_PATH;
  const startup = prepareStartup(input.applicationOptions);
  const device = servedDeviceFor(input.userAgent);

  // The same router component as the browser's (only its history differs): the two trees are
  // alike node for node, so React's ids (labels, descriptions) match when the page hydrates.
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // A memory router's links are plain paths; the browser's hash router writes `#/path`. The
  // server's links are the browser's (they work without JavaScript and hydrate unchanged).
  router.createHref = (location) =>
    `#${typeof location === 'string' ? location : createPath(location)}`;
  await routerReady(router);

  const tried = new Set<string>();
  let html = '';
  let cache = createCache({ key: 'css' });
  for (let pass = 1; ; pass += 1) {
    cache = createCache({ key: 'css' });
    // Emotion's server mode: styles are collected in the cache instead of written beside each
    // element, then extracted for the markup sent (createEmotionServer sets `compat`).
    const emotion = createEmotionServer(cache);
    html = await renderToHtml(
      <StrictMode>
        <CacheProvider value={cache}>
          <ServedDeviceContext value={device}>
            <App queryClient={queryClient} router={router} />
          </ServedDeviceContext>
        </CacheProvider>
      </StrictMode>,
    );
    const missing = unfetchedQueries(queryClient, tried);
    // A boundary that waited for code (a lazy component met for the first time) was written as
    // its fallback plus a revealing script: render again, the code is loaded now.
    const waited = html.includes('<template id="B:');
    if ((missing.length === 0 && !waited) || pass === MAX_PASSES) {
      const chunks = emotion.extractCriticalToChunks(html);
      const title = titleOf(router.state.matches, startup.portalSettings.settings);
      return {
        path,
        html,
        styles: emotion.constructStyleTagsFromChunks(chunks),
        state: dehydrate(queryClient),
        title,
        colorScheme: startup.colorScheme,
        device,
        passes: pass,
      };
    }
    for (const query of missing) tried.add(query.queryHash);
    // A failed read renders as it would in the browser; the client reads it again (it is not
    // among the served queries). It is reported by the watch in renderPortalPage.
    await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
  }
}

/** The title the browser's route effects set: the last matched route's (route-handle.ts). */
function titleOf(
  matches: readonly { route: { handle?: unknown } }[],
  settings: ReturnType<typeof prepareStartup>['portalSettings']['settings'],
): string {
  return pageTitleOf(readRouteHandle(matches[matches.length - 1]?.route.handle), settings) ?? '';
}
