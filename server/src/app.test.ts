import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, isResourceType } from './plugins/security-headers';
import { testDatabases } from './testing/databases';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from './testing/test-app';

describe.each(testDatabases())('the HTTP shell on $name', (testDatabase) => {
  let test: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    test = await startTestApp(testDatabase, {
      logger: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    });
    test.app.get('/api/test/explode', async () => {
      throw new Error('connection to 10.0.0.5 refused: password=hunter2');
    });
    test.app.get('/api/test/bad-query', async () => {
      // A statement that fails in the database with a secret among its bound values.
      await sql`select * from no_such_table where secret = ${'4242424242424242'}`.execute(
        test.database.db,
      );
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers a body that breaks the contract with 400 InvalidRequest and one entry per problem', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/ClientError',
      headers: PORTAL_WRITE_HEADERS,
      payload: { Message: 42, Stack: 'x'.repeat(20_001) },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.HasNoErrors).toBe(false);
    expect(body.Errors[0]).toEqual({ ErrorMessage: 'InvalidRequest' });
    expect(body.Errors).toHaveLength(3);
    expect(body.Errors[1].ErrorMessage).toMatch(/^body\.Message: /);
    expect(body.Errors[2].ErrorMessage).toMatch(/^body\.Stack: /);
  });

  it('answers malformed JSON with 400 InvalidRequest and does not echo the body', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      headers: { ...PORTAL_WRITE_HEADERS, 'content-type': 'application/json' },
      payload: '{"username":"pat.lee","password":"Secret-123"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'InvalidRequest' }],
    });
  });

  it('answers an unknown API route with 404 NotFound', async () => {
    const response = await test.app.inject({ url: '/api/NoSuchCall' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] });
  });

  it('answers a failure with 500 ServerError, keeping the details in the log under the request id', async () => {
    const response = await test.app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'ServerError' }],
    });
    expect(response.body).not.toMatch(/10\.0\.0\.5|hunter2|Error:/);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.reqId === requestId && entry.level === 50);
    expect(logged?.err?.message).toContain('connection to 10.0.0.5 refused');
  });

  it('logs a failing query without its statement or bound values', async () => {
    const response = await test.app.inject({ url: '/api/test/bad-query' });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    const lines = logLines.filter((line) => line.includes(String(requestId)));
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    expect(logged?.err?.message).toMatch(/no_such_table/);
    const text = lines.join('\n');
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toMatch(/select \* from/i);
  });

  it('checks the CSRF header and no-store on the path the router matched, not the raw URL', async () => {
    const post = await test.app.inject({
      method: 'POST',
      url: '/%61pi/login/userlogin',
      payload: { username: 'pat.lee', password: 'Demo-Pass-2024' },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().Errors[0].ErrorMessage).toBe('MissingRequestedWithHeader');
    const get = await test.app.inject({ url: '/%61pi/MaintenanceMode' });
    expect(get.statusCode).toBe(200);
    expect(get.headers['cache-control']).toBe('no-store');
  });

  it('puts the resource headers and no-store on API answers, errors included', async () => {
    for (const url of ['/api/MaintenanceMode', '/api/NoSuchCall', '/api/test/explode']) {
      const response = await test.app.inject({ url });
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      // Page policies act on documents only; a JSON answer goes without them.
      expect(response.headers['permissions-policy']).toBeUndefined();
    }
  });

  it('puts every page header on answers that are not a known resource type', () => {
    expect(isResourceType('application/json; charset=utf-8')).toBe(true);
    expect(isResourceType('application/javascript; charset=utf-8')).toBe(true);
    expect(isResourceType('image/png')).toBe(true);
    for (const page of [
      'text/html; charset=utf-8',
      'image/svg+xml',
      'application/pdf',
      undefined,
    ]) {
      expect(isResourceType(page)).toBe(false);
    }
  });

  it('allows scripts only from the own origin', () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find((part) =>
      part.startsWith('script-src'),
    );
    expect(scriptSrc).toBe("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it('refuses a state-changing API call without the X-Requested-With header', async () => {
    for (const headers of [{}, { 'x-requested-with': 'XMLHttpRequest' }]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/login/userlogin',
        headers,
        payload: { username: 'pat.lee', password: 'Demo-Pass-2024' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'MissingRequestedWithHeader' }],
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const read = await test.app.inject({ url: '/api/MaintenanceMode' });
    expect(read.statusCode).toBe(200);
  });

  it('never logs passwords, session tokens or credential headers', async () => {
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin?debug=token-in-query',
      headers: { ...PORTAL_WRITE_HEADERS, 'x-session-transport': 'header' },
      payload: { username: 'pat.lee', password: 'Demo-Pass-2024' },
    });
    const token: string = signIn.json().UserToken;
    await test.app.inject({
      url: '/api/Profile',
      headers: { usertoken: token, cookie: `portal_session=${token}`, authorization: 'Bearer x' },
    });
    const log = logLines.join('');
    expect(log).toContain('/api/login/userlogin');
    expect(log).not.toContain('Demo-Pass-2024');
    expect(log).not.toContain(token);
    expect(log).not.toContain('token-in-query');
  });

  it('publishes an OpenAPI document listing the API routes', async () => {
    const response = await test.app.inject({
      url: '/api/openapi.json',
      headers: { host: 'docs.example' },
    });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/setup/ApplicationOptions',
        '/api/Login/GetInstitutionOptions',
        '/api/MaintenanceMode',
        '/api/ClientError',
        '/api/Analytics/PageView',
        '/api/login/userlogin',
        '/api/Login/Logout',
        '/api/Login/CheckTokenExpiration',
        '/api/Login/LookupLoginFromToken',
        '/api/Profile',
        '/api/accountList',
        '/healthz',
        '/readyz',
      ]),
    );
    const login = document.paths['/api/login/userlogin'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'username',
    );
    // Money is described as the wire carries it, decimal dollars, in answers as in requests
    // (the schemas decode it to integer cents: domain api/money.ts).
    const accountList = document.paths['/api/accountList'].get;
    const item =
      accountList.responses['200'].content['application/json'].schema.properties.Accounts.items;
    expect(item.properties.Balance.type).toBe('number');
  });
});
