import {
  ENVELOPE_CODES,
  USER_TOKEN_HEADER,
  errorEnvelope,
  type Envelope,
  type PostLoginStep,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The browser's session cookie: HttpOnly, so page scripts can never read the token. */
export const SESSION_COOKIE = 'portal_session';

/**
 * A cookie's name as sent: with the `__Host-` prefix when it is Secure, so the browser keeps it
 * only if this host set it over https, with Path=/ and no Domain (a sibling subdomain cannot
 * plant or shadow it). Plain http on loopback cannot use the prefix and keeps the bare name.
 */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/** A live session, after its expiry was checked and its idle expiry slid. */
export interface RequestSession {
  id: number;
  userId: string;
  institutionId: number;
  createdAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  /** The post-login steps still to do, in queue order; data calls need none left. */
  pendingSteps: PostLoginStep[];
  /** The mobile device that asked for biometric sign-in (its token comes with the last step). */
  deviceId: string | null;
  /** The admin preview's sample borrower: reads only; every change is refused. */
  readOnly: boolean;
}

/** The signed-in borrower, as the routes may use it (no secrets). */
export interface RequestUser {
  id: string;
  /** The account holder the user belongs to (accounts are the customer's). */
  customerId: string;
  username: string;
  personalName: string;
  email: string;
  emailVerified: boolean;
  companyNumber: number;
  servicingBranch: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    /**
     * 'required': answer 401 Unauthorized without a live session whose post-login steps are all
     * done; 'steps': any live session, steps pending or not (the post-login step calls);
     * 'optional': resolve it if present.
     */
    auth?: 'required' | 'steps' | 'optional';
  }
}

export interface AuthPluginOptions {
  /** Finds the live session of a token for an institution and slides its idle expiry. */
  resolveSession(
    token: string,
    institutionId: number,
  ): Promise<{ session: RequestSession; user: RequestUser } | undefined>;
  /**
   * Counts a request of a signed-in session against its per-minute limit; throws
   * TooManyRequestsError (429 TooManyRequests, Retry-After) past it.
   */
  limitSession?(session: RequestSession): Promise<void>;
  /**
   * A read-only (preview) session: whether it may make this call (default: GET and HEAD only),
   * and the answer to one it may not (default: the PreviewReadOnly envelope). The previews
   * module decides both (modules/previews/preview-read-calls.ts).
   */
  readOnlySession?: {
    allows(request: FastifyRequest): boolean;
    refusal(request: FastifyRequest, session: RequestSession): Promise<Envelope>;
  };
}

const USER_TOKEN = USER_TOKEN_HEADER.toLowerCase();
const READ_METHODS = new Set(['GET', 'HEAD']);

/** The token a request presents: the UserToken header (API clients) wins over the cookie. */
export function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[USER_TOKEN];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const cookie = request.cookies[request.server.cookieNames.session];
  return cookie === undefined || cookie === '' ? undefined : cookie;
}

export function sessionOf(request: FastifyRequest): { session: RequestSession; user: RequestUser } {
  if (!request.session || !request.user) {
    throw new Error(`${request.method} ${request.url} needs config.auth = 'required'`);
  }
  return { session: request.session, user: request.user };
}

/**
 * Resolves `request.session` and `request.user` for routes that ask for it (config.auth), so a
 * start-up or health call never touches, or keeps alive, a session.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    app.decorateRequest('session', null);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request, reply) => {
      const mode = request.routeOptions.config.auth;
      if (mode === undefined) return;
      const token = presentedToken(request);
      const resolved =
        token !== undefined && request.institution
          ? await options.resolveSession(token, request.institution.id)
          : undefined;
      if (resolved && mode === 'required' && resolved.session.pendingSteps.length > 0) {
        // Signed in but not through the steps (security code, agreements...): no data yet.
        return reply
          .code(401)
          .send(errorEnvelope(ENVELOPE_CODES.unauthorized, ENVELOPE_CODES.postLoginStepsPending));
      }
      const readOnly = options.readOnlySession;
      if (
        resolved?.session.readOnly &&
        !(readOnly ? readOnly.allows(request) : READ_METHODS.has(request.method))
      ) {
        // A preview shows screens; it never changes anything, whatever the route.
        return reply
          .code(403)
          .send(
            readOnly
              ? await readOnly.refusal(request, resolved.session)
              : errorEnvelope(ENVELOPE_CODES.previewReadOnly),
          );
      }
      if (resolved) {
        await options.limitSession?.(resolved.session);
        request.session = resolved.session;
        request.user = resolved.user;
      } else if (mode !== 'optional') {
        return reply.code(401).send(errorEnvelope(ENVELOPE_CODES.unauthorized));
      }
    });
  },
  { name: 'auth', dependencies: ['institution', '@fastify/cookie'] },
);
