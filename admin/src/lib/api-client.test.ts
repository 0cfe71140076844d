import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../testing/fetch-stub';
import { adminPath, api, ApiError, errorMessage } from './api-client';

describe('the admin app’s api client', () => {
  it('calls the admin API’s paths as given, each segment encoded', async () => {
    const server = stubFetch({ 'GET /admin-api/institutions/harbor%20bank/drafts': { body: [] } });

    await api.get(adminPath('institutions', 'harbor bank', 'drafts'), z.array(z.unknown()));

    expect(server.requestsTo('GET /admin-api/institutions/harbor%20bank/drafts')).toHaveLength(1);
  });

  it('reads the admin API’s error: its code, its sentence and the problems it names', async () => {
    stubFetch({
      'PUT /admin-api/institutions/harbor/theme': {
        status: 422,
        body: {
          error: {
            code: 'ValidationFailed',
            message: 'Some settings are not valid.',
            details: [{ key: 'login.title', message: 'Too long.' }],
          },
        },
      },
    });

    const failure = api.put(adminPath('institutions', 'harbor', 'theme'), {}, z.unknown());

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 422,
      code: 'ValidationFailed',
      message: 'Some settings are not valid.',
      details: [{ key: 'login.title', message: 'Too long.' }],
    });
  });

  it('asks to sign in again on a 401 without an error, and tells the listeners the session is gone', async () => {
    stubFetch({ 'GET /admin-api/audit': { status: 401 } });
    const onUnauthorized = vi.fn();
    const unsubscribe = api.onUnauthorized(onUnauthorized);

    await expect(api.get('/admin-api/audit', z.unknown())).rejects.toMatchObject({
      status: 401,
      code: 'Unauthenticated',
      message: 'Please sign in again.',
    });
    await expect(
      api.get('/admin-api/audit', z.unknown(), { ignoreUnauthorized: true }),
    ).rejects.toThrow();
    unsubscribe();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('names the status of a failure the admin API did not describe', async () => {
    stubFetch({ 'POST /admin-api/publish': { status: 502 } });

    const failure = api.post('/admin-api/publish', {}, z.unknown());

    await expect(failure).rejects.toMatchObject({ status: 502, code: 'ServerError' });
    expect(errorMessage(await failure.catch((error: unknown) => error))).toBe(
      'The server could not do this (status 502). Please try again.',
    );
  });

  it('says so in words when the server cannot be reached or sends what the app does not understand', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/admin-api/me', z.unknown())).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
      message: 'The server cannot be reached. Check the connection and try again.',
    });
    vi.unstubAllGlobals();

    stubFetch({ 'GET /admin-api/me': { body: { id: 7 } } });
    await expect(api.get('/admin-api/me', z.object({ id: z.string() }))).rejects.toMatchObject({
      status: 200,
      code: 'InvalidResponse',
      message: 'The server sent an answer this app does not understand.',
    });
  });
});
