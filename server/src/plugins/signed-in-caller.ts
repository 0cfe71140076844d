import type { FastifyRequest } from 'fastify';
import { sessionOf } from './auth';
import { requestContext } from './request-context';

/**
 * Who a signed-in borrower's call comes from, as the services take it (the payments', the saved
 * methods' and the loan page's callers are this shape or a part of it).
 */
export interface SignedInCaller {
  institutionId: number;
  /** IANA time zone of the institution: the services date things in it. */
  timeZone: string;
  userId: string;
  customerId: string;
  /** 0 for a personal user. */
  companyNumber: number;
  /** The request's client address (agreement records such as the ACH draft authorization). */
  ipAddress: string;
}

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
  };
}
