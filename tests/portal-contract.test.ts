import {
  AccountListResponse,
  ApplicationOptionsResponse,
  LoginResponse,
  MaintenanceModeResponse,
} from '@portal/domain';
import { startTestApp, testDatabases, type TestApp } from '@portal/server/testing';
import {
  createSettingsAccessor,
  listSettingDefinitions,
  SETTING_DEFINITIONS,
  type SettingKey,
} from '@portal/settings-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

/**
 * What the portal does at start-up and sign-in, end to end through the server: every answer
 * parses with the domain schema the portal uses, and the portal's settings accessor can read
 * every public key of what the server sends.
 */
describe.each(testDatabases())('the portal contract on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  it.each(['localhost', 'summit.localhost'])(
    'lets the portal read every public setting of %s through its accessor',
    async (host) => {
      const response = await test.app.inject({
        url: '/api/setup/ApplicationOptions',
        headers: { host },
      });
      const body = ApplicationOptionsResponse.parse(response.json());
      const settings = createSettingsAccessor(body.gassySettings);
      const publicKeys = listSettingDefinitions().filter(
        (definition) => definition.visibility === 'public' && definition.wire === 'gassySettings',
      );
      expect(publicKeys.length).toBeGreaterThan(0);
      for (const { key } of publicKeys) {
        // The generated key table and the schema must agree, or the portal could not read the key.
        expect(isSettingKey(key), key).toBe(true);
        if (isSettingKey(key)) expect(() => settings.get(key), key).not.toThrow();
      }
    },
  );

  it('signs in, lists accounts and reads maintenance mode in the shapes the portal parses', async () => {
    const headers = { 'x-requested-with': 'portal' };
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      headers,
      payload: { username: 'jordan.rivers', password: 'Demo-Pass-2024' },
    });
    const session = LoginResponse.parse(login.json());
    expect(session.IsLoggedIn).toBe(true);
    const cookie = login.cookies.find((candidate) => candidate.name === 'portal_session');

    const accounts = await test.app.inject({
      url: '/api/accountList',
      headers: { cookie: `portal_session=${cookie?.value ?? ''}` },
    });
    expect(AccountListResponse.parse(accounts.json()).Accounts.length).toBeGreaterThan(0);

    const maintenance = await test.app.inject({ url: '/api/MaintenanceMode' });
    expect(MaintenanceModeResponse.parse(maintenance.json()).isEnabled).toBe(false);
  });
});
