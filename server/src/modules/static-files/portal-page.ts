/*
 * The portal's page, painted by the server (issue 23; docs/decisions/server-rendering.md).
 *
 * Spec 000 keeps hash-style URLs, so the server never sees the route: it renders what it can know.
 * At `/` that is the sign-in page for a visitor and the dashboard for a signed-in borrower (the
 * session cookie says which), in the institution's theme and words, with the data the screen
 * reads; the browser hydrates it. A page opened on another route (`/#/myaccount/payment`) gets the
 * same HTML: a small script in the head, before the first paint, sees the route differs and
 * shows only the layout around the page (header, menu, footer: the branded shell) until the
 * route's own screen renders.
 *
 * The render runs the portal's own code (portal/dist-ssr, built by `npm run build`). Its API calls
 * never leave the process: the portal resolves `api/...` against SERVER_RENDER_ORIGIN while
 * rendering, and `fetch` to that origin is answered here by Fastify's `inject` into the same
 * routes (their hooks, ownership checks and services), with the visitor's cookies and address.
 * The HTML holds what that visitor's browser would have fetched, nobody else's: it is sent
 * `private, no-store` and never kept.
 */
import { createHash } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { SERVER_RENDER_ORIGIN } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeRichText } from '../../lib/sanitize-html';
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers';

/** What portal/src/entry-server.tsx exports (the build's module is untyped here). */
interface PortalServerEntry {
  configureServerRendering(options: {
    sanitizeRichText(html: string): string;
    onRenderError(error: unknown): void;
  }): void;
  renderPortalPage(input: {
    applicationOptions: unknown;
    profile: unknown;
    userAgent?: string;
    onReadFailed?: (queryKey: readonly unknown[], error: unknown) => void;
  }): Promise<{
    path: string;
    html: string;
    styles: string;
    state: unknown;
    title: string;
    colorScheme: string;
    device: string;
    passes: number;
  }>;
}

type InProcessCall = (url: URL, init: RequestInit | undefined) => Promise<Response>;

const renderCalls = new AsyncLocalStorage<InProcessCall>();
let fetchInstalled = false;

/**
 * Routes `fetch` to SERVER_RENDER_ORIGIN into the render's own request (the only calls it
 * changes; every other address goes to the platform's fetch).
 */
function installRenderFetch(): void {
  if (fetchInstalled) return;
  fetchInstalled = true;
  const platformFetch = globalThis.fetch;
  const prefix = `${SERVER_RENDER_ORIGIN}/`;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(prefix)) return platformFetch(input, init);
    const call = renderCalls.getStore();
    if (!call) throw new TypeError(`${url} is reachable only while a page renders`);
    return call(new URL(url), init);
  };
}

/**
 * Runs before the page paints: puts the route the server rendered into the address when there is
 * none, applies the device's colour scheme when the institution follows it, and marks the page
 * as a shell when the address names another route, or as `fresh` when the screen is not the kind
 * the server guessed from the user agent (a narrow desktop window: the layout would change under
 * the reader, so the page stays hidden until the browser renders it for this screen). Then it
 * starts the application once the served page's first contentful paint is done and its logo is
 * in (at once when the page is hidden or a button is pressed, after a second at most;
 * `APP_ENTRY_LINK`, `deferModulePreloads`): the libraries the build preloads with the entry
 * first, one a task (all at once was one task of 0.4-0.7 s on a 4x-slowed CPU), then the entry.
 * A button pressed before then is pressed again once the page has hydrated (portal/src/main.tsx
 * `AfterHydration`). A fixed text, allowed by its hash in the page's policy (no 'unsafe-inline').
 */
