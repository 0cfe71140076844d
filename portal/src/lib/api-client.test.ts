import { Envelope, ProfileResponse } from '@portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../testing/fetch-stub';
import { OK, profileBody, UNAUTHORIZED } from '../testing/fixtures';
import { ApiError, createApiClient } from './api-client';

describe('api client', () => {
  it('sends the CSRF header and same-origin credentials on a POST, but no CSRF header on a GET', async () => {
    const server = stubFetch({
      'POST /api/Login/Logout': OK,
      'GET /api/Profile': { body: profileBody() },
    });
    const api = createApiClient();

    await api.post('api/Login/Logout', {}, Envelope);
    await api.get('api/Profile', ProfileResponse);

    const [post] = server.requestsTo('POST /api/Login/Logout');
    expect(post?.headers.get('X-Requested-With')).toBe('portal');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.credentials).toBe('same-origin');
    const [get] = server.requestsTo('GET /api/Profile');
    expect(get?.headers.has('X-Requested-With')).toBe(false);
    expect(get?.credentials).toBe('same-origin');
  });

  it('adds the ServicingBranch header once the session knows it, and drops it at logout', async () => {
    const server = stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    const api = createApiClient();

    api.setSessionHeaders({ servicingBranch: '7', userToken: '' });
    await api.get('api/Profile', ProfileResponse);
    api.clearSessionHeaders();
    await api.get('api/Profile', ProfileResponse);

    const [first, second] = server.requestsTo('GET /api/Profile');
    expect(first?.headers.get('ServicingBranch')).toBe('7');
    expect(first?.headers.has('UserToken')).toBe(false);
    expect(second?.headers.has('ServicingBranch')).toBe(false);
  });

  it('sends a call’s own headers (a submit’s Idempotency-Key) without letting them replace its own, and DELETE without a body', async () => {
    const server = stubFetch({
      'POST /api/PaymentImmediate/SubmitCard': OK,
      'DELETE /api/PaymentMethod/RemoveDefaultPaymentMethod': OK,
    });
    const api = createApiClient();

    await api.post('api/PaymentImmediate/SubmitCard', {}, Envelope, {
      headers: { 'Idempotency-Key': 'attempt-0001', 'X-Requested-With': 'forged' },
    });
    await api.delete('api/PaymentMethod/RemoveDefaultPaymentMethod?accountNumber=001-1', Envelope);

    const [submit] = server.requestsTo('POST /api/PaymentImmediate/SubmitCard');
    expect(submit?.headers.get('Idempotency-Key')).toBe('attempt-0001');
    expect(submit?.headers.get('X-Requested-With')).toBe('portal');
    const [removal] = server.requestsTo('DELETE /api/PaymentMethod/RemoveDefaultPaymentMethod');
    expect(removal?.headers.get('X-Requested-With')).toBe('portal');
    expect(removal?.headers.has('Content-Type')).toBe(false);
    expect(removal?.body).toBeFalsy();
  });

  it('reads a text answer (the specs’ tokens), and the envelope of a refused one', async () => {
    stubFetch({
      'POST /api/AccountHistory/RetrieveDownloadToken': { body: 'token-1' },
      'GET /api/PassableToken/GetPassableToken': {
        status: 404,
        body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] },
      },
    });
    const api = createApiClient();
    await expect(
      api.post('api/AccountHistory/RetrieveDownloadToken', {}, z.string(), { text: true }),
    ).resolves.toBe('token-1');
    await expect(
      api.get('api/PassableToken/GetPassableToken', z.string(), { text: true }),
    ).rejects.toMatchObject({ status: 404, code: 'NotFound' });
  });

  it('unwraps the envelope and returns the parsed answer', async () => {
    stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    const profile = await createApiClient().get('api/Profile', ProfileResponse);
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
    const failure = createApiClient().post('api/login/userlogin', {}, Envelope);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 403,
      code: 'Invalid',
      errors: ['Invalid', 'More'],
    });
  });

  it('treats HasNoErrors false as a failure even with status 200', async () => {
    stubFetch({
      'GET /api/Profile': { body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] } },
    });
    await expect(createApiClient().get('api/Profile', ProfileResponse)).rejects.toMatchObject({
      status: 200,
      code: 'NotFound',
    });
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch({
      'GET /api/Profile': { body: { HasNoErrors: true, Errors: [], UserInfo: 'nope' } },
    });
    await expect(createApiClient().get('api/Profile', ProfileResponse)).rejects.toMatchObject({
      code: 'InvalidResponse',
    });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createApiClient().get('api/Profile', z.unknown())).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
    });
    vi.unstubAllGlobals();
  });

  it('asks for a logout with reason unauthorized when the first error is Unauthorized', async () => {
    stubFetch({ 'GET /api/accountList': UNAUTHORIZED });
    const api = createApiClient();
    const onLogout = vi.fn();
    api.onLogoutRequired(onLogout);

    await expect(api.get('api/accountList', Envelope)).rejects.toMatchObject({ status: 401 });
    expect(onLogout).toHaveBeenCalledWith('unauthorized');
  });

  it('does not ask for a logout when the caller probes the session', async () => {
    stubFetch({ 'GET /api/Profile': UNAUTHORIZED });
    const api = createApiClient();
    const onLogout = vi.fn();
    const unsubscribe = api.onLogoutRequired(onLogout);

    await expect(api.get('api/Profile', Envelope, { ignoreUnauthorized: true })).rejects.toThrow();
    unsubscribe();
    await expect(api.get('api/Profile', Envelope)).rejects.toThrow();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('never writes to localStorage or sessionStorage', async () => {
    stubFetch({ 'GET /api/Profile': { body: profileBody() } });
    const api = createApiClient();
    api.setSessionHeaders({ servicingBranch: '7', userToken: 'secret-token' });
    await api.get('api/Profile', ProfileResponse);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
