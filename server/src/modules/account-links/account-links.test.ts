import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { findBorrowerByUsername } from '../borrowers/users.repository';
import { DEMO_ACTIVATION_HOLDER, DEMO_ACTIVATION_USERNAME } from '../../demo/account-holders.demo';
import { portalOrigin } from '../../plugins/request-context';
import { issueLinkToken } from './links';
import { firstErrorOf, institutionIdOf, linkTokenFor, postJson } from '../../testing/account-flows';

describe('portalOrigin', () => {
  it('keeps the host name and a numeric port only, so a link never leads to another site', () => {
    expect(portalOrigin({ host: 'localhost:3000', protocol: 'http' })).toBe(
      'http://localhost:3000',
    );
    expect(portalOrigin({ host: 'Harbor.Example', protocol: 'https' })).toBe(
      'https://harbor.example',
    );
    expect(portalOrigin({ host: 'localhost:1@evil.example', protocol: 'http' })).toBe(
      'http://localhost',
    );
    expect(portalOrigin({ host: '[::1]:8080', protocol: 'http' })).toBe('http://[::1]:8080');
  });
});

describe.each(testDatabases())('verify e-mail and opt-out links on $name', (testDatabase) => {
  let test: TestApp;
  let institutionId: number;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    institutionId = await institutionIdOf(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function sam() {
    const user = await findBorrowerByUsername(
      test.database.db,
      institutionId,
      DEMO_ACTIVATION_USERNAME,
    );
    if (!user) throw new Error('sam.taylor is not seeded');
    return user;
  }

  it('opts the user of the link out of e-mail, and the link keeps working', async () => {
    const token = await linkTokenFor(test, DEMO_ACTIVATION_HOLDER.email, 'opt-out?token=');
    expect((await sam()).email_opt_out).toBe(false);
    const first = await postJson(test, '/api/OptOut/OptOut', { EmailAddress: token });
    expect(first).toEqual({ status: 200, body: { HasNoErrors: true, Errors: [] } });
    expect((await sam()).email_opt_out).toBe(true);
    const again = await postJson(test, '/api/OptOut/OptOut', { EmailAddress: token });
    expect(again.status).toBe(200);
  });

  it('refuses an unknown or empty opt-out token and changes nothing', async () => {
    const jordanBefore = await findBorrowerByUsername(
      test.database.db,
      institutionId,
      'jordan.rivers',
    );
    for (const token of ['not-a-real-token', '']) {
      const result = await postJson(test, '/api/OptOut/OptOut', { EmailAddress: token });
      expect(result.status).toBe(403);
      expect(firstErrorOf(result.body)).toBe('Invalid');
    }
    const jordanAfter = await findBorrowerByUsername(
      test.database.db,
      institutionId,
      'jordan.rivers',
    );
    expect(jordanAfter?.email_opt_out).toBe(jordanBefore?.email_opt_out);
  });

  it('does not accept an opt-out token of another institution', async () => {
    const token = await linkTokenFor(test, DEMO_ACTIVATION_HOLDER.email, 'opt-out?token=');
    const result = await postJson(
      test,
      '/api/OptOut/OptOut',
      { EmailAddress: token },
      {
        host: 'summit.localhost',
      },
    );
    expect(result.status).toBe(403);
  });

  it('verifies the e-mail address once, and the link expires', async () => {
    const user = await sam();
    expect(user.email_verified).toBe(false);
    const issue = (lifetimeMs: number) =>
      issueLinkToken(test.database.db, {
        institutionId,
        userId: user.id,
        purpose: 'verifyEmail',
        lifetimeMs,
        at: test.clock.now(),
      });
    const expiring = await issue(60_000);
    test.clock.advance(60_001);
    const expired = await postJson(test, '/api/Login/ValidateEmail', {
      EncryptedUserData: expiring,
    });
    expect(expired.status).toBe(403);
    expect((await sam()).email_verified).toBe(false);

    const token = await issue(3_600_000);
    const verified = await postJson(test, '/api/Login/ValidateEmail', { EncryptedUserData: token });
    expect(verified).toEqual({ status: 200, body: { HasNoErrors: true, Errors: [] } });
    expect((await sam()).email_verified).toBe(true);

    const reused = await postJson(test, '/api/Login/ValidateEmail', { EncryptedUserData: token });
    expect(reused.status).toBe(403);
    expect(firstErrorOf(reused.body)).toBe('Invalid');
  });

  it('refuses a verify link without a token', async () => {
    const result = await postJson(test, '/api/Login/ValidateEmail', { EncryptedUserData: '' });
    expect(result.status).toBe(403);
  });
});