export const BOOT_SCRIPT =
  "(function(){var d=document.documentElement,p=d.getAttribute('data-ssr-path'),h=location.hash.slice(1);" +
  "if(p&&(h===''||h==='/')){history.replaceState(history.state,'','#'+p);h=p}" +
  "if(d.getAttribute('data-color-scheme')==='system'){var k=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';d.classList.remove('light','dark');d.classList.add(k)}" +
  "var v=p&&h===p?'page':'shell',g=d.getAttribute('data-ssr-device'),w=innerWidth;" +
  "if(g&&(g==='phone'?w>=600:w<900))v='fresh';" +
  "d.setAttribute('data-ssr-view',v);" +
  // A task after this one, through a message channel (timers may be held: a test's fake clock).
  'var s=0,mc=new MessageChannel(),fs=[];mc.port1.onmessage=function(){fs.shift()()};' +
  'function task(f){fs.push(f);mc.port2.postMessage(0)}' +
  "function go(){if(s)return;s=1;var t=document.getElementById('portal-code');" +
  // Another route's page: the served screen's own code (its links without crossorigin) is not needed.
  "if(t){var c=t.content.cloneNode(true);if(v!=='page'){var r=c.querySelectorAll('link:not([crossorigin])');for(var m=0;m<r.length;m++)r[m].remove()}document.head.appendChild(c)}" +
  // Another route's page: that screen's code, asked for beside the app's own (`shellRouteCode`).
  // Matched as the router matches: any case, the route whole (then its end, a / or a ?).
  "if(v!=='page'){var rc=document.querySelectorAll('template[data-route-code]'),lh=h.toLowerCase();" +
  "for(var k=0;k<rc.length;k++){var rr=rc[k].getAttribute('data-route-code').toLowerCase(),nx=lh.charAt(rr.length);" +
  "if(lh.indexOf(rr)===0&&(nx===''||nx==='/'||nx==='?')){document.head.appendChild(rc[k].content.cloneNode(true));break}}}" +
  "var ls=document.querySelectorAll('link[rel=modulepreload][crossorigin]'),q=[],e,i=0;" +
  "for(var j=0;j<ls.length;j++){if(ls[j].hasAttribute('data-app-entry'))e=ls[j].href;else q.push(ls[j].href)}" +
  '(function next(){var u=q[i++];if(u===undefined){if(e)import(e);return}' +
  'import(u).then(function(){task(next)},function(){task(next)})})()}' +
  // A button pressed before the application runs: it starts now and presses it once hydrated.
  "document.addEventListener('click',function(ev){if(window.__portalHydrated)return;" +
  "var b=ev.target&&ev.target.closest&&ev.target.closest('button');if(b){window.__portalPendingClick=b;task(go)}},true);" +
  "function later(){if(v==='fresh'||document.visibilityState==='hidden'||!window.PerformanceObserver){go();return}" +
  'var n=2;function step(){if(--n===0)task(go)}' +
  "try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();step()}}).observe({type:'paint',buffered:true})}catch(x){task(go)}" +
  "var im=[].filter.call(document.querySelectorAll('img[fetchpriority=high]'),function(i){return!i.complete}),c=im.length;" +
  "if(!c)step();im.forEach(function(i){function f(){if(--c===0)step()}i.addEventListener('load',f);i.addEventListener('error',f)});" +
  'setTimeout(function(){task(go)},1000)}' +
  "if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',later);else later()})();";

/**
 * Every `modulepreload` of the page goes into an inert `<template id="portal-code">`, which the
 * boot script puts into the head when it starts the application: the scripts download after the
 * first paint and the logo, not alongside them (on a slow connection 250 KB of scripts shared
 * the bandwidth with the 1 KB logo, the sign-in page's largest paint, and held it over a second).
 */
const HEAD_PATTERN = /<head>[\s\S]*<\/head>/;
const MODULE_PRELOAD_LINK = /<link rel="modulepreload"[^>]*>\s*/g;
function deferModulePreloads(head: string): string {
  const links = head.match(MODULE_PRELOAD_LINK) ?? [];
  if (links.length === 0) return head;
  // A file the build and the screen both list is asked for once.
  const byFile = new Map<string, string>();
  for (const link of links) {
    const file = /href="([^"]+)"/.exec(link)?.[1] ?? link;
    if (!byFile.has(file)) byFile.set(file, link.trim());
  }
  return head
    .replace(MODULE_PRELOAD_LINK, '')
    .replace(
      '</head>',
      `<template id="portal-code">${[...byFile.values()].join('')}</template></head>`,
    );
}

