import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ENVELOPE_CODES,
  PREVIEW_TOKEN_HEADER,
  SERVICING_BRANCH_HEADER,
  USER_TOKEN_HEADER,
} from '@portal/domain';
import type { z } from 'zod';
import { currentPreviewToken } from './preview/preview-token';

/** Why the session ended; the login screen shows a banner for each (spec 000 sections 4 and 8). */
export type LogoutReason = 'sessionExpired' | 'unauthorized';

/** A failed call: the HTTP status (0 when the network failed) and the envelope's error messages. */
export class ApiError extends Error {
  readonly status: number;
  /** Every `Errors[].ErrorMessage` of the answer, in order. */
  readonly errors: readonly string[];
  /** The first error message, which is the one the screens act on (spec 001 section 8). */
  readonly code: string | undefined;
  /** The failed answer's JSON (some refusals carry more than their errors), else undefined. */
  readonly body: unknown;

  constructor(
    status: number,
    errors: readonly string[],
    options?: { cause?: unknown; body?: unknown },
  ) {
    super(errors[0] ?? `Request failed with status ${status}`, options);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = errors[0];
    this.body = options?.body;
  }
}

/** Codes the client itself gives to answers that carry none. */
export const CLIENT_ERROR_CODES = {
  network: 'NetworkError',
  invalidResponse: 'InvalidResponse',
} as const;

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Do not turn an `Unauthorized` answer into a logout. For calls that probe the session (the
   * profile restore at start-up) or end it (logout itself).
   */
  ignoreUnauthorized?: boolean;
  /** A successful answer is plain text (the specs' token calls), not JSON. */
  text?: boolean;
  /**
   * Headers of this one call (a payment submit's Idempotency-Key). They cannot replace the
   * client's own (CSRF, session, preview): those are set after.
   */
  headers?: Readonly<Record<string, string>>;
}

/** What the session knows about the caller; travels as headers, kept in memory only. */
export interface SessionHeaders {
  servicingBranch?: string;
  /** Empty for browsers (the session rides in an HttpOnly cookie); set for token sign-in. */
  userToken?: string;
}

type LogoutListener = (reason: LogoutReason) => void;

export interface ApiClient {
  get<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  /** DELETE with the query in the path (RemoveDefaultPaymentMethod). */
  delete<S extends z.ZodType>(
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  setSessionHeaders(headers: SessionHeaders): void;
  clearSessionHeaders(): void;
  /** Listens for answers that mean the session is gone; returns the unsubscribe function. */
  onLogoutRequired(listener: LogoutListener): () => void;
}

interface EnvelopeLike {
  HasNoErrors?: unknown;
  Errors?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorMessagesOf(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const { Errors }: EnvelopeLike = body;
  if (!Array.isArray(Errors)) return [];
  const messages: string[] = [];
  for (const entry of Errors) {
    if (isRecord(entry) && typeof entry.ErrorMessage === 'string')
      messages.push(entry.ErrorMessage);
  }
  return messages;
}

function resolveUrl(path: string): string {
  // Paths are relative to the page (`api/...`), so the portal works under any base path.
  const base = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI;
  return new URL(path.replace(/^\/+/, ''), base).toString();
}

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
 * The one module that calls `fetch` (ARCHITECTURE.md). Same-origin cookies carry the session; the
 * CSRF header goes on every state-changing call; answers are unwrapped from the envelope and
 * parsed with the caller's zod schema. Nothing is written to localStorage or sessionStorage.
 */
export function createApiClient(): ApiClient {
  let sessionHeaders: SessionHeaders = {};
  const logoutListeners = new Set<LogoutListener>();

  function headersFor(
    method: string,
    hasBody: boolean,
    extra: Readonly<Record<string, string>> = {},
  ): Headers {
    const headers = new Headers(extra);
    headers.set('Accept', 'application/json');
    if (hasBody) headers.set('Content-Type', 'application/json');
    if (method !== 'GET') headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
    if (sessionHeaders.servicingBranch) {
      headers.set(SERVICING_BRANCH_HEADER, sessionHeaders.servicingBranch);
    }
    if (sessionHeaders.userToken) headers.set(USER_TOKEN_HEADER, sessionHeaders.userToken);
    // The admin's preview frame: the server then answers the start-up settings with the draft.
    const previewToken = currentPreviewToken();
    if (previewToken) headers.set(PREVIEW_TOKEN_HEADER, previewToken);
    return headers;
  }

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const hasBody = method === 'POST';
    let response: Response;
    try {
      response = await fetch(resolveUrl(path), {
        method,
        credentials: 'same-origin',
        headers: headersFor(method, hasBody, options.headers),
        body: hasBody ? JSON.stringify(body ?? {}) : undefined,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, [CLIENT_ERROR_CODES.network], { cause: error });
    }

    const json =
      options.text && response.ok ? readText(await response.text()) : await readJson(response);
    const messages = errorMessagesOf(json);
    const failed = !response.ok || (isRecord(json) && json.HasNoErrors === false);
    if (failed) {
      if (messages[0] === ENVELOPE_CODES.unauthorized && !options.ignoreUnauthorized) {
        for (const listener of [...logoutListeners]) listener('unauthorized');
      }
      throw new ApiError(response.status, messages, { body: json });
    }

    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(response.status, [CLIENT_ERROR_CODES.invalidResponse], {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return {
    get: (path, schema, options) => request('GET', path, undefined, schema, options),
    post: (path, body, schema, options) => request('POST', path, body, schema, options),
    delete: (path, schema, options) => request('DELETE', path, undefined, schema, options),
    setSessionHeaders(headers) {
      sessionHeaders = { ...headers };
    },
    clearSessionHeaders() {
      sessionHeaders = {};
    },
    onLogoutRequired(listener) {
      logoutListeners.add(listener);
      return () => {
        logoutListeners.delete(listener);
      };
    },
  };
}

/** The portal's API client. */
export const api = createApiClient();
