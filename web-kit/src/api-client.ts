import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/domain';
import type { z } from 'zod';

/**
 * A failed call: the HTTP status, 0 when the network failed. Each app's API error extends it with
 * what its API says about the failure.
 */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** Codes the client itself gives to failures the server did not describe. */
export const CLIENT_ERROR_CODES = {
  network: 'NetworkError',
  invalidResponse: 'InvalidResponse',
} as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Do not tell the `onUnauthorized` listeners when this call is refused for want of a session:
   * for calls that probe the session (the restore at start-up) or start or end it.
   */
  ignoreUnauthorized?: boolean;
  /** A successful answer is plain text (the portal's token calls), not JSON. */
  text?: boolean;
  /**
   * Headers of this one call (a payment submit's Idempotency-Key). They cannot replace the
   * client's own (CSRF, content type, the app's): those are set after.
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * Let the request outlive the page (`fetch`'s keepalive): for small reports sent as the page is
   * hidden or closed. `navigator.sendBeacon` would do the same but cannot carry the CSRF header.
   */
  keepalive?: boolean;
}

/** A call without a body: the path (with any query) and the schema of the answer. */
type Call = <S extends z.ZodType>(
  path: string,
  schema: S,
  options?: RequestOptions,
) => Promise<z.output<S>>;

/** A call with a body: JSON, or a form for `postForm`. */
type CallWith<B> = <S extends z.ZodType>(
  path: string,
  body: B,
  schema: S,
  options?: RequestOptions,
) => Promise<z.output<S>>;

export interface ApiClient {
  get: Call;
  post: CallWith<unknown>;
  put: CallWith<unknown>;
  patch: CallWith<unknown>;
  delete: Call;
  /** A multipart upload (the browser sets the boundary). */
  postForm: CallWith<FormData>;
  /** Listens for calls refused because the session has ended; returns the unsubscribe function. */
  onUnauthorized(listener: () => void): () => void;
  /**
   * Asks for a GET now, before the code that reads it has loaded: the first `get` of the same path
   * within `EARLY_READ_MS` takes this answer instead of asking again (issue 23: a screen's data
   * comes while its code downloads, not after its first render).
   */
  prefetch(path: string): void;
  /** Drops the early reads not yet taken (the session ended or changed hands). */
  dropEarlyReads(): void;
}

/** A GET asked for before its caller (`prefetch`): its answer, and when it was asked for. */
interface EarlyRead {
  at: number;
  response: Promise<Response>;
}

/** How long an early read waits for its `get` (the start-up of a page; older answers are stale). */
export const EARLY_READ_MS = 10_000;

/** What differs between the apps' APIs: where calls go, extra headers, and how failures read. */
export interface ApiClientOptions<E extends HttpError> {
  /** The URL fetched for a call's path (default: the path as given). */
  url?(path: string): string;
  /** Adds the app's own headers to every call, after the client's. */
  headers?(headers: Headers): void;
  /**
   * The error an answer stands for, or undefined when it succeeded. `body` is its JSON (its text
   * for a successful `text` call).
   */
  failure(response: Response, body: unknown): E | undefined;
  /** The error of a failure found by the client: no answer (status 0), or one the schema refuses. */
  clientError(status: number, code: ClientErrorCode, cause: unknown): E;
  /** Whether a failure means the session has ended. */
  isUnauthorized(error: E): boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A text answer; one sent as a JSON string ("abc") is read as its value. */
function readText(text: string): string {
  if (/^".*"$/s.test(text.trim())) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'string') return value;
    } catch {
      return text;
    }
  }
  return text;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one module that calls `fetch` (ARCHITECTURE.md). Same-origin cookies carry the session, so
 * nothing is kept in localStorage or sessionStorage; every state-changing call carries the CSRF
 * header; answers are parsed with the caller's zod schema, and failures become the app's errors.
 */
