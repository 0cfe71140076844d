import { CSRF_HEADER, CSRF_HEADER_VALUE, ENVELOPE_CODES, errorEnvelope } from '@portal/domain';
import fp from 'fastify-plugin';
import { isApiRequest } from '../lib/api-paths';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER = CSRF_HEADER.toLowerCase();

/**
 * A page on another site can make the browser send a form or a simple request with our cookie,
 * but it cannot add a custom header without a CORS preflight we never grant. So every
 * state-changing API call must carry `X-Requested-With: portal`.
 */
export const csrfPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
      if (request.headers[HEADER] !== CSRF_HEADER_VALUE) {
        return reply.code(403).send(errorEnvelope(ENVELOPE_CODES.csrf));
      }
    });
  },
  { name: 'csrf' },
);
