import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the same zod schemas that validate requests and answers,
 * at GET /api/openapi.json. Register before the routes so it sees them.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Borrower portal API',
          description:
            'The /api calls of the borrower portal specifications. Every answer carries the envelope HasNoErrors/Errors.',
          version: '0.1.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get(
      '/api/openapi.json',
      { config: { institution: 'skip' }, schema: { hide: true } },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);