export function createApiClient<E extends HttpError>(options: ApiClientOptions<E>): ApiClient {
  const unauthorizedListeners = new Set<() => void>();
  /** Early reads by path (`prefetch`). */
  const early = new Map<string, EarlyRead>();

  function send(method: Method, path: string, init: RequestInit): Promise<Response> {
    return fetch(options.url ? options.url(path) : path, {
      method,
      credentials: 'same-origin',
      ...init,
    });
  }

  function headersFor(method: Method, call: RequestOptions): Headers {
    const headers = new Headers(call.headers);
    headers.set('Accept', 'application/json');
    if (method !== 'GET') headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
    options.headers?.(headers);
    return headers;
  }

  const isFresh = (read: EarlyRead) => Date.now() - read.at <= EARLY_READ_MS;

  /** Drops an early read nobody took, letting its answer go (its body is never read). */
  function discard(read: EarlyRead): void {
    void read.response.then(
      (answer) => answer.body?.cancel(),
      () => undefined,
    );
  }

  /** Drops every early read: the session or the data changed since they were asked for. */
  function dropEarlyReads(): void {
    for (const read of early.values()) discard(read);
    early.clear();
  }

  /**
   * The answer of an early read of this GET, if one is fresh: taken once. A call of its own
   * (headers, keepalive) or an aborted one does not take it. Aborted while waiting, the call
   * leaves it for the next (a component mounted twice asks twice).
   */
  async function takeEarly(path: string, call: RequestOptions): Promise<Response | undefined> {
    const kept = early.get(path);
    if (!kept || call.headers || call.keepalive || call.signal?.aborted) return undefined;
    early.delete(path);
    if (!isFresh(kept)) {
      discard(kept);
      return undefined;
    }
    const { signal } = call;
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
    // Never an unhandled rejection when the answer comes first.
    aborted.catch(() => undefined);
    try {
      return await Promise.race([kept.response, aborted]);
    } catch (error) {
      if (!signal?.aborted) return undefined; // The early read failed: asked for again.
      if (!early.has(path) && isFresh(kept)) early.set(path, kept);
      throw error;
    }
  }

  async function request<S extends z.ZodType>(
    method: Method,
    path: string,
    body: { json: unknown } | { form: FormData } | undefined,
    schema: S,
    call: RequestOptions = {},
  ): Promise<z.output<S>> {
    const headers = headersFor(method, call);
    let payload: BodyInit | undefined;
    if (body && 'json' in body) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body.json ?? {});
    } else if (body) {
      payload = body.form;
    }

    let response: Response;
    try {
      const kept = method === 'GET' && early.has(path) ? await takeEarly(path, call) : undefined;
      response =
        kept ??
        (await send(method, path, {
          headers,
          body: payload,
          signal: call.signal,
          ...(call.keepalive ? { keepalive: true } : {}),
        }));
    } catch (error) {
      if (call.signal?.aborted) throw error;
      throw options.clientError(0, CLIENT_ERROR_CODES.network, error);
    }

    const json =
      call.text && response.ok ? readText(await response.text()) : await readJson(response);
    const failure = options.failure(response, json);
    if (failure) {
      if (!call.ignoreUnauthorized && options.isUnauthorized(failure)) {
        for (const listener of [...unauthorizedListeners]) listener();
      }
      throw failure;
    }

    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw options.clientError(response.status, CLIENT_ERROR_CODES.invalidResponse, parsed.error);
    }
    return parsed.data;
  }

  return {
    get: (path, schema, call) => request('GET', path, undefined, schema, call),
    post: (path, body, schema, call) => request('POST', path, { json: body }, schema, call),
    put: (path, body, schema, call) => request('PUT', path, { json: body }, schema, call),
    patch: (path, body, schema, call) => request('PATCH', path, { json: body }, schema, call),
    delete: (path, schema, call) => request('DELETE', path, undefined, schema, call),
    postForm: (path, form, schema, call) => request('POST', path, { form }, schema, call),
    onUnauthorized(listener) {
      unauthorizedListeners.add(listener);
      return () => {
        unauthorizedListeners.delete(listener);
      };
    },
    prefetch(path) {
      const kept = early.get(path);
      if (kept && isFresh(kept)) return;
      if (kept) discard(kept);
      const response = send('GET', path, { headers: headersFor('GET', {}) });
      // Never an unhandled rejection: the `get` that takes it asks again.
      response.catch(() => undefined);
      const read = { at: Date.now(), response };
      early.set(path, read);
      // Not taken in time: dropped, so an unread answer is not held.
      setTimeout(() => {
        if (early.get(path) !== read) return;
        early.delete(path);
        discard(read);
      }, EARLY_READ_MS);
    },
    dropEarlyReads,
  };
}
