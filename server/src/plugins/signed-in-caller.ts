import type { FastifyRequest } from 'fastify';
import { sessionOf, type RequestSession } from './auth';
import type { SignedInCaller } from '../lib/caller';
import { requestContext } from './request-context';

/** The caller of a route with `config: { auth: 'required' }` (sessionOf throws otherwise). */
export function signedInCaller(request: FastifyRequest): SignedInCaller {
  const { institutionId, timeZone, ip } = requestContext(request);
  const { user } = sessionOf(request);
  return {
    institutionId,
    timeZone,
    userId: user.id,
    customerId: user.customerId,
    companyNumber: user.companyNumber,
    ipAddress: ip,
    email: user.email,
  };
}

/**
 * The live session of a route with `config: { auth: 'required' }`: when it began (which sign-in
 * was the previous one) and its id (the session a password change keeps signed in).
 */
export function signedInSessionOf(request: FastifyRequest): RequestSession {
  return sessionOf(request).session;
}

/**
 * Who is signed in on a route with `config: { auth: 'optional' }`, if anyone: a download opened
 * by a token checks the token was issued to them (the token is the caller there).
 */
export function signedInUserIdOf(request: FastifyRequest): string | undefined {
  return request.user?.id;
}

/** The session of a route with `config: { auth: 'optional' }`, if one is signed in. */
export function optionalSessionOf(request: FastifyRequest): RequestSession | null {
  return request.session;
}

/**
 * Who presents a download token: the request's institution, and who is signed in, if anyone (a
 * token issued to one user does not open for another's session).
 */
export function tokenHolderOf(request: FastifyRequest): {
  institutionId: number;
  sessionUserId: string | undefined;
} {
  return {
    institutionId: requestContext(request).institutionId,
    sessionUserId: signedInUserIdOf(request),
  };
}
