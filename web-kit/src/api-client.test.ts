import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, EARLY_READ_MS, HttpError } from './api-client';
import { stubFetch } from './testing/fetch-stub';

/** An app's error for these tests: the status and the `code` of a `{ code }` answer. */
class TestError extends HttpError {
  readonly code: string;

  constructor(status: number, code: string, options?: { cause?: unknown }) {
    super(status, code, options);
    this.code = code;
  }
}

const Answer = z.object({ value: z.string() });
const NOT_FOUND = { status: 404, body: { code: 'NotFound' } };

function codeOf(body: unknown): string {
  const parsed = z.object({ code: z.string() }).safeParse(body);
  return parsed.success ? parsed.data.code : 'Unknown';
}

function testClient(
  options: { url?: (path: string) => string; headers?: (h: Headers) => void } = {},
) {
  return createApiClient<TestError>({
    ...options,
    failure: (response, body) =>
      response.ok ? undefined : new TestError(response.status, codeOf(body)),
    clientError: (status, code, cause) => new TestError(status, code, { cause }),
    isUnauthorized: (error) => error.status === 401,
  });
}

describe('createApiClient', () => {
  it('sends the CSRF header and same-origin credentials on a POST, but no CSRF header on a GET', async () => {
    const server = stubFetch(
      { 'POST /api/save': { body: { value: 'saved' } }, 'GET /api/read': { body: { value: 'a' } } },
      NOT_FOUND,
    );
    const api = testClient();

    await api.post('/api/save', { name: 'x' }, Answer);
    await api.get('/api/read', Answer);

    const [post] = server.requestsTo('POST /api/save');
    expect(post?.headers.get('X-Requested-With')).toBe('portal');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.headers.get('Accept')).toBe('application/json');
    expect(post?.body).toEqual({ name: 'x' });
    expect(post?.credentials).toBe('same-origin');
    const [get] = server.requestsTo('GET /api/read');
    expect(get?.headers.has('X-Requested-With')).toBe(false);
    expect(get?.credentials).toBe('same-origin');
  });

  it('sends a call that may outlive the page only when asked, with the CSRF header still on', async () => {
    const server = stubFetch({ 'POST /api/report': { body: { value: 'kept' } } }, NOT_FOUND);
    const api = testClient();

    await api.post('/api/report', { a: 1 }, Answer, { keepalive: true });
    await api.post('/api/report', { a: 2 }, Answer);

    const [kept, plain] = server.requestsTo('POST /api/report');
    expect(kept?.keepalive).toBe(true);
    expect(kept?.headers.get('X-Requested-With')).toBe('portal');
    expect(plain?.keepalive).toBe(false);
  });

  it('sends PUT, PATCH and DELETE with the CSRF header, and DELETE without a body', async () => {
    const server = stubFetch(
      {
        'PUT /api/item': { body: { value: 'put' } },
        'PATCH /api/item': { body: { value: 'patched' } },
        'DELETE /api/item': { body: { value: 'deleted' } },
      },
      NOT_FOUND,
    );
    const api = testClient();

    await expect(api.put('/api/item', { a: 1 }, Answer)).resolves.toEqual({ value: 'put' });
    await expect(api.patch('/api/item', undefined, Answer)).resolves.toEqual({ value: 'patched' });
    await expect(api.delete('/api/item?id=7', Answer)).resolves.toEqual({ value: 'deleted' });

    const [put, patch, removal] = server.requests;
    expect(put?.body).toEqual({ a: 1 });
    expect(patch?.body).toEqual({});
    expect(removal?.search).toBe('?id=7');
    expect(removal?.body).toBeFalsy();
    expect(removal?.headers.has('Content-Type')).toBe(false);
    for (const request of server.requests) {
      expect(request.headers.get('X-Requested-With')).toBe('portal');
    }
  });

  it('uploads a form as it is, leaving the content type to the browser', async () => {
    const server = stubFetch({ 'POST /api/upload': { body: { value: 'stored' } } }, NOT_FOUND);
    const form = new FormData();
    form.set('file', new Blob(['logo']), 'logo.svg');

    await testClient().postForm('/api/upload', form, Answer);

    const [upload] = server.requestsTo('POST /api/upload');
    expect(upload?.body).toBe(form);
    expect(upload?.headers.has('Content-Type')).toBe(false);
    expect(upload?.headers.get('X-Requested-With')).toBe('portal');
  });

  it('sends a call’s own headers (a submit’s Idempotency-Key) without letting them replace its own', async () => {
    const server = stubFetch({ 'POST /api/submit': { body: { value: 'ok' } } }, NOT_FOUND);

    await testClient().post('/api/submit', {}, Answer, {
      headers: { 'Idempotency-Key': 'attempt-0001', 'X-Requested-With': 'forged' },
    });

    const [submit] = server.requestsTo('POST /api/submit');
    expect(submit?.headers.get('Idempotency-Key')).toBe('attempt-0001');
    expect(submit?.headers.get('X-Requested-With')).toBe('portal');
  });

  it('fetches the URL the app makes of the path, with the app’s own headers', async () => {
    const server = stubFetch({ 'GET /base/api/read': { body: { value: 'a' } } }, NOT_FOUND);
    const api = testClient({
      url: (path) => `/base/${path}`,
      headers: (headers) => headers.set('ServicingBranch', '7'),
    });

    await api.get('api/read', Answer);

    const [read] = server.requestsTo('GET /base/api/read');
    expect(read?.headers.get('ServicingBranch')).toBe('7');
  });

  it('reads a text answer, one sent as a JSON string as its value, and the JSON of a refused one', async () => {
    stubFetch(
      {
        'POST /api/token': { body: 'token-1' },
        'GET /api/token': { status: 404, body: { code: 'NoToken' } },
      },
      NOT_FOUND,
    );
    const api = testClient();

    await expect(api.post('/api/token', {}, z.string(), { text: true })).resolves.toBe('token-1');
    await expect(api.get('/api/token', z.string(), { text: true })).rejects.toMatchObject({
      status: 404,
      code: 'NoToken',
    });
  });

  it('throws the app’s error for a refused answer', async () => {
    stubFetch({ 'GET /api/read': { status: 403, body: { code: 'Forbidden' } } }, NOT_FOUND);

    const failure = testClient().get('/api/read', Answer);

    await expect(failure).rejects.toBeInstanceOf(TestError);
    await expect(failure).rejects.toMatchObject({ status: 403, code: 'Forbidden' });
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch({ 'GET /api/read': { body: { value: 7 } } }, NOT_FOUND);

    await expect(testClient().get('/api/read', Answer)).rejects.toMatchObject({
      status: 200,
      code: 'InvalidResponse',
    });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    await expect(testClient().get('/api/read', z.unknown())).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
    });
    vi.unstubAllGlobals();
  });

  it('passes on the abort of a cancelled call instead of calling it a network failure', async () => {
    stubFetch({ 'GET /api/read': { body: { value: 'a' } } }, NOT_FOUND);
    const controller = new AbortController();
    controller.abort();

    await expect(
      testClient().get('/api/read', Answer, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('tells the listeners when a call finds the session gone, unless the call probes the session', async () => {
    stubFetch({ 'GET /api/me': { status: 401, body: { code: 'Unauthenticated' } } }, NOT_FOUND);
    const api = testClient();
    const onUnauthorized = vi.fn();
    const unsubscribe = api.onUnauthorized(onUnauthorized);

    await expect(api.get('/api/me', Answer, { ignoreUnauthorized: true })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api.get('/api/me', Answer)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    unsubscribe();
    await expect(api.get('/api/me', Answer)).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('answers the first read of a path asked for early with that one request, and the next anew', async () => {
    const server = stubFetch({ 'GET /api/read': { body: { value: 'a' } } }, NOT_FOUND);
    const api = testClient({ headers: (headers) => headers.set('X-App', 'portal') });

    api.prefetch('/api/read');
    api.prefetch('/api/read');
    expect(server.requestsTo('GET /api/read')).toHaveLength(1);
    await expect(api.get('/api/read', Answer)).resolves.toEqual({ value: 'a' });
    expect(server.requestsTo('GET /api/read')).toHaveLength(1);
    // Asked for with the app's headers, as the read itself would be.
    expect(server.requestsTo('GET /api/read')[0]?.headers.get('X-App')).toBe('portal');
    await api.get('/api/read', Answer);
    expect(server.requestsTo('GET /api/read')).toHaveLength(2);
  });

  it('asks again when the early read failed, or is older than a page start', async () => {
    const server = stubFetch({ 'GET /api/read': { body: { value: 'a' } } }, NOT_FOUND);
    const api = testClient();
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    api.prefetch('/api/read');
    vi.spyOn(Date, 'now').mockReturnValue(1_000 + EARLY_READ_MS + 1);
    await api.get('/api/read', Answer);
    expect(server.requestsTo('GET /api/read')).toHaveLength(2);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('offline')));
    api.prefetch('/api/other');
    vi.unstubAllGlobals();
    const again = stubFetch({ 'GET /api/other': { body: { value: 'b' } } }, NOT_FOUND);
    await expect(api.get('/api/other', Answer)).resolves.toEqual({ value: 'b' });
    expect(again.requestsTo('GET /api/other')).toHaveLength(1);
  });

  it('drops the early reads not yet taken when asked (a session ended)', async () => {
    const server = stubFetch({ 'GET /api/read': { body: { value: 'a' } } }, NOT_FOUND);
    const api = testClient();
    api.prefetch('/api/read');
    api.dropEarlyReads();
    await api.get('/api/read', Answer);
    expect(server.requestsTo('GET /api/read')).toHaveLength(2);
  });

  it('leaves an early read to the next caller when its own was aborted or carries its own headers', async () => {
    const server = stubFetch({ 'GET /api/read': { body: { value: 'a' } } }, NOT_FOUND);
    const api = testClient();
    api.prefetch('/api/read');
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/api/read', Answer, { signal: controller.signal })).rejects.toMatchObject(
      { name: 'AbortError' },
    );
    await api.get('/api/read', Answer, { headers: { 'X-Own': '1' } });
    expect(server.requestsTo('GET /api/read')).toHaveLength(2);
    // The early read is still there for a plain call.
    await expect(api.get('/api/read', Answer)).resolves.toEqual({ value: 'a' });
    expect(server.requestsTo('GET /api/read')).toHaveLength(2);
  });
});
