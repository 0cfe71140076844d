import { ADMIN_ERROR_CODES } from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PortalApp } from '../../plugins/portal-app';
import { TooManyRequestsError } from '../../lib/http-errors';
import type { AdminAuthService } from '../staff/staff-auth.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import { AdminError, unauthenticated } from './admin-errors';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
  interface FastifyContextConfig {
    /** Admin API routes that work without a staff session (sign-in). */
    staffAuth?: 'none';
  }
}

/** `:slug`: the institution an admin API route works on. */
export const SlugParams = z.object({ slug: z.string().max(60) });

/** The signed-in staff member (every admin API route has one unless it says `staffAuth: 'none'`). */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthenticated();
  return request.staff;
}

function sendError(reply: FastifyReply, error: AdminError) {
  if (error.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).send({
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    },
  });
}

function sendFailure(
  error: FastifyError | AdminError | TooManyRequestsError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AdminError) return sendError(reply, error);
  if (error instanceof TooManyRequestsError) {
    return sendError(
      reply,
      new AdminError(
        429,
        ADMIN_ERROR_CODES.tooManyRequests,
        'Too many requests. Try again later.',
        {
          retryAfterSeconds: error.retryAfterSeconds,
        },
      ),
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((problem) => ({
      key:
        problem.instancePath.split('/').filter(Boolean).join('.') ||
        (error.validationContext ?? 'request'),
      message: problem.message ?? 'is invalid',
    }));
    return sendError(
      reply,
      new AdminError(400, 'InvalidRequest', 'The request is not valid.', { details }),
    );
  }
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) {
    return sendError(
      reply,
      new AdminError(413, ADMIN_ERROR_CODES.invalidFile, 'The file is too large.'),
    );
  }
  if (status >= 400 && status < 500) {
    return sendError(reply, new AdminError(status, 'InvalidRequest', 'The request is not valid.'));
  }
  request.log.error({ err: error }, 'admin request failed');
  return sendError(
    reply,
    new AdminError(500, 'ServerError', 'Something went wrong. Please try again.'),
  );
}

export interface AdminApiContext {
  /** Resolves the staff session cookie. */
  auth: AdminAuthService;
  /**
   * This context also answers the paths no admin API route has (404 in the API's shape, 401 to
   * nobody signed in). Exactly one module's context does: the admin module's.
   */
  answersNotFound?: boolean;
}

/**
 * Registers a module's `/admin-api/*` routes in a context of their own that has what every admin
 * API route has: it serves every host alike (staff pick the institution in the app), it needs a
 * staff session unless the route's config says `staffAuth: 'none'`, and its failures are
 * `{ error: { code, message, details? } }` (domain/src/api/admin.ts), not the portal's envelope.
 */
export async function registerAdminApi<Options extends object>(
  app: PortalApp,
  context: AdminApiContext,
  routes: FastifyPluginAsyncZod<Options>,
  options: Options,
): Promise<void> {
  const { auth } = context;
  const adminApi: FastifyPluginAsyncZod = async (api) => {
    api.decorateRequest('staff', null);
    api.addHook('onRoute', (route) => {
      route.config = { ...route.config, institution: 'skip' };
    });
    api.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[request.server.cookieNames.staff];
      const principal = token ? await auth.resolveSession(token) : undefined;
      request.staff = principal ?? null;
      if (!principal && request.routeOptions.config.staffAuth !== 'none') {
        return sendError(reply, unauthenticated());
      }
    });
    api.setErrorHandler(sendFailure);
    if (context.answersNotFound) {
      api.setNotFoundHandler((_request, reply) =>
        sendError(reply, new AdminError(404, ADMIN_ERROR_CODES.notFound, 'Not found.')),
      );
    }
    await api.register(routes, options);
  };
  await app.register(adminApi, { prefix: '/admin-api' });
}
