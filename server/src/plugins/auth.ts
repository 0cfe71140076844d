import { ENVELOPE_CODES, USER_TOKEN_HEADER, errorEnvelope } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The browser's session cookie: HttpOnly, so page scripts can never read the token. */
export const SESSION_COOKIE = 'portal_session';

/** A live session, after its expiry was checked and its idle expiry slid. */
export interface RequestSession {
  id: number;
  userId: string;
  institutionId: number;
  createdAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/** The signed-in borrower, as the routes may use it (no secrets). */
export interface RequestUser {
  id: string;
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
    /** 'required': answer 401 Unauthorized without a live session; 'optional': resolve it if present. */
    auth?: 'required' | 'optional';
  }
}

export interface AuthPluginOptions {
  /** Finds the live session of a token for an institution and slides its idle expiry. */
  resolveSession(
    token: string,
    institutionId: number,
  ): Promise<{ session: RequestSession; user: RequestUser } | undefined>;
}

const USER_TOKEN = USER_TOKEN_HEADER.toLowerCase();

/** The token a request presents: the UserToken header (API clients) wins over the cookie. */
export function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[USER_TOKEN];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const cookie = request.cookies[SESSION_COOKIE];
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
      if (resolved) {
        request.session = resolved.session;
        request.user = resolved.user;
      } else if (mode === 'required') {
        return reply.code(401).send(errorEnvelope(ENVELOPE_CODES.unauthorized));
      }
    });
  },
  { name: 'auth', dependencies: ['institution', '@fastify/cookie'] },
);
