import { onTestFinished, vi } from 'vitest';

/** A request the app sent, as the stub saw it. */
export interface StubRequest {
  method: string;
  /** The URL path, e.g. `/api/Profile`. */
  path: string;
  /** The query string, e.g. `?from=published&to=draft`. */
  search: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** Whether the request may outlive the page (`fetch`'s keepalive). */
  keepalive: boolean;
  body: unknown;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
}

export type StubHandler =
  StubResponse | ((request: StubRequest) => StubResponse | Promise<StubResponse>);

/** `'METHOD /path'` → answer. */
export type StubRoutes = Record<string, StubHandler>;

export interface FetchStub {
  readonly requests: readonly StubRequest[];
  /** The requests sent to one `'METHOD /path'`. */
  requestsTo(route: string): StubRequest[];
  /** Replaces or adds an answer. */
  route(route: string, handler: StubHandler): void;
}

function urlOf(input: RequestInfo | URL): URL {
  if (input instanceof URL) return input;
  if (typeof input === 'string') return new URL(input, document.baseURI);
  return new URL(input.url);
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (body instanceof FormData) return body;
  if (typeof body !== 'string' || body === '') return undefined;
  return JSON.parse(body);
}

/**
 * Replaces `fetch` (the HTTP boundary, nothing of ours) with a small route table for the current
 * test. Unknown routes get `notFound` (each app passes its API's 404 answer); every request is
 * recorded. Shared by the portal's and the admin app's component tests.
 */
export function stubFetch(routes: StubRoutes, notFound: StubResponse): FetchStub {
  const table = new Map(Object.entries(routes));
  const requests: StubRequest[] = [];

  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const url = urlOf(input);
    const request: StubRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      headers: new Headers(init.headers),
      credentials: init.credentials,
      keepalive: init.keepalive === true,
      body: parseBody(init.body),
    };
    requests.push(request);
    const handler = table.get(`${request.method} ${request.path}`) ?? notFound;
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fake);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });

  return {
    requests,
    requestsTo: (route) => {
      const [method, path] = route.split(' ');
      return requests.filter((request) => request.method === method && request.path === path);
    },
    route: (route, handler) => {
      table.set(route, handler);
    },
  };
}

/** `stubFetch` for one app's API: unknown routes get `notFound`, that API's 404 answer. */
export function fetchStubFor(notFound: StubResponse): (routes: StubRoutes) => FetchStub {
  return (routes) => stubFetch(routes, notFound);
}
