import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('puts the security headers on static files', async () => {
    const asset = await test.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(asset.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(asset.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
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
    expect(route.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);

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
    const summit = await test.app.inject({ url: '/cdn/summit/branding/logos/logoFullWhite.svg' });
    expect(summit.body).toContain('Summit Lending');
    expect((await test.app.inject({ url: '/cdn/harbor/nothing.svg' })).statusCode).toBe(404);
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
