import { z } from 'zod';

/** One entry of the shared error list. The message is a code (`Invalid`, `Unauthorized`) or text. */
export const ErrorEntry = z.object({ ErrorMessage: z.string() });
export type ErrorEntry = z.infer<typeof ErrorEntry>;

/** The shared envelope every answer carries (spec 000 section 7). */
export const Envelope = z.object({
  HasNoErrors: z.boolean(),
  Errors: z.array(ErrorEntry),
});
export type Envelope = z.infer<typeof Envelope>;

/** A response schema: the envelope plus the call's own fields. */
export function withEnvelope<T extends z.ZodRawShape>(shape: T) {
  return Envelope.extend(shape);
}

/** Error codes of the shared envelope that the clients act on. */
export const ENVELOPE_CODES = {
  unauthorized: 'Unauthorized',
  registrationNotAllowed: 'RegistrationNotAllowed',
  serverError: 'ServerError',
  notFound: 'NotFound',
  invalidRequest: 'InvalidRequest',
  tooManyRequests: 'TooManyRequests',
  csrf: 'MissingRequestedWithHeader',
  /** Second entry after 'Unauthorized' when a session still has post-login steps to do. */
  postLoginStepsPending: 'PostLoginStepsPending',
  /** A change asked for by the admin preview's read-only sample session. */
  previewReadOnly: 'PreviewReadOnly',
} as const;

export function okEnvelope(): Envelope {
  return { HasNoErrors: true, Errors: [] };
}

export function errorEnvelope(...messages: string[]): Envelope {
  return { HasNoErrors: false, Errors: messages.map((ErrorMessage) => ({ ErrorMessage })) };
}

/** The first error message of an envelope, which is the one the clients show (spec 001 section 8). */
export function firstError(envelope: Pick<Envelope, 'Errors'>): string | undefined {
  return envelope.Errors[0]?.ErrorMessage;
}

/**
 * The header every state-changing request must carry (CSRF defence, ARCHITECTURE.md): a page on
 * another site cannot add a custom header to a cross-site request without a CORS preflight.
 */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'portal';

/** The specs' request headers. */
export const USER_TOKEN_HEADER = 'UserToken';
export const SERVICING_BRANCH_HEADER = 'ServicingBranch';

/**
 * A row number in a path or query (`/versions/:version`): a PostgreSQL integer, so a number
 * past its range is a 400 InvalidRequest instead of a database error.
 */
export const MAX_ROW_ID = 2_147_483_647;
export const RowIdText = z.coerce.number().int().min(1).max(MAX_ROW_ID);

/**
 * Where the portal's API calls go while the server renders a page (issue 23): no DOM there to
 * resolve `api/...` against, so the portal resolves it against this origin (`.invalid` never
 * resolves to a host) and the server answers those calls itself, in process, with the visitor's
 * cookies (server/src/modules/ssr).
 */
export const SERVER_RENDER_ORIGIN = 'http://server-render.invalid';
