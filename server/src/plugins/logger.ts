import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { LogLevel } from '../config';

export interface LoggerSettings {
  level?: LogLevel;
  /** Where the JSON lines go (stdout by default); tests pass a collector. */
  stream?: { write(line: string): void };
}

/** Headers that carry credentials: never written to the log, even by a future serializer change. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers.usertoken',
  'res.headers["set-cookie"]',
];

/**
 * Fields of database errors that carry the statement and its bound values (PGlite's `query` and
 * `params`, node-postgres's `where` and `detail`, which quote row values): a failing query would
 * otherwise write secrets, and later card data, to the log.
 */
const ERROR_FIELDS_DROPPED = new Set(['query', 'params', 'parameters', 'sql', 'where', 'detail']);

function withoutStatement(error: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (ERROR_FIELDS_DROPPED.has(key)) continue;
    kept[key] =
      key === 'cause' && depth < 5 && value !== null && typeof value === 'object'
        ? withoutStatement({ ...value }, depth + 1)
        : value;
  }
  return kept;
}

/** pino's error serializer, less the fields that quote a statement or its values. */
export function serializeError(error: Error) {
  const serialized = stdSerializers.err(error);
  return {
    ...withoutStatement({ ...serialized }),
    type: serialized.type,
    message: serialized.message,
    stack: serialized.stack,
  };
}

/**
 * Fastify's pino options. Requests are logged as method, path, host, client address and agent:
 * never the body (passwords, SSNs) and never the query string (links carry tokens).
 */
export function loggerOptions(settings: LoggerSettings): FastifyServerOptions['logger'] {
  return {
    level: settings.level ?? 'info',
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req(request) {
        return {
          method: request.method,
          path: request.url.split('?', 1)[0],
          host: request.host,
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}
