import { Envelope, ProfileResponse } from '@portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { OK, profileBody, UNAUTHORIZED } from '../testing/fixtures';
import { ApiError, createPortalApiClient } from './api-client';

describe('the portal’s api client', () => {
  it('calls paths relative to the page, with the CSRF header on a POST', async () => {
    const server = stubFetch({ 'POST /api/Login/Logout': OK });

    await createPortalApiClient().post('api/Login/Logout', {}, Envelope);

    const [post] = server.requestsTo('POST /api/Login/Logout');
    expect(post?.headers.get('X-Requested-With')).toBe('portal');
    expect(post?.credentials).toBe('same-origin');
  });

  it('adds the ServicingBranch header once the session knows it, and drops it at logout', async () => {
    const server = stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    const api = createPortalApiClient();

    api.setSessionHeaders({ servicingBranch: '7', userToken: '' });
    await api.get('api/Profile', ProfileResponse);
    api.clearSessionHeaders();
    await api.get('api/Profile', ProfileResponse);

    const [first, second] = server.requestsTo('GET /api/Profile');
    expect(first?.headers.get('ServicingBranch')).toBe('7');
    expect(first?.headers.has('UserToken')).toBe(false);
    expect(second?.headers.has('ServicingBranch')).toBe(false);
  });

  it('hands an early read to no later session: logout or another session’s headers drop it', async () => {
    const server = stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    const api = createPortalApiClient();
    api.setSessionHeaders({ servicingBranch: '7', userToken: '' });
    api.prefetch('api/Profile');
    // The same session's headers again (the session settling at start-up) keep it.
    api.setSessionHeaders({ servicingBranch: '7', userToken: '' });
    await api.get('api/Profile', ProfileResponse);
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(1);

    api.prefetch('api/Profile');
    api.clearSessionHeaders();
    await api.get('api/Profile', ProfileResponse);
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(3);

    api.prefetch('api/Profile');
    api.setSessionHeaders({ servicingBranch: '8', userToken: '' });
    await api.get('api/Profile', ProfileResponse);
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(5);
  });

  it('unwraps the envelope and returns the parsed answer', async () => {
    stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    const profile = await createPortalApiClient().get('api/Profile', ProfileResponse);
    expect(profile.UserInfo?.PersonalName).toBe('Jordan Rivers');
  });

  it('throws an ApiError with the status and the error list of a failed envelope', async () => {
    stubFetch({
      'POST /api/login/userlogin': {
        status: 403,
        body: {
          HasNoErrors: false,
          Errors: [{ ErrorMessage: 'Invalid' }, { ErrorMessage: 'More' }],
        },
      },
    });
    const failure = createPortalApiClient().post('api/login/userlogin', {}, Envelope);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 403,
      code: 'Invalid',
      errors: ['Invalid', 'More'],
      message: 'Invalid',
    });
  });

  it('treats HasNoErrors false as a failure even with status 200', async () => {
    stubFetch({
      'GET /api/Profile': { body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] } },
    });
    await expect(createPortalApiClient().get('api/Profile', ProfileResponse)).rejects.toMatchObject(
      { status: 200, code: 'NotFound' },
    );
  });

  it('names the status of a failure that carries no envelope', async () => {
    stubFetch({ 'GET /api/Profile': { status: 502 } });
    await expect(createPortalApiClient().get('api/Profile', ProfileResponse)).rejects.toMatchObject(
      { status: 502, code: undefined, errors: [], message: 'Request failed with status 502' },
    );
  });

  it('reports the client’s own failures as an ApiError with the code as its one error', async () => {
    stubFetch({
      'GET /api/Profile': { body: { HasNoErrors: true, Errors: [], UserInfo: 'nope' } },
    });
    await expect(createPortalApiClient().get('api/Profile', ProfileResponse)).rejects.toMatchObject(
      { status: 200, code: 'InvalidResponse', errors: ['InvalidResponse'] },
    );
  });

  it('tells the unauthorized listeners when the first error is Unauthorized, whatever the status', async () => {
    stubFetch({
      'GET /api/accountList': UNAUTHORIZED,
      'GET /api/Profile': {
        body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Unauthorized' }] },
      },
      'POST /api/login/userlogin': {
        status: 401,
        body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] },
      },
    });
    const api = createPortalApiClient();
    const onUnauthorized = vi.fn();
    api.onUnauthorized(onUnauthorized);

    await expect(api.get('api/accountList', Envelope)).rejects.toMatchObject({ status: 401 });
    await expect(api.get('api/Profile', Envelope)).rejects.toMatchObject({ status: 200 });
    await expect(api.post('api/login/userlogin', {}, Envelope)).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('never writes to localStorage or sessionStorage', async () => {
    stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    const api = createPortalApiClient();
    api.setSessionHeaders({ servicingBranch: '7', userToken: 'secret-token' });
    await api.get('api/Profile', ProfileResponse);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
