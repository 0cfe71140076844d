import { ADMIN_ERROR_CODES, AdminError } from '@portal/domain';
import {
  CLIENT_ERROR_CODES,
  createApiClient,
  HttpError,
  type ClientErrorCode,
} from '@portal/web-kit';

/** One validation problem the server names: the key (`section.name`), its set and why. */
export interface ProblemDetail {
  key: string;
  set?: string;
  message: string;
}

/** A failed call: the HTTP status (0 when the network failed) and the admin API's error. */
export class ApiError extends HttpError {
  readonly code: string;
  readonly details: readonly ProblemDetail[];

  constructor(
    status: number,
    code: string,
    message: string,
    details: readonly ProblemDetail[] = [],
    options?: { cause?: unknown },
  ) {
    super(status, message, options);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
  }
}

/** The code of a failure whose answer the admin API did not describe. */
const SERVER_ERROR_CODE = 'ServerError';

const CLIENT_ERROR_MESSAGES: Record<ClientErrorCode, string> = {
  [CLIENT_ERROR_CODES.network]: 'The server cannot be reached. Check the connection and try again.',
  [CLIENT_ERROR_CODES.invalidResponse]: 'The server sent an answer this app does not understand.',
};

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
    SERVER_ERROR_CODE,
    `The server could not do this (status ${status}). Please try again.`,
  );
}

/** The admin app's API client: failures read from the admin API's `{ error }` answer. */
export const api = createApiClient<ApiError>({
  failure: (response, body) => (response.ok ? undefined : toApiError(response.status, body)),
  clientError: (status, code, cause) =>
    new ApiError(status, code, CLIENT_ERROR_MESSAGES[code], [], { cause }),
  isUnauthorized: (error) => error.status === 401,
});

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
