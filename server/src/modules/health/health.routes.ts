import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service';

const HealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness and readiness for load balancers; they answer on any host name. */
export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (
  app,
  { service },
) => {
  app.get(
    '/healthz',
    { config: { institution: 'skip' }, schema: { response: { 200: HealthResponse } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { institution: 'skip' },
      schema: { response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (_request, reply) => {
      if (await service.ready()) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable' });
    },
  );
};
