import { ProfileDataResponse, UpdateUserInfoResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf, mailTo } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import {
  DEMO_PASSWORD_FOR_TESTS as PASSWORD,
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';

const FIREFOX_TABLET = 'Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0';

describe.each(testDatabases())('the alerts of requests on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function signInFrom(username: string, userAgent: string) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, 'user-agent': userAgent },
      payload: { username, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  }

  async function chooseEmailAlert(username: string, key: string, on: boolean) {
    const { cookie } = await signIn(test.app, { username });
    const profile = ProfileDataResponse.parse(
      (await test.app.inject({ method: 'GET', url: '/api/Profile', headers: { cookie } })).json(),
    );
    const saved = await test.app.inject({
      method: 'POST',
      url: '/api/Profile/UpdateNotifications',
      headers: { ...PORTAL_WRITE_HEADERS, cookie },
      payload: {
        SequenceNumber: profile.UserAlertsInfo?.sequenceNumber ?? 0,
        TurnOffAllAlerts: false,
        AlertsAreDirty: true,
        EmailAlerts: { [key]: on },
      },
    });
    expect(saved.json()).toMatchObject({ HasNoErrors: true });
  }

  it('tells a sign-in from a new device once, and never when the alert is off', async () => {
    await chooseEmailAlert('jordan.rivers', 'UserLogsOn', true);
    await signInFrom('jordan.rivers', FIREFOX_TABLET);
    // The same device again (a newer version of the browser): not new.
    await signInFrom('jordan.rivers', FIREFOX_TABLET.replace(/125/g, '126'));
    const notices = (await mailTo(test, 'jordan.rivers@example.test')).filter((message) =>
      /a sign-in from a new device/.test(message.subject),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Harbor Community Bank: a sign-in from a new device');
    expect(notices[0]?.body).toMatch(
      /^Your online account jordan\.rivers was signed in to from Firefox on Android tablet on March 14, 2025 at \d{1,2}:\d{2} [AP]M E[DS]T\./,
    );

    // Pat never chose the alert (it is off by default).
    await signInFrom('pat.lee', FIREFOX_TABLET);
    const patMail = await mailTo(test, 'pat.lee@example.test');
    expect(patMail.some((message) => /new device/.test(message.subject))).toBe(false);
  });

  it('tells a lock after too many wrong passwords once (on by default), and not when the alert is off', async () => {
    const guess = (username: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/login/userlogin',
        remoteAddress: nextClientAddress(),
        headers: PORTAL_WRITE_HEADERS,
        payload: { username, password: 'not-the-password-1' },
      });
    const locks = async (email: string) =>
      (await mailTo(test, email)).filter((message) => /account is locked/.test(message.subject));
    await chooseEmailAlert('robin.hale', 'RestrictedPasswordViolation', false);
    // The default policy locks on the fifth wrong password; two more are refused as locked.
    for (let attempt = 0; attempt < 7; attempt += 1) {
      await guess('riley.chen');
      await guess('robin.hale');
    }
    const notices = await locks('riley.chen@example.test');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Harbor Community Bank: your online account is locked');
    expect(notices[0]?.body).toMatch(
      /^Your online account riley\.chen was locked on March 14, 2025 at \d{1,2}:\d{2} [AP]M E[DS]T after too many wrong passwords\./,
    );
    expect(notices[0]?.body).not.toContain('not-the-password-1');
    expect(await locks('robin.hale@example.test')).toHaveLength(0);
  });

  it('tells a password change once (on by default), and not when the alert is off', async () => {
    const change = async (username: string, from: string, to: string) => {
      const { cookie } = await signIn(test.app, { username, password: from });
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/Profile/UpdateUserInfo',
        headers: { ...PORTAL_WRITE_HEADERS, cookie },
        payload: { UserInfo: { OldPassword: from, NewPassword: to, ConfirmNewPassword: to } },
      });
      expect(UpdateUserInfoResponse.parse(response.json()).HasNoErrors).toBe(true);
    };
    const noticesTo = async (email: string) =>
      (await mailTo(test, email)).filter((message) =>
        /your password was changed/.test(message.subject),
      );

    await change('devon.hayes', PASSWORD, 'Harbor-Lights-42');
    const notices = await noticesTo('devon.hayes@example.test');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toBe(
      'The password of your online account devon.hayes was changed on March 14, 2025. If you did not do this, contact Harbor Community Bank right away.',
    );
    expect(notices[0]?.body).not.toContain('Harbor-Lights-42');

    // Casey has an e-mail address (sky.bennett, asked before, has none: it proved nothing).
    await chooseEmailAlert('casey.morgan', 'PasswordChanged', false);
    await change('casey.morgan', PASSWORD, 'Harbor-Lights-43');
    expect(await noticesTo('casey.morgan@example.test')).toHaveLength(0);
  });

  it('tells a login name change once (on by default), and not when the alert is off', async () => {
    const rename = async (username: string, to: string) => {
      const { cookie } = await signIn(test.app, { username });
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/Profile/UpdateUserInfo',
        headers: { ...PORTAL_WRITE_HEADERS, cookie },
        payload: { UserInfo: { LogonName: to } },
      });
      expect(UpdateUserInfoResponse.parse(response.json()).HasNoErrors).toBe(true);
    };
    const noticesTo = async (email: string) => {
      // The delivery run twice: a second run sends nothing again.
      await test.app.services.outbox.runOnce();
      await test.app.services.outbox.runOnce();
      const institutionId = await institutionIdOf(test);
      return (await test.app.services.mail.delivered({ institutionId, to: email })).filter(
        (message) => /your login name was changed/.test(message.subject),
      );
    };

    await rename('pat.lee', 'pat.lee.renamed');
    // Saving the same name again changes nothing and tells nothing.
    await rename('pat.lee.renamed', 'pat.lee.renamed');
    const notices = await noticesTo('pat.lee@example.test');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Harbor Community Bank: your login name was changed');
    expect(notices[0]?.body).toBe(
      'The login name of your online account was changed to pat.lee.renamed on March 14, 2025. If you did not do this, contact Harbor Community Bank right away.',
    );

    await chooseEmailAlert('jordan.rivers', 'LogonNameChange', false);
    await rename('jordan.rivers', 'jordan.rivers.renamed');
    expect(await noticesTo('jordan.rivers@example.test')).toHaveLength(0);
  });
});
