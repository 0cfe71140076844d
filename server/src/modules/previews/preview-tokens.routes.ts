import { ADMIN_ERROR_CODES, PreviewTokenRequest, PreviewTokenResponse } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import { AdminError } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import type { PreviewsService } from './previews.service';

export interface PreviewTokensRoutesOptions {
  /** Who may read which institution. */
  admin: Pick<AdminService, 'access'>;
  previews: PreviewsService;
  /**
   * Admin origins on other hosts than this server's (ADMIN_ORIGINS) that may receive preview
   * tokens; the server's own host names always may.
   */
  adminOrigins: readonly string[];
}

/** `scheme://host[:port]` as a URL's origin, or undefined when it is no http(s) origin. */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin !== 'null' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The admin app's origin, which the portal will let frame a draft preview: the one the app
 * claims (or its Origin header), else this server's own. Only this server's own origin, exactly
 * (scheme, host and port: the one the request came to, so also the admin dev server, whose proxy
 * keeps its Host), or an origin on the ADMIN_ORIGINS list is accepted. Another port or the other
 * scheme on the same host is another site (a test server, a forgotten service, plain http in
 * front of https) and gets no token, so no staff member can open the draft to a page of their
 * choosing.
 */
export function adminOriginOf(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'headers'>,
  claimed: string | undefined,
  allowed: readonly string[],
): string | undefined {
  const own = originOf(`${request.protocol}://${request.host}`);
  for (const candidate of [claimed, request.headers.origin, own]) {
    if (!candidate) continue;
    const origin = originOf(candidate);
    if (origin === undefined) return undefined;
    return origin === own || allowed.includes(origin) ? origin : undefined;
  }
  return own;
}

/**
 * `POST /admin-api/institutions/:slug/preview-token`: a token that shows the institution's draft
 * in its portal, framed by the admin app (the portal's side is previews.routes.ts).
 */
export const previewTokensRoutes: FastifyPluginAsyncZod<PreviewTokensRoutesOptions> = async (
  app,
  options,
) => {
  app.post(
    '/institutions/:slug/preview-token',
    {
      schema: {
        params: SlugParams,
        body: PreviewTokenRequest.optional(),
        response: { 200: PreviewTokenResponse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const institution = await options.admin.access(staff, request.params.slug, 'read');
      const adminOrigin = adminOriginOf(request, request.body?.adminOrigin, options.adminOrigins);
      if (!adminOrigin) {
        throw new AdminError(
          403,
          ADMIN_ERROR_CODES.forbidden,
          'Previews open only in the admin app on this server or an address in ADMIN_ORIGINS.',
        );
      }
      return options.previews.createPreviewToken(staff, institution, {
        adminOrigin,
        adminHost: request.host,
      });
    },
  );
};
