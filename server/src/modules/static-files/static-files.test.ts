import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../../app';
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

describe.each(testDatabases())('static files on $name', (testDatabase) => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-static-'));
  const portalDist = join(folder, 'portal');
  const adminDist = join(folder, 'admin');
  const cdnDir = join(folder, 'cdn');
  let test: TestApp;

  beforeAll(async () => {
    writeFiles(portalDist, {
      'index.html': '<!doctype html><title>Portal</title>',
      'assets/index-Ab12Cd34.js': 'console.log("portal")',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const bundle = `export const portal = "${'sign-in '.repeat(400)}";`;
    writeFiles(portalDist, { 'assets/entry-Qw12Er34.js': bundle });
    writeFileSync(join(portalDist, 'assets/entry-Qw12Er34.js.br'), brotliCompressSync(bundle));
    writeFileSync(join(portalDist, 'assets/entry-Qw12Er34.js.gz'), gzipSync(bundle));
    writeFiles(adminDist, {
      'index.html': '<!doctype html><title>Admin</title>',
      'assets/admin-Zz98Yy76.js': 'console.log("admin")',
    });
    writeFiles(cdnDir, { 'harbor/branding/logos/logoIconWhite.svg': '<svg id="uploaded"/>' });
    test = await startTestApp(testDatabase, { portalDist, adminDist, cdnDir });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves the portal with index.html revalidated and hashed assets cached for a year', async () => {
    const index = await test.app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Portal</title>');
    expect(index.headers['cache-control']).toBe('no-cache');

    const asset = await test.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const favicon = await test.app.inject({ url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('puts every security header on pages and the short set on scripts', async () => {
    const page = await test.app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await test.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
  });

  it('serves the admin app at /admin/ and its index.html for client-side routes', async () => {
    const index = await test.app.inject({ url: '/admin/' });
    expect(index.body).toContain('<title>Admin</title>');
    const bare = await test.app.inject({ url: '/admin' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/admin/');
    const asset = await test.app.inject({ url: '/admin/assets/admin-Zz98Yy76.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const route = await test.app.inject({ url: '/admin/institutions/harbor/settings' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Admin</title>');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.headers['content-security-policy']).not.toBe(CONTENT_SECURITY_POLICY);

    const missingFile = await test.app.inject({ url: '/admin/assets/missing-1234.js' });
    expect(missingFile.statusCode).toBe(404);
  });

  it('serves uploaded branding first and the demo logos as the fallback', async () => {
    const uploaded = await test.app.inject({ url: '/cdn/harbor/branding/logos/logoIconWhite.svg' });
    expect(uploaded.body).toContain('uploaded');
    const shipped = await test.app.inject({ url: '/cdn/harbor/branding/logos/logoFullWhite.svg' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.headers['content-type']).toContain('image/svg+xml');
    expect(shipped.body).toContain('Harbor Community Bank');
    const summit = await test.app.inject({
      url: '/cdn/summit/branding/logos/logoFullWhite.svg',
      headers: { host: 'summit.localhost' },
    });
    expect(summit.body).toContain('Summit Lending');
    expect((await test.app.inject({ url: '/cdn/harbor/nothing.svg' })).statusCode).toBe(404);
  });

  it("lets the admin page frame every institution's portal, on the admin's scheme and port, and keep its pop-out", async () => {
    for (const url of ['/admin/', '/admin/institutions/summit/settings']) {
      const page = await test.app.inject({ url, headers: { host: 'localhost:3000' } });
      const policy = String(page.headers['content-security-policy']);
      const frameSrc = policy.split('; ').find((directive) => directive.startsWith('frame-src'));
      expect(frameSrc?.split(' ')).toEqual(
        expect.arrayContaining([
          'frame-src',
          "'self'",
          'http://localhost:3000',
          'http://summit.localhost:3000',
        ]),
      );
      // Nothing else of the policy is loosened.
      expect(policy.replace(frameSrc ?? '', "frame-src 'self'")).toBe(CONTENT_SECURITY_POLICY);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
    // The admin's scripts are resources: no page policy at all, loosened or not.
    const asset = await test.app.inject({ url: '/admin/assets/admin-Zz98Yy76.js' });
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const portal = await test.app.inject({ url: '/' });
    expect(portal.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("serves an institution's files on its own hosts only", async () => {
    const logo = '/cdn/summit/branding/logos/logoFullWhite.svg';
    for (const [host, url] of [
      ['localhost', logo],
      ['localhost', '/cdn/%73ummit/branding/logos/logoFullWhite.svg'],
      ['localhost', '/cdn/harbor/../summit/branding/logos/logoFullWhite.svg'],
      ['summit.localhost', '/cdn/harbor/branding/logos/logoFullWhite.svg'],
      ['x.example', logo],
    ] as const) {
      const answer = await test.app.inject({ url, headers: { host } });
      expect({ host, url, status: answer.statusCode }).toEqual({ host, url, status: 404 });
    }
    const own = await test.app.inject({ url: logo, headers: { host: 'summit.localhost' } });
    expect(own.statusCode).toBe(200);
  });

  describe('compressed answers', () => {
    const url = '/assets/entry-Qw12Er34.js';
    const original = `export const portal = "${'sign-in '.repeat(400)}";`;

    it('sends the brotli file to a browser that accepts it', async () => {
      const response = await test.app.inject({
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(original);
      expect(response.rawPayload.length).toBeLessThan(original.length / 4);
    });

    it('serves the page itself at / and /admin/ to a browser that accepts compression', async () => {
      for (const [path, title] of [
        ['/', 'Portal'],
        ['/admin/', 'Admin'],
      ] as const) {
        const page = await test.app.inject({
          url: path,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(page.statusCode, path).toBe(200);
        const encoding = page.headers['content-encoding'];
        const html =
          encoding === 'br'
            ? brotliDecompressSync(page.rawPayload)
            : encoding === 'gzip'
              ? gunzipSync(page.rawPayload)
              : page.rawPayload;
        expect(html.toString(), path).toContain(`<title>${title}</title>`);
      }
    });

    it('sends gzip when only gzip is accepted, and brotli refused with q=0', async () => {
      for (const accept of ['gzip', 'br;q=0, gzip']) {
        const response = await test.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(response.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(response.rawPayload).toString()).toBe(original);
      }
    });

    it('sends the file itself, still marked as varying, to a client that accepts neither', async () => {
      const response = await test.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(original);
    });

    it('compresses JSON answers over 1 KB and leaves small ones alone', async () => {
      const large = await test.app.inject({
        url: '/api/setup/ApplicationOptions',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(large.headers['content-encoding']).toBe('br');
      const json: unknown = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
      expect(json).toHaveProperty('gassySettings');
      const small = await test.app.inject({
        url: '/api/MaintenanceMode',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json().isEnabled).toBe(false);
    });
  });

  it("answers /favicon.ico with each institution's own icon on its brand colour", async () => {
    const harbor = await test.app.inject({ url: '/favicon.ico', headers: { host: 'localhost' } });
    expect(harbor.statusCode).toBe(200);
    expect(harbor.headers['content-type']).toContain('image/svg+xml');
    const summit = await test.app.inject({
      url: '/favicon.ico',
      headers: { host: 'summit.localhost' },
    });
    expect(summit.statusCode).toBe(200);
    expect(harbor.body).not.toBe(summit.body);
    // The uploaded icon of Harbor, embedded.
    expect(harbor.body).toContain(Buffer.from('<svg id="uploaded"/>').toString('base64'));
    const unknown = await test.app.inject({ url: '/favicon.ico', headers: { host: 'x.example' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves uploaded branding as sandboxed data, never as a page that runs scripts', async () => {
    const logo = await test.app.inject({ url: '/cdn/harbor/branding/logos/logoIconWhite.svg' });
    expect(logo.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
  });

  it('keeps API routes answering next to the portal', async () => {
    const response = await test.app.inject({ url: '/api/MaintenanceMode' });
    expect(response.json().isEnabled).toBe(false);
    expect((await test.app.inject({ url: '/api/Nothing' })).json().Errors[0].ErrorMessage).toBe(
      'NotFound',
    );
  });

  describe('without built front ends', () => {
    let bare: PortalApp;
    beforeAll(async () => {
      bare = await buildApp({
        db: test.database.db,
        portalDist: join(folder, 'missing-portal'),
        adminDist: join(folder, 'missing-admin'),
      });
    });
    afterAll(async () => {
      await bare?.close();
    });

    it('says to run the build instead of failing', async () => {
      for (const url of ['/', '/admin', '/admin/', '/admin/settings']) {
        const response = await bare.inject({ url });
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toContain('text/plain');
        expect(response.body).toContain('npm run build');
      }
    });
  });
});
