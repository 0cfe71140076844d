import { ADMIN_ERROR_CODES, AdminError, CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/domain';
import type { z } from 'zod';

/** One validation problem the server names: the key (`section.name`), its set and why. */
export interface ProblemDetail {
  key: string;
  set?: string;
  message: string;
}

/** A failed call: the HTTP status (0 when the network failed) and the admin API's error. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: readonly ProblemDetail[];

  constructor(
    status: number,
    code: string,
    message: string,
    details: readonly ProblemDetail[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Codes the client gives to failures the server did not describe. */
export const CLIENT_ERROR_CODES = {
  network: 'NetworkError',
  invalidResponse: 'InvalidResponse',
  serverError: 'ServerError',
} as const;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Do not treat a 401 as "the session ended" (the session probe and sign-in itself). */
  ignoreUnauthenticated?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  get<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  put<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  patch<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  delete<S extends z.ZodType>(
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  /** A multipart upload (the browser sets the boundary). */
  postForm<S extends z.ZodType>(
    path: string,
    form: FormData,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  /** Listens for a 401 on any call; returns the unsubscribe function. */
  onUnauthenticated(listener: () => void): () => void;
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

function toApiError(status: number, body: unknown): ApiError {
  const parsed = AdminError.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details ?? []);
  }
  if (status === 401) {
    return new ApiError(status, ADMIN_ERROR_CODES.unauthenticated, 'Please sign in again.');
  }
  return new ApiError(
    status,
    CLIENT_ERROR_CODES.serverError,
    `The server could not do this (status ${status}). Please try again.`,
  );
}

/**
 * The one module that calls `fetch` (ARCHITECTURE.md). The session rides in an HttpOnly cookie
 * (same origin), so nothing is kept in storage; every state-changing call carries the CSRF
 * header; answers are parsed with the caller's zod schema and failures become `ApiError`s.
 */
export function createApiClient(): ApiClient {
  const unauthenticatedListeners = new Set<() => void>();

  async function request<S extends z.ZodType>(
    method: Method,
    path: string,
    body: { json: unknown } | { form: FormData } | undefined,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const headers = new Headers({ Accept: 'application/json' });
    if (method !== 'GET') headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
    let payload: BodyInit | undefined;
    if (body && 'json' in body) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body.json ?? {});
    } else if (body) {
      payload = body.form;
    }

    let response: Response;
    try {
      response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers,
        body: payload,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(
        0,
        CLIENT_ERROR_CODES.network,
        'The server cannot be reached. Check the connection and try again.',
        [],
        { cause: error },
      );
    }

    const json = await readJson(response);
    if (!response.ok) {
      const error = toApiError(response.status, json);
      if (response.status === 401 && !options.ignoreUnauthenticated) {
        for (const listener of [...unauthenticatedListeners]) listener();
      }
      throw error;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        CLIENT_ERROR_CODES.invalidResponse,
        'The server sent an answer this app does not understand.',
        [],
        { cause: parsed.error },
      );
    }
    return parsed.data;
  }

  return {
    get: (path, schema, options) => request('GET', path, undefined, schema, options),
    post: (path, body, schema, options) => request('POST', path, { json: body }, schema, options),
    put: (path, body, schema, options) => request('PUT', path, { json: body }, schema, options),
    patch: (path, body, schema, options) => request('PATCH', path, { json: body }, schema, options),
    delete: (path, schema, options) => request('DELETE', path, undefined, schema, options),
    postForm: (path, form, schema, options) => request('POST', path, { form }, schema, options),
    onUnauthenticated(listener) {
      unauthenticatedListeners.add(listener);
      return () => {
        unauthenticatedListeners.delete(listener);
      };
    },
  };
}

/** The admin app's API client. */
export const api = createApiClient();

/** Builds `/admin-api/...` paths with each segment encoded. */
export function adminPath(...segments: readonly (string | number)[]): string {
  return `/admin-api/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}`;
}

/** A user-facing sentence for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
