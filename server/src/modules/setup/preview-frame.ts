import fp from 'fastify-plugin';
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers';
import type { SetupService } from './setup.service';

/** The portal page's addresses (its client routes are in the hash). */
const PORTAL_PAGES = new Set(['/', '/index.html']);

/** The site's policy with the admin app's origin allowed to frame the page. */
export function framingPolicy(adminOrigin: string): string {
  return CONTENT_SECURITY_POLICY.replace(
    "frame-ancestors 'self'",
    `frame-ancestors 'self' ${adminOrigin}`,
  );
}

/**
 * The admin app shows the portal in a frame, and may run on another host than the institution
 * (admin at localhost, portal at summit.localhost). The portal page normally forbids framing by
 * other origins; opened with a live `?previewToken=` it may be framed by the admin origin the
 * token was issued to, and by nothing else.
 */
export const previewFramePlugin = fp<{ service: SetupService }>(
  async (app, { service }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || !request.institution) return payload;
      const [path = '', query = ''] = request.url.split('?', 2);
      if (!PORTAL_PAGES.has(path)) return payload;
      const token = new URLSearchParams(query).get('previewToken');
      if (!token) return payload;
      const grant = await service.previewGrant(request.institution, token);
      if (!grant) return payload;
      reply.header('content-security-policy', framingPolicy(grant.adminOrigin));
      reply.removeHeader('x-frame-options');
      // The admin may open the preview as a pop-out window and keep talking to it.
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'preview-frame', dependencies: ['security-headers'] },
);
