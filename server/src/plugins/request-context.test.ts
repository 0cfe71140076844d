import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../testing/clock';
import { institutionPlugin } from './institution';
import { requestContext, requestContextPlugin } from './request-context';

const HARBOR = {
  id: 7,
  slug: 'harbor',
  name: 'Harbor Community Bank',
  cdnFolder: '/cdn/harbor',
  timeZone: 'America/Chicago',
};

async function appAt(instant: string) {
  const app = Fastify();
  await app.register(institutionPlugin, {
    resolveHost: async (host) => (host === 'harbor.localhost' ? HARBOR : undefined),
  });
  await app.register(requestContextPlugin, { clock: createTestClock(instant) });
  app.get('/context', async (request) => {
    const context = requestContext(request);
    return { context, once: requestContext(request) === context };
  });
  return app;
}

describe('requestContext', () => {
  it('is built once per request: institution, caller, origin, and the date in its time zone', async () => {
    // 03:00 UTC on the 25th is still the evening of the 24th in Chicago.
    const app = await appAt('2026-11-25T03:00:00Z');
    const response = await app.inject({
      url: '/context',
      headers: { host: 'harbor.localhost:3000', 'user-agent': 'Test Browser' },
      remoteAddress: '10.1.2.3',
    });
    expect(response.json()).toEqual({
      once: true,
      context: {
        institution: HARBOR,
        institutionId: 7,
        institutionSlug: 'harbor',
        institutionName: 'Harbor Community Bank',
        timeZone: 'America/Chicago',
        ip: '10.1.2.3',
        userAgent: 'Test Browser',
        origin: 'http://harbor.localhost:3000',
        now: '2026-11-25T03:00:00.000Z',
        today: '2026-11-24',
      },
    });
    await app.close();
  });
});
