import { ADMIN_ERROR_CODES } from '@portal/domain';

export interface ProblemDetail {
  key: string;
  set?: string;
  message: string;
}

/** A refused admin API request: the status, the contract's code and a sentence for staff. */
export class AdminError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: ProblemDetail[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    options: { details?: ProblemDetail[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AdminError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const unauthenticated = () =>
  new AdminError(401, ADMIN_ERROR_CODES.unauthenticated, 'Please sign in.');
export const forbidden = (message = 'Your role does not allow this.') =>
  new AdminError(403, ADMIN_ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found.') =>
  new AdminError(404, ADMIN_ERROR_CODES.notFound, message);
export const invalidConfiguration = (details: ProblemDetail[]) =>
  new AdminError(
    422,
    ADMIN_ERROR_CODES.invalidConfiguration,
    details.length === 1 && details[0]
      ? `${details[0].key}: ${details[0].message}`
      : `The configuration has ${details.length} problems.`,
    { details },
  );
