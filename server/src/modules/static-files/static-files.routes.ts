import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ENVELOPE_CODES, errorEnvelope } from '@portal/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

export interface StaticFilesOptions {
  /** The built borrower portal (Vite output), served at /. */
  portalDist: string;
  /** The built admin app, served at /admin/. */
  adminDist: string;
  /** Folders that hold `<cdn folder>/...` branding files, first match wins. */
  cdnRoots: readonly string[];
}

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
    await app.register(fastifyStatic, {
      root: portalDist,
      prefix: '/',
      index: 'index.html',
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
      await admin.register(fastifyStatic, {
        root: adminDist,
        prefix: '/',
        index: 'index.html',
        decorateReply: false,
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
    await app.register(fastifyStatic, {
      root: [...cdnRoots],
      prefix: '/cdn/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // Logos change rarely but can be replaced: a few minutes of staleness at most.
      setHeaders: (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=300'),
    });
  }
};
