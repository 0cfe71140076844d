import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const cwd = '/srv/portal';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, { cwd });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => problem.variable);
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({}, { cwd });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve(cwd, 'data'),
      pgliteDir: resolve(cwd, 'data/pglite'),
      cdnDir: resolve(cwd, 'data/cdn'),
      documentsDir: resolve(cwd, 'data/documents'),
      databaseUrl: undefined,
      logLevel: 'info',
      demoMode: true,
      cookieSecure: false,
      trustProxy: false,
      production: false,
    });
    expect(config.portalDist).toMatch(/portal[/\\]dist$/);
    expect(config.adminDist).toMatch(/admin[/\\]dist$/);
  });

  it('turns demo mode off and secure cookies on in production', () => {
    const config = loadConfig({ NODE_ENV: 'production' }, { cwd });
    expect(config.demoMode).toBe(false);
    expect(config.cookieSecure).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://portal@db:5432/portal',
        LOG_LEVEL: 'WARN',
        DEMO_MODE: 'false',
        COOKIE_SECURE: 'true',
        TRUST_PROXY: '2',
        PORTAL_DIST: '/opt/portal',
        ADMIN_DIST: 'admin-build',
      },
      { cwd },
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve(cwd, 'var/data'),
      databaseUrl: 'postgres://portal@db:5432/portal',
      logLevel: 'warn',
      demoMode: false,
      cookieSecure: true,
      trustProxy: 2,
      portalDist: '/opt/portal',
      adminDist: resolve(cwd, 'admin-build'),
    });
  });

  it('keeps uploaded documents in DOCUMENTS_DIR, never in or around a folder the server serves', () => {
    expect(loadConfig({ DOCUMENTS_DIR: '/mnt/shared/documents' }, { cwd }).documentsDir).toBe(
      '/mnt/shared/documents',
    );
    expect(loadConfig({ DATA_DIR: 'var/data' }, { cwd }).documentsDir).toBe(
      resolve(cwd, 'var/data/documents'),
    );
    for (const inside of ['data/cdn/uploads', 'data', '/', '/opt/portal/files']) {
      expect(problemsOf({ DOCUMENTS_DIR: inside, PORTAL_DIST: '/opt/portal' }), inside).toEqual([
        'DOCUMENTS_DIR',
      ]);
    }
  });

  it('treats an empty value as unset (the e2e runner clears DATABASE_URL that way)', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }, { cwd })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });

  it('accepts a list of proxy addresses for TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, { cwd }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['DEMO_MODE', 'maybe'],
    ['COOKIE_SECURE', 'sometimes'],
    ['TRUST_PROXY', 'everyone!'],
  ])('names %s when it is %j', (variable, value) => {
    expect(() => loadConfig({ [variable]: value }, { cwd })).toThrow(
      new RegExp(`${variable}: .*\\(got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\)`),
    );
  });

  it('starts the demo clock at DEMO_CLOCK_START, in demo mode only', () => {
    expect(loadConfig({}, { cwd }).clockStart).toBeUndefined();
    expect(loadConfig({ DEMO_CLOCK_START: '2026-11-27T15:00:00Z' }, { cwd }).clockStart).toEqual(
      new Date('2026-11-27T15:00:00Z'),
    );
    expect(problemsOf({ DEMO_CLOCK_START: 'tomorrow' })).toEqual(['DEMO_CLOCK_START']);
    expect(problemsOf({ DEMO_CLOCK_START: '2026-11-27' })).toEqual(['DEMO_CLOCK_START']);
    expect(problemsOf({ DEMO_CLOCK_START: '2026-11-27T15:00:00Z', DEMO_MODE: 'false' })).toEqual([
      'DEMO_CLOCK_START',
    ]);
  });

  it('names a bad DATABASE_URL without echoing it (it carries a password)', () => {
    const url = 'mysql://portal:hunter2@db/portal';
    expect(() => loadConfig({ DATABASE_URL: url }, { cwd })).toThrow(/DATABASE_URL: .*not shown/);
    expect(() => loadConfig({ DATABASE_URL: url }, { cwd })).not.toThrow(/hunter2/);
  });

  it('keeps the demo off on any address but loopback unless DEMO_MODE=true, with a warning', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      const config = loadConfig({ HOST: host }, { cwd });
      expect(config.demoMode, host).toBe(true);
      expect(config.warnings, host).toEqual([]);
    }
    for (const host of ['0.0.0.0', '::', '10.1.2.3', 'portal.internal']) {
      expect(loadConfig({ HOST: host }, { cwd }).demoMode, host).toBe(false);
    }
    const asked = loadConfig({ HOST: '0.0.0.0', DEMO_MODE: 'true' }, { cwd });
    expect(asked.demoMode).toBe(true);
    expect(asked.warnings.join(' ')).toMatch(/DEMO_MODE=true on 0\.0\.0\.0/);
  });

  it('makes cookies Secure by default, allowing plain http only on loopback', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }, { cwd }).cookieSecure).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1' }, { cwd }).cookieSecure).toBe(false);
    expect(problemsOf({ HOST: '0.0.0.0', COOKIE_SECURE: 'false' })).toEqual(['COOKIE_SECURE']);
    expect(loadConfig({ HOST: '127.0.0.1', COOKIE_SECURE: 'true' }, { cwd }).cookieSecure).toBe(
      true,
    );
  });

  it('refuses TRUST_PROXY=true, which would believe any client X-Forwarded-For', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual(['TRUST_PROXY']);
    expect(loadConfig({ TRUST_PROXY: '0' }, { cwd }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, { cwd }).trustProxy).toBe(1);
  });

  it.each([
    '0.0.0.0/0',
    '::/0',
    '10.0.0.1, 0.0.0.0/0',
    '0.0.0.0/1',
    '128.0.0.0/1',
    '0.0.0.0/0.0.0.0',
    '::ffff:0:0/96',
    '2000::/3',
    '10.0.0.0/33',
    '10.0.0.0/255.0.255.0',
    '10.0.0.0/8/8',
    '10.0.0.1,,10.0.0.2',
    'fade',
  ])('refuses TRUST_PROXY=%j, which trusts (almost) anyone or is no range', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual(['TRUST_PROXY']);
  });

  it.each([
    '10.0.0.0/8',
    '10.0.0.0/255.0.0.0',
    '172.16.0.0/12, 192.168.0.0/16',
    '127.0.0.1',
    '::1',
    '2400:cb00::/32',
    '::ffff:10.0.0.0/104',
    'loopback, uniquelocal',
  ])('accepts TRUST_PROXY=%j, a list of proxies', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }, { cwd }).trustProxy).toBe(value);
  });

  it('says why a range is refused', () => {
    expect(() => loadConfig({ TRUST_PROXY: '::/0' }, { cwd })).toThrow(
      /TRUST_PROXY: .*"::\/0" is wider than \/16: it would trust any client's X-Forwarded-For, like true/,
    );
  });

  it('reads ADMIN_ORIGINS as a list of origins and refuses anything else', () => {
    expect(
      loadConfig({ ADMIN_ORIGINS: 'https://admin.bank.example, http://ops.local:8080' }, { cwd })
        .adminOrigins,
    ).toEqual(['https://admin.bank.example', 'http://ops.local:8080']);
    expect(problemsOf({ ADMIN_ORIGINS: 'https://admin.bank.example/path' })).toEqual([
      'ADMIN_ORIGINS',
    ]);
    expect(problemsOf({ ADMIN_ORIGINS: 'admin.bank.example' })).toEqual(['ADMIN_ORIGINS']);
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: '-1', LOG_LEVEL: 'chatty' })).toEqual(['PORT', 'LOG_LEVEL']);
  });
});