/**
 * The built page's entry script (portal/index.html). The served page lists it as a
 * `modulepreload` instead (`APP_ENTRY_LINK`): the boot script imports it after the first paint (issue 23). A module script runs as soon as the
 * document is parsed, and when its code is already at hand (a cached visit, a fast network) the
 * browser evaluated React, MUI and the contract's schemas, and hydrated, before painting
 * anything: on a mid-range phone the served sign-in form stayed blank for a second.
 */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const APP_ENTRY_LINK = (src: string) =>
  `<link rel="modulepreload" crossorigin href="${src}" data-app-entry>`;

const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** The page's policy: the site's, plus the boot script by its hash. */
export const PORTAL_PAGE_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_HASH}`,
);

/**
 * Until the route's screen renders, a page opened on another route shows the layout only: the
 * served screen's content is left out of the layout (not removed: the browser replaces the whole
 * page). Not merely invisible: a phone laid out the hidden dashboard only to throw it away.
 */
const SHELL_STYLE =
  '<style>html[data-ssr-view="shell"] #main-content > *{display:none}' +
  'html[data-ssr-view="fresh"] #root{visibility:hidden}</style>';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** JSON inside a script element: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  // One pass over the text (the served state is some 90 KB: five passes took 3 ms a page).
  return JSON.stringify(value).replace(
    UNSAFE_IN_SCRIPT,
    (character) => SCRIPT_ESCAPES[character] ?? character,
  );
}
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** The app's element with the loading indicator the build puts in it (portal/index.html). */
/** The screens' modules in the build's manifest, by the route the server rendered. */
const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/home/login': ['src/features/auth/components/login-page.tsx'],
  '/myaccount/dashboard': [
    'src/app/layouts/logged-in-layout.tsx',
    'src/features/accounts/components/dashboard-page.tsx',
  ],
};

/**
 * The screens a signed-in page is often opened on though the server cannot see them (a reload of
 * a loan's page, a link to Make Payment): their code's modules, by the start of their route.
 */
const SHELL_ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/myaccount/loanDetails': [
    'src/app/layouts/logged-in-layout.tsx',
    'src/features/loan-details/components/loan-details-page.tsx',
  ],
  '/myaccount/payment': [
    'src/app/layouts/logged-in-layout.tsx',
    'src/features/payments/components/make-payment-page.tsx',
  ],
};

interface ManifestEntry {
  file: string;
  imports?: string[];
}

/**
 * `<link rel="modulepreload">` for the rendered screen's code and what it imports: the page
 * hydrates once that code is in, so the browser fetches it with the app's own code (when the boot
 * script starts it, `deferModulePreloads`) instead of after the entry script has asked for it.
 */
export function routePreloads(
  manifest: Readonly<Record<string, ManifestEntry>>,
  path: string,
): string {
  return modulePreloads(manifest, ROUTE_MODULES[path] ?? []);
}

/** `<link rel="modulepreload">` for the modules given and what they import, each file once. */
function modulePreloads(
  manifest: Readonly<Record<string, ManifestEntry>>,
  keys: readonly string[],
): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].map((file) => `<link rel="modulepreload" href="./${file}">`).join('');
}

/**
 * For a signed-in page: each of `SHELL_ROUTE_MODULES`' screens' code in an inert template the
 * boot script puts into the head when the address names that route. The page is then its shell,
 * and the screen's code comes beside the app's own instead of after the app has started and asked
 * for it (issue 23: the loan page's code arrived half a second after the app's on a phone).
 */
function shellRouteCode(
  manifest: Readonly<Record<string, ManifestEntry>>,
  signedIn: boolean,
): string {
  if (!signedIn) return '';
  return Object.entries(SHELL_ROUTE_MODULES)
    .map(
      ([route, keys]) =>
        `<template data-route-code="${escapeHtml(route)}">${modulePreloads(manifest, keys)}</template>`,
    )
    .join('');
}

/**
 * The preloads React's renderer puts first in the markup (the institution's logo, an image the
 * page marks `fetchPriority="high"`: the largest paint of the sign-in page). Served at the top of
 * the head instead, so the browser asks for the logo before the scripts, not behind them.
 */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/?>)+/;

const ROOT_PATTERN = /<div id="root">\s*<!--app-->[\s\S]*<!--\/app-->\s*<\/div>/;

export interface PortalPageOptions {
  /** The built portal's index.html (the client-rendered page and the template). */
  indexFile: string;
  /** The built server entry (portal/dist-ssr/entry-server.js); without it, the plain page. */
  serverEntry: string;
  /** The request's start-up settings (GET /api/setup/ApplicationOptions's answer); else asked of that route. */
  applicationOptions?: (request: FastifyRequest) => Promise<unknown>;
}

/** The portal page's renderer; `answer` sends the server-rendered page or the plain one. */
export function createPortalPage(app: FastifyInstance, options: PortalPageOptions) {
  let entry: Promise<PortalServerEntry | undefined> | undefined;
  let template: Promise<string> | undefined;
  let manifest: Promise<Record<string, ManifestEntry>> | undefined;

  function loadEntry(): Promise<PortalServerEntry | undefined> {
    entry ??= (async () => {
      if (!existsSync(options.serverEntry)) {
        app.log.warn(
          { serverEntry: options.serverEntry },
          'The portal is sent without its server-rendered first paint: its server build is missing (npm run build)',
        );
        return undefined;
      }
      const loaded = (await import(pathToFileURL(options.serverEntry).href)) as PortalServerEntry;
      loaded.configureServerRendering({
        sanitizeRichText,
        onRenderError: (error) =>
          app.log.warn({ err: error }, 'A part of the portal page failed in the server render'),
      });
      installRenderFetch();
      return loaded;
    })();
    return entry;
  }

  async function callApi(
    request: FastifyRequest,
    url: URL,
    init: RequestInit | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    // Who is asking: the visitor's own cookies, host and browser; never a header of another call.
    for (const name of ['cookie', 'user-agent', 'accept-language'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // The host the page's institution was resolved from (X-Forwarded-Host behind a trusted
    // proxy): the call comes from the visitor's address, whose forwarded headers are not trusted,
    // so the proxy's own Host would have named another institution than the page's settings.
    headers.host = request.host;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  }

  async function readJson(request: FastifyRequest, path: string): Promise<unknown> {
    const answer = await callApi(request, new URL(`${SERVER_RENDER_ORIGIN}/${path}`), {
      headers: { accept: 'application/json' },
    });
    if (!answer.ok) return undefined;
    const body = (await answer.json()) as { HasNoErrors?: unknown };
    return body.HasNoErrors === false ? undefined : body;
  }

  /**
   * The page around the render's parts, for the route rendered: the same for every visitor and
   * worked out once (the template and the manifest do not change while the server runs), so a page
   * is joined from it instead of rewritten by a pass over the whole document for each part (6 ms a
   * page). Six pieces, between which go: the `<html>` tag, the title, the styles, the markup and
   * the state; undefined when the template lacks a place for one of them.
   */
  const fixedPartsByPath = new Map<string, readonly string[] | undefined>();
  function fixedParts(
    html: string,
    modules: Readonly<Record<string, ManifestEntry>>,
    path: string,
  ): readonly string[] | undefined {
    if (fixedPartsByPath.has(path)) return fixedPartsByPath.get(path);
    const slot = (index: number) => `<!--portal-slot-${index}-->`;
    const filled = html
      .replace('<html lang="en">', slot(0))
      .replace(/<title>[^<]*<\/title>/, () => slot(1))
      .replace(ENTRY_SCRIPT, (_script, src: string) => APP_ENTRY_LINK(src))
      .replace(
        '</head>',
        () =>
          `<script>${BOOT_SCRIPT}</script>${routePreloads(modules, path)}${SHELL_STYLE}${slot(2)}</head>`,
      )
      .replace(ROOT_PATTERN, () => `<div id="root">${slot(3)}</div>`)
      .replace(HEAD_PATTERN, (head) => deferModulePreloads(head))
      // After the deferral: these stay in their own templates, for their routes only.
      .replace('</head>', () => `${shellRouteCode(modules, path.startsWith('/myaccount/'))}</head>`)
      .replace(
        '</body>',
        () => `<script id="portal-state" type="application/json">${slot(4)}</script></body>`,
      );
    const pieces = filled.split(/<!--portal-slot-\d-->/);
    const positions = [0, 1, 2, 3, 4].map((index) => filled.indexOf(slot(index)));
    const inOrder = positions.every(
      (at, index) => at >= 0 && (index === 0 || at > (positions[index - 1] ?? 0)),
    );
    const parts = pieces.length === 6 && inOrder ? pieces : undefined;
    fixedPartsByPath.set(path, parts);
    return parts;
  }

  async function render(request: FastifyRequest): Promise<string | undefined> {
    const loaded = await loadEntry();
    if (!loaded) return undefined;
    template ??= readFile(options.indexFile, 'utf8');
    manifest ??= readFile(join(dirname(options.indexFile), '.vite', 'manifest.json'), 'utf8').then(
      (text) => JSON.parse(text) as Record<string, ManifestEntry>,
      () => ({}),
    );
    const html = await template;
    const modules = await manifest;
    if (!ROOT_PATTERN.test(html) || !ENTRY_SCRIPT.test(html)) return undefined;
    return renderCalls.run(
      (url, init) => callApi(request, url, init),
      async () => {
        const applicationOptions = options.applicationOptions
          ? await options.applicationOptions(request)
          : await readJson(request, 'api/setup/ApplicationOptions');
        // The start-up settings failed: the browser's own start-up shows the error page.
        if (!applicationOptions) return undefined;
        const signedInCookie = request.cookies[request.server.cookieNames.session] !== undefined;
        const profile = signedInCookie ? await readJson(request, 'api/Profile') : undefined;
        const page = await loaded.renderPortalPage({
          applicationOptions,
          profile,
          userAgent: request.headers['user-agent'],
          onReadFailed: (queryKey, error) => {
            const status = (error as { status?: unknown }).status;
            // A refusal answered 200 (NoPaymentNeeded for a loan paid off) is the loan's state,
            // not a fault: noted for debugging only, so warnings stay what needs a look.
            const refusal = typeof status === 'number' && status < 300;
            request.log[refusal ? 'debug' : 'warn'](
              { queryKey, status, err: error },
              'A read of the portal page failed in the server render; the browser reads it again',
            );
          },
        });
        // One render a page: a read found only after a render costs the page another whole one.
        request.log[page.passes > 1 ? 'warn' : 'debug'](
          { path: page.path, passes: page.passes },
          page.passes > 1
            ? 'The portal page took more than one render: a read it needs did not suspend its part of the page'
            : 'The portal page was rendered',
        );
        const scheme = page.colorScheme === 'dark' ? 'dark' : 'light';
        const preloads = LEADING_PRELOADS.exec(page.html)?.[0] ?? '';
        const parts = fixedParts(html, modules, page.path);
        if (!parts) return undefined;
        return [
          parts[0],
          `<html lang="en" class="${scheme}" data-color-scheme="${escapeHtml(page.colorScheme)}" data-ssr-path="${escapeHtml(page.path)}" data-ssr-device="${escapeHtml(page.device)}">`,
          parts[1],
          `<title>${escapeHtml(page.title)}</title>${preloads}`,
          parts[2],
          page.styles,
          parts[3],
          page.html.slice(preloads.length),
          parts[4],
          scriptJson(page.state),
          parts[5],
        ].join('');
      },
    );
  }

  return {
    /** Starts loading the render code (so the first visitor does not wait for it). */
    warm: () => loadEntry(),
    async answer(request: FastifyRequest, reply: FastifyReply) {
      // The admin's preview follows a draft through its own header: the browser renders it.
      const preview = /[?&]previewToken=/.test(request.url);
      let page: string | undefined;
      if (!preview) {
        try {
          page = await render(request);
        } catch (error) {
          // The browser can still render the page itself: the visitor never sees this failure.
          request.log.error({ err: error }, 'The portal page could not be rendered on the server');
        }
      }
      if (page === undefined) {
        // The page as built: nothing personal in it, revalidated on every visit.
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(await readFile(options.indexFile, 'utf8'));
      }
      return (
        reply
          .type('text/html; charset=utf-8')
          // It may hold the borrower's accounts: never kept by the browser or any cache.
          .header('cache-control', 'private, no-store')
          .header('vary', 'Cookie')
          .header('content-security-policy', PORTAL_PAGE_POLICY)
          .send(page)
      );
    },
  };
}
