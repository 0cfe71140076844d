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
 * Answers a browser never renders as a page (scripts, styles, JSON, raster images, fonts) need
 * none of the page policies (CSP, framing, permissions, opener): those act on documents only.
 * They keep nosniff (so none of them is ever taken for a document or script it is not) and
 * HSTS. Leaving the page headers off saves about 600 bytes an answer, 12 KB on the sign-in page.
 */
export const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security'] ?? '',
  'x-content-type-options': 'nosniff',
};

/** API answers: a resource, which no page may frame or embed from another site (OWASP REST). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  ...RESOURCE_HEADERS,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
};

const RESOURCE_TYPES =
  /^(?:application\/(?:json|javascript|manifest\+json)|text\/(?:javascript|css|csv)|image\/(?:png|jpeg|webp|gif|avif|x-icon|vnd\.microsoft\.icon)|font\/[a-z0-9]+)\s*(?:;|$)/i;

/** Whether an answer of this content type is a resource, not a page (unknown types are pages). */
export function isResourceType(contentType: unknown): boolean {
  return typeof contentType === 'string' && RESOURCE_TYPES.test(contentType);
}

/**
 * Adds the headers in onSend, which every answer passes through: routes, static files, the
 * not-found handler and the error handler alike. Pages (HTML, SVG, PDF, anything unknown) get
 * every header; resources the short set above.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // A route that set a stricter policy of its own (uploaded branding: sandbox) keeps it.
      const ownPolicy = reply.getHeader('content-security-policy');
      const api = isApiRequest(request);
      if (!isResourceType(reply.getHeader('content-type'))) reply.headers(SECURITY_HEADERS);
      else reply.headers(api ? API_HEADERS : RESOURCE_HEADERS);
      if (typeof ownPolicy === 'string') reply.header('content-security-policy', ownPolicy);
      // API answers carry personal data: no browser or proxy may keep a copy.
      if (api) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
