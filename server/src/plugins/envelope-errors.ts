import { ENVELOPE_CODES, errorEnvelope } from '@portal/domain';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TooManyRequestsError } from '../lib/http-errors';

const CODES_BY_STATUS: Readonly<Record<number, string>> = {
  401: ENVELOPE_CODES.unauthorized,
  404: ENVELOPE_CODES.notFound,
  429: ENVELOPE_CODES.tooManyRequests,
};

function fieldProblems(error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0]): string[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const where = error.validationContext ?? 'request';
  return error.validation.map((problem) => {
    const path = problem.instancePath.split('/').filter(Boolean).join('.');
    return `${path ? `${where}.${path}` : where}: ${problem.message ?? 'is invalid'}`;
  });
}

/**
 * The one error handler: every failure leaves as the specs' envelope. Validation failures list
 * each field problem after 'InvalidRequest'; a 5xx says only 'ServerError' and the details go to
 * the log with the request id. Messages of other client errors are not echoed, because some
 * (a JSON parse error) quote the request body.
 */
export const envelopeErrorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500 || status < 400) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .code(status >= 500 && status < 600 ? status : 500)
          .send(errorEnvelope(ENVELOPE_CODES.serverError));
      }
      request.log.info({ statusCode: status, code: error.code }, 'request rejected');
      if (error instanceof TooManyRequestsError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (status === 400) {
        return reply
          .code(400)
          .send(errorEnvelope(ENVELOPE_CODES.invalidRequest, ...fieldProblems(error)));
      }
      return reply
        .code(status)
        .send(errorEnvelope(CODES_BY_STATUS[status] ?? ENVELOPE_CODES.invalidRequest));
    });

    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound)),
    );
  },
  { name: 'envelope-errors' },
);
