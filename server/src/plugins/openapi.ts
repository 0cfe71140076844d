import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The library's transform, with each answer described by its wire side. It describes an answer
 * by the schema's output, but our serializer encodes answers: a money codec's output is integer
 * cents while the wire carries decimal dollars (domain api/money.ts), as a request's input does.
 * So each answer is converted as a request body is (the schema's input side).
 */
function wireSchemaTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const transformed = jsonSchemaTransform(input);
  const responses: unknown = input.schema?.response;
  const described: unknown = transformed.schema?.response;
  if (typeof responses !== 'object' || responses === null) return transformed;
  if (typeof described !== 'object' || described === null) return transformed;
  const wire: Record<string, unknown> = { ...described };
  for (const [status, schema] of Object.entries(responses)) {
    if (!(schema instanceof z.ZodType)) continue;
    const asBody = jsonSchemaTransform({ ...input, schema: { body: schema } });
    wire[status] = (asBody.schema as { body?: unknown } | undefined)?.body ?? wire[status];
  }
  return { ...transformed, schema: { ...transformed.schema, response: wire } };
}

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
      transform: wireSchemaTransform,
    });
    app.get(
      '/api/openapi.json',
      { config: { institution: 'skip' }, schema: { hide: true } },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);
