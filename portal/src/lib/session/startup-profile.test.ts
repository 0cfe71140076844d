import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { profileBody } from '../../testing/fixtures';
import { startProfileCheck, takeProfileCheck } from './startup-profile';

describe('the start-up session check', () => {
  it('starts with the page on a myaccount route and is taken once', async () => {
    const server = stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    startProfileCheck('#/myaccount/dashboard');
    startProfileCheck('#/myaccount/dashboard');
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(1);

    const signal = new AbortController().signal;
    expect((await takeProfileCheck(signal)).UserInfo?.LogonName).toBe('jordan.rivers');
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(1);
    // A later mount (a remount, a second provider) asks again.
    await takeProfileCheck(signal);
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(2);
  });

  it('does not start on the login page', async () => {
    const server = stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    startProfileCheck('#/home/login');
    startProfileCheck('');
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(0);
    await takeProfileCheck(new AbortController().signal);
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(1);
  });
});
