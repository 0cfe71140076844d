import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ENVELOPE_CODES, errorEnvelope } from '@portal/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers';
import { CDN_CONTENT_SECURITY_POLICY, cdnFolderName, readCdnFile } from '../../lib/cdn-files';
import { createPortalPage } from './portal-page';

export interface StaticFilesOptions {
  /** The built borrower portal (Vite output), served at /. */
  portalDist: string;
  /** The built admin app, served at /admin/. */
  adminDist: string;
  /** Folders that hold `<cdn folder>/...` branding files, first match wins. */
  cdnRoots: readonly string[];
  /** Every institution's host names, whose portals the admin page frames in its preview. */
  portalHosts?: () => Promise<readonly string[]>;
  /** The institution's brand colour (`themeOptions.primaryColor`), behind its icon at /favicon.ico. */
  primaryColor: (institutionId: number) => Promise<string>;
  /** Its published icon file in the cdn folder (`themeOptions.logoIconPath`). */
  iconFile?: (institutionId: number) => Promise<string>;
  /**
   * The portal's server build (portal/dist-ssr/entry-server.js): the page at / is rendered with
   * it (portal-page.ts). Without it, or when it is missing, index.html is sent as built.
   */
  portalServerEntry?: string;
  /**
   * The start-up settings of the request's institution, as GET /api/setup/ApplicationOptions
   * answers them; without it the page's render asks that route.
   */
  applicationOptions?: (request: FastifyRequest) => Promise<unknown>;
}

export { CDN_CONTENT_SECURITY_POLICY };

