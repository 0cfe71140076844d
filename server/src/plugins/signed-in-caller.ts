import type { FastifyRequest } from 'fastify';
import { sessionOf } from './auth';
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
