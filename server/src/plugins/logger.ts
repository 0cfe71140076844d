import type { FastifyServerOptions } from 'fastify';
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
 * Fastify's pino options. Requests are logged as method, path, host, client address and agent:
 * never the body (passwords, SSNs) and never the query string (links carry tokens).
 */
export function loggerOptions(settings: LoggerSettings): FastifyServerOptions['logger'] {
  return {
    level: settings.level ?? 'info',
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
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
