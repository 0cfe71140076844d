import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

describe.each(testDatabases('both'))('health checks on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase, { seed: false });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers /healthz and /readyz on any host name, even one no institution claims', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await test.app.inject({ url, headers: { host: '10.1.2.3:3000' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('is not ready once shutting down', async () => {
    const app = await buildApp({ db: test.database.db });
    try {
      app.services.health.beginShutdown();
      const response = await app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close();
    }
  });

  it('is not ready when the database does not answer', async () => {
    const broken = await testDatabase.open();
    const app = await buildApp({ db: broken.db });
    try {
      await broken.close();
      const response = await app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