/** Vite puts every content-hashed file under assets/: those never change under their name. */
function cacheHeaders(root: string) {
  return (reply: FastifyReply, path: string) => {
    const inAssets = relative(root, path).split(sep)[0] === 'assets';
    reply.header('cache-control', inAssets ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
}

function isBuilt(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

function notBuilt(reply: FastifyReply, what: string) {
  return reply
    .code(503)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `The ${what} is not built yet. Run \`npm run build\` (or \`npm start\`, which builds what is missing) and restart the server.\n`,
    );
}

/** The last path segment has an extension: a request for a file, not a client-side route. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

/** The portal at /, the admin app at /admin/ (with its client-side routes) and branding at /cdn/. */
export const staticFilesRoutes: FastifyPluginAsync<StaticFilesOptions> = async (app, options) => {
  const { portalDist, adminDist } = options;

  if (isBuilt(portalDist)) {
    // The page itself: painted by the server (portal-page.ts), never cached.
    const portalPage = createPortalPage(app, {
      indexFile: join(portalDist, 'index.html'),
      serverEntry: options.portalServerEntry ?? '',
      applicationOptions: options.applicationOptions,
    });
    // Loads the render code in the background (the first page waits for it if it must); the
    // server answers /readyz without waiting.
    app.addHook('onReady', async () => {
      void portalPage.warm().catch(() => undefined);
    });
    for (const url of ['/', '/index.html']) {
      app.get(url, { schema: { hide: true } }, (request, reply) =>
        portalPage.answer(request, reply),
      );
    }
    await app.register(fastifyStatic, {
      root: portalDist,
      prefix: '/',
      index: false,
      // The build writes .br and .gz beside each text asset (scripts/vite-precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders(portalDist),
    });
  } else {
    for (const url of ['/', '/index.html']) {
      app.get(url, { schema: { hide: true } }, async (_request, reply) =>
        notBuilt(reply, 'borrower portal'),
      );
    }
  }

  const adminBuilt = isBuilt(adminDist);
  if (adminBuilt) {
    // The admin app's relative asset paths need the trailing slash.
    app.get('/admin', { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect('/admin/'),
    );
  }
  await app.register(
    async (admin) => {
      if (!adminBuilt) {
        admin.get('/', { schema: { hide: true } }, async (_request, reply) =>
          notBuilt(reply, 'admin app'),
        );
        admin.get('/*', { schema: { hide: true } }, async (_request, reply) =>
          notBuilt(reply, 'admin app'),
        );
        return;
      }
      // The admin page frames the portal of any institution (the live preview), on that
      // institution's host with this server's scheme and port, and keeps a pop-out preview window
      // it opened reachable (COOP allows its own popups).
      admin.addHook('onSend', async (request, reply, payload) => {
        if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
        const hosts = (await options.portalHosts?.()) ?? [];
        reply.header('content-security-policy', adminPagePolicy(request, hosts));
        reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
        return payload;
      });
      await admin.register(fastifyStatic, {
        root: adminDist,
        prefix: '/',
        index: ['index.html'],
        decorateReply: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: cacheHeaders(adminDist),
      });
      // The admin app routes on the client: a path that is not a file gets its index.html.
      admin.setNotFoundHandler(async (request, reply) => {
        if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile(request.url)) {
          return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
        }
        const html = await readFile(join(adminDist, 'index.html'), 'utf8');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(html);
      });
    },
    { prefix: '/admin' },
  );

  const cdnRoots = options.cdnRoots.filter(
    (root) => existsSync(root) && statSync(root).isDirectory(),
  );
  if (cdnRoots.length > 0) {
    await app.register(async (cdn) => {
      // A host serves its own institution's files only: one institution's uploads never appear
      // under another's address (the admin app reads them through /admin-api).
      cdn.addHook('onRequest', async (request, reply) => {
        const folder = request.institution ? cdnFolderName(request.institution.cdnFolder) : '';
        const path = decodeURIComponentSafe(request.url.split('?', 1)[0] ?? '');
        if (folder === '' || path === undefined || !path.startsWith(`/cdn/${folder}/`)) {
          return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
        }
      });
      await cdn.register(fastifyStatic, {
        root: [...cdnRoots],
        prefix: '/cdn/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        // Logos change rarely but can be replaced: a few minutes of staleness at most.
        setHeaders: (reply: FastifyReply) =>
          reply
            .header('cache-control', 'public, max-age=300')
            .header('content-security-policy', CDN_CONTENT_SECURITY_POLICY),
      });
    });
  }

  // Browsers ask every host for /favicon.ico: the institution's icon on its brand colour.
  app.get('/favicon.ico', { schema: { hide: true } }, async (request, reply) => {
    const institution = request.institution;
    if (!institution) return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
    const iconFile = (await options.iconFile?.(institution.id)) ?? ICON_PATH;
    const icon = await readCdnFile(cdnRoots, institution.cdnFolder, iconFile);
    const svg = faviconSvg(await options.primaryColor(institution.id), icon);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', CDN_CONTENT_SECURITY_POLICY)
      .send(svg);
  });
};

/**
 * The site's policy with the portals of the given hosts allowed in frames: each host with the
 * scheme and port the admin page was loaded with (how createPreviewToken builds the portal URL).
 */
export function adminPagePolicy(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  hosts: readonly string[],
): string {
  const port = /:(\d+)$/.exec(request.host)?.[1];
  const origins = hosts
    .filter((host) => /^[a-z0-9.-]+$/.test(host))
    .map((host) => `${request.protocol}://${host}${port ? `:${port}` : ''}`);
  return CONTENT_SECURITY_POLICY.replace(
    "frame-src 'self'",
    ["frame-src 'self'", ...origins].join(' '),
  );
}

function decodeURIComponentSafe(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The white icon every institution has in its cdn folder, unless its settings name another. */
const ICON_PATH = 'branding/logos/logoIconWhite.svg';

const HEX_COLOUR = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/**
 * A square tile in the brand colour with the white icon on it (embedded as a data address, which
 * an SVG used as an image may load), or the tile alone when the institution has no icon.
 */
export function faviconSvg(primaryColor: string, icon: Buffer | undefined): string {
  const fill = HEX_COLOUR.test(primaryColor) ? primaryColor : '#1f3a5f';
  const image = icon
    ? `<image href="data:image/svg+xml;base64,${icon.toString('base64')}" x="8" y="8" width="48" height="48"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="${fill}"/>${image}</svg>`;
}
