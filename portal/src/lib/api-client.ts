import {
  ENVELOPE_CODES,
  PREVIEW_TOKEN_HEADER,
  SERVER_RENDER_ORIGIN,
  SERVICING_BRANCH_HEADER,
  USER_TOKEN_HEADER,
} from '@portal/domain';
import { createApiClient, HttpError, type ApiClient } from '@portal/web-kit';
import { currentPreviewToken } from './preview/preview-token';

/** A failed call: the HTTP status (0 when the network failed) and the envelope's error messages. */
export class ApiError extends HttpError {
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
    super(status, errors[0] ?? `Request failed with status ${status}`, options);
    this.name = 'ApiError';
    this.errors = errors;
    this.code = errors[0];
    this.body = options?.body;
  }
}

/** What the session knows about the caller; travels as headers, kept in memory only. */
export interface SessionHeaders {
  servicingBranch?: string;
  /** Empty for browsers (the session rides in an HttpOnly cookie); set for token sign-in. */
  userToken?: string;
}

/** The API client with the portal's session headers. */
export interface PortalApiClient extends ApiClient {
  setSessionHeaders(headers: SessionHeaders): void;
  clearSessionHeaders(): void;
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
  const base = typeof document === 'undefined' ? `${SERVER_RENDER_ORIGIN}/` : document.baseURI;
  return new URL(path.replace(/^\/+/, ''), base).toString();
}

/**
 * The web-kit client for the portal's API: paths relative to the page, the session and preview
 * headers, and answers unwrapped from the envelope (`HasNoErrors: false` fails even with 200).
 */
export function createPortalApiClient(): PortalApiClient {
  let sessionHeaders: SessionHeaders = {};
  const client = createApiClient<ApiError>({
    url: resolveUrl,
    headers(headers) {
      if (sessionHeaders.servicingBranch) {
        headers.set(SERVICING_BRANCH_HEADER, sessionHeaders.servicingBranch);
      }
      if (sessionHeaders.userToken) headers.set(USER_TOKEN_HEADER, sessionHeaders.userToken);
      // The admin's preview frame: the server then answers the start-up settings with the draft.
      const previewToken = currentPreviewToken();
      if (previewToken) headers.set(PREVIEW_TOKEN_HEADER, previewToken);
    },
    failure(response, body) {
      if (response.ok && !(isRecord(body) && body.HasNoErrors === false)) return undefined;
      return new ApiError(response.status, errorMessagesOf(body), { body });
    },
    clientError: (status, code, cause) => new ApiError(status, [code], { cause }),
    isUnauthorized: (error) => error.code === ENVELOPE_CODES.unauthorized,
  });
  return {
    ...client,
    setSessionHeaders(headers) {
      // Another session's: what was read early for the one before is not handed to it.
      if (
        headers.servicingBranch !== sessionHeaders.servicingBranch ||
        headers.userToken !== sessionHeaders.userToken
      ) {
        client.dropEarlyReads();
      }
      sessionHeaders = { ...headers };
    },
    clearSessionHeaders() {
      sessionHeaders = {};
      // The session ended: nothing read for it is handed to the next.
      client.dropEarlyReads();
    },
  };
}

/** The portal's API client. */
export const api = createPortalApiClient();
