import fp from 'fastify-plugin';
import { isApiRequest } from '../lib/api-paths';

/**
 * Scripts only from this origin (no inline or eval); inline styles are allowed because MUI/emotion
 * injects them. Images may come from https (institution banners) and data: URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Adds the headers in onSend, which every answer passes through: routes, static files, the
 * not-found handler and the error handler alike.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // A route that set a stricter policy of its own (uploaded branding: sandbox) keeps it.
      const ownPolicy = reply.getHeader('content-security-policy');
      reply.headers(SECURITY_HEADERS);
      if (typeof ownPolicy === 'string') reply.header('content-security-policy', ownPolicy);
      // API answers carry personal data: no browser or proxy may keep a copy.
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
