import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminError,
  ApplicationOptionsResponse,
  AuditListResponse,
  InstitutionSettingsResponse,
  type StaffRole,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  latestSecurityCode,
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';
import { argon2PasswordHasher } from '../../lib/passwords';
import { setStaffDisabled } from '../staff/staff.repository';
import { adminOriginOf } from '../previews/preview-tokens.routes';
import { STAFF_SESSION_COOKIE } from '../staff/staff.routes';
import { totpCode } from '../staff/totp';

const PASSWORD = 'Staff-Pass-2024!';
const WRITE = PORTAL_WRITE_HEADERS;

interface Staff {
  email: string;
  cookie: string;
}

function errorOf(response: LightMyRequestResponse) {
  return AdminError.parse(response.json()).error;
}

describe.each(testDatabases())('admin API on $name', (database) => {
  let test: TestApp;
  let cdnDir: string;
  const staff: Record<string, Staff> = {};
  const secrets = new Map<string, string>();

  async function institutionId(host: string): Promise<number> {
    const found = await test.app.services.institutions.resolveHost(host);
    if (!found) throw new Error(`no institution at ${host}`);
    return found.id;
  }

  async function createStaff(
    email: string,
    memberships: { host: string; role: StaffRole }[],
    isImplementer = false,
  ): Promise<void> {
    const created = await test.app.services.adminAuth.createStaff({
      email,
      name: email.split('@')[0] ?? email,
      password: PASSWORD,
      isImplementer,
      withTotp: true,
      memberships: await Promise.all(
        memberships.map(async ({ host, role }) => ({
          institutionId: await institutionId(host),
          role,
        })),
      ),
    });
    if (!created.totpSecret) throw new Error('no TOTP secret');
    secrets.set(email, created.totpSecret);
  }

  async function login(email: string, password = PASSWORD) {
    return test.app.inject({
      method: 'POST',
      url: '/admin-api/login',
      headers: WRITE,
      payload: { email, password },
    });
  }

  async function signInStaff(email: string): Promise<Staff> {
    const challenge = await login(email);
    expect(challenge.statusCode).toBe(200);
    const { challengeId, method } = challenge.json();
    expect(method).toBe('totp');
    // Each sign-in uses the next time step: an accepted code is never accepted again.
    test.clock.advance(30_000);
    const verify = await test.app.inject({
      method: 'POST',
      url: '/admin-api/login/verify',
      headers: WRITE,
      payload: { challengeId, code: totpCode(secrets.get(email) ?? '', test.clock.now()) },
    });
    expect(verify.statusCode).toBe(200);
    const cookie = verify.cookies.find((candidate) => candidate.name === STAFF_SESSION_COOKIE);
    if (!cookie) throw new Error('no staff cookie');
    return { email, cookie: `${STAFF_SESSION_COOKIE}=${cookie.value}` };
  }

  /** Signs everyone in again (after a test moved the clock past the idle expiry). */
  async function signInAll(): Promise<void> {
    staff.viewer = await signInStaff('viewer@harbor.test');
    staff.editor = await signInStaff('editor@harbor.test');
    staff.publisher = await signInStaff('publisher@harbor.test');
    staff.summit = await signInStaff('publisher@summit.test');
    staff.implementer = await signInStaff('implementer@portal.test');
  }

  function call(
    who: Staff | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    return test.app.inject({
      method,
      url,
      headers: { ...WRITE, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      ...(payload === undefined
        ? {}
        : {
            headers: {
              ...WRITE,
              'content-type': 'application/json',
              ...(who ? { cookie: who.cookie } : {}),
            },
          }),
    });
  }

  const patch = (who: Staff, slug: string, changes: unknown[]) =>
    call(who, 'PATCH', `/admin-api/institutions/${slug}/draft`, { changes });

  async function settingsOf(slug: string) {
    const response = await call(
      staff.implementer,
      'GET',
      `/admin-api/institutions/${slug}/settings`,
    );
    expect(response.statusCode).toBe(200);
    return InstitutionSettingsResponse.parse(response.json());
  }

  async function auditOf(slug: string) {
    const response = await call(staff.implementer, 'GET', `/admin-api/institutions/${slug}/audit`);
    expect(response.statusCode).toBe(200);
    // The configuration changes (implementers also see staff sign-in events).
    return AuditListResponse.parse(response.json()).entries.filter(
      (entry) => !entry.action.startsWith('staff.'),
    );
  }

  async function applicationOptions(host: string, previewToken?: string) {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/setup/ApplicationOptions',
      headers: { host, ...(previewToken ? { 'x-preview-token': previewToken } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return ApplicationOptionsResponse.parse(response.json());
  }

  beforeAll(async () => {
    cdnDir = mkdtempSync(join(tmpdir(), 'portal-admin-cdn-'));
    test = await startTestApp(database, { cdnDir });
    await createStaff('viewer@harbor.test', [{ host: 'localhost', role: 'viewer' }]);
    await createStaff('editor@harbor.test', [{ host: 'localhost', role: 'editor' }]);
    await createStaff('publisher@harbor.test', [{ host: 'localhost', role: 'publisher' }]);
    await createStaff('publisher@summit.test', [{ host: 'summit.localhost', role: 'publisher' }]);
    await createStaff('implementer@portal.test', [], true);
    await signInAll();
  }, 120_000);

  afterAll(async () => {
    await test?.close();
    rmSync(cdnDir, { recursive: true, force: true });
  });

  describe('the admin API, which each admin module registers its routes into', () => {
    it("gives every module's routes the staff session check, any host and the API's error answers", async () => {
      const oneRouteOfEachModule: ['GET' | 'POST', string][] = [
        ['GET', '/admin-api/me'], // staff
        ['GET', '/admin-api/institutions'], // institutions
        ['GET', '/admin-api/institutions/harbor/settings'], // admin (configuration)
        ['GET', '/admin-api/institutions/harbor/audit'], // audit
        ['GET', '/admin-api/institutions/harbor/branding/logos/logoFullWhite.svg'], // branding
        ['POST', '/admin-api/institutions/harbor/preview-token'], // previews
        ['GET', '/admin-api/no-such-route'], // none: the admin module's context answers it
      ];
      for (const [method, url] of oneRouteOfEachModule) {
        const response = await call(undefined, method, url);
        expect(response.statusCode, url).toBe(401);
        expect(errorOf(response).code, url).toBe('Unauthenticated');
      }
      const unknown = await call(staff.implementer, 'GET', '/admin-api/no-such-route');
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown)).toEqual({ code: 'NotFound', message: 'Not found.' });
      for (const url of [
        '/admin-api/staff',
        '/admin-api/institutions',
        '/admin-api/institutions/harbor/publish',
      ]) {
        const refused = await call(staff.implementer, 'POST', url, {});
        expect(refused.statusCode, url).toBe(400);
        expect(errorOf(refused).code, url).toBe('InvalidRequest');
        expect(errorOf(refused).details?.length, url).toBeGreaterThan(0);
      }
      // Staff pick the institution in the app: a host no institution claims is no matter.
      const elsewhere = await test.app.inject({
        url: '/admin-api/me',
        headers: { host: 'nowhere.example', cookie: staff.implementer?.cookie ?? '' },
      });
      expect(elsewhere.statusCode).toBe(200);
    });
  });

  describe('sign-in', () => {
    it('needs the password and then a TOTP code, and a code works only once', async () => {
      expect(errorOf(await login('editor@harbor.test', 'wrong')).code).toBe('InvalidCredentials');
      expect(errorOf(await login('nobody@harbor.test')).code).toBe('InvalidCredentials');

      const { challengeId } = (await login('editor@harbor.test')).json();
      test.clock.advance(30_000);
      const code = totpCode(secrets.get('editor@harbor.test') ?? '', test.clock.now());
      const wrong = await call(undefined, 'POST', '/admin-api/login/verify', {
        challengeId,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(401);
      expect(errorOf(wrong).code).toBe('InvalidCode');
      const right = await call(undefined, 'POST', '/admin-api/login/verify', { challengeId, code });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({
        email: 'editor@harbor.test',
        isImplementer: false,
        memberships: [{ institutionSlug: 'harbor', role: 'editor' }],
      });
      const cookie = right.cookies.find((candidate) => candidate.name === STAFF_SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin-api' });

      // The same code again (a replay) is refused even with a fresh challenge.
      const again = (await login('editor@harbor.test')).json();
      const replay = await call(undefined, 'POST', '/admin-api/login/verify', {
        challengeId: again.challengeId,
        code,
      });
      expect(replay.statusCode).toBe(401);
    });

    it('gives a preview token only for an admin origin on this server or on the allow-list', async () => {
      for (const who of [staff.viewer, staff.publisher]) {
        const foreign = await call(who, 'POST', '/admin-api/institutions/harbor/preview-token', {
          adminOrigin: 'https://evil.example',
        });
        expect(foreign.statusCode).toBe(403);
      }
      const request = { protocol: 'https' as const, host: 'admin.bank.example', headers: {} };
      expect(adminOriginOf(request, 'https://admin.bank.example', [])).toBe(
        'https://admin.bank.example',
      );
      // Another port or the other scheme on the same host is another site (issue 20, item 29).
      expect(adminOriginOf(request, 'https://admin.bank.example:8443', [])).toBeUndefined();
      expect(adminOriginOf(request, 'http://admin.bank.example', [])).toBeUndefined();
      expect(
        adminOriginOf({ ...request, host: 'localhost:3000' }, 'http://localhost:9999', []),
      ).toBeUndefined();
      expect(
        adminOriginOf(
          { ...request, protocol: 'http', host: 'localhost:5174' },
          'http://localhost:5174',
          [],
        ),
      ).toBe('http://localhost:5174');
      expect(adminOriginOf(request, 'https://evil.example', [])).toBeUndefined();
      expect(adminOriginOf(request, 'javascript:alert(1)', [])).toBeUndefined();
      expect(adminOriginOf(request, 'https://ops.bank.example', ['https://ops.bank.example'])).toBe(
        'https://ops.bank.example',
      );
      expect(adminOriginOf(request, undefined, [])).toBe('https://admin.bank.example');
    });

    it('disabling an account ends its sessions and preview tokens for good', async () => {
      await createStaff('leaver@harbor.test', [{ host: 'localhost', role: 'viewer' }]);
      const session = await signInStaff('leaver@harbor.test');
      const token = await call(session, 'POST', '/admin-api/institutions/harbor/preview-token', {
        adminOrigin: 'http://localhost',
      });
      expect(token.statusCode).toBe(200);
      const previewToken: string = token.json().token;
      const previewSession = () =>
        test.app.inject({
          method: 'GET',
          url: '/api/setup/PreviewSession',
          headers: { host: 'localhost', 'x-preview-token': previewToken },
        });
      expect((await previewSession()).statusCode).toBe(200);

      expect(
        await setStaffDisabled(test.database.db, 'leaver@harbor.test', true, test.clock.now()),
      ).toBe(true);
      expect((await call(session, 'GET', '/admin-api/me')).statusCode).toBe(401);
      expect((await previewSession()).statusCode).not.toBe(200);

      // Enabled again: the old session and token stay dead; a new sign-in works.
      expect(
        await setStaffDisabled(test.database.db, 'leaver@harbor.test', false, test.clock.now()),
      ).toBe(true);
      expect((await call(session, 'GET', '/admin-api/me')).statusCode).toBe(401);
      expect((await previewSession()).statusCode).not.toBe(200);
      const fresh = await signInStaff('leaver@harbor.test');
      expect((await call(fresh, 'GET', '/admin-api/me')).statusCode).toBe(200);
      expect(
        await setStaffDisabled(test.database.db, 'nobody@harbor.test', true, test.clock.now()),
      ).toBe(false);
    });

    it('ends an idle session, and a borrower session is no staff session', async () => {
      const session = await signInStaff('viewer@harbor.test');
      expect((await call(session, 'GET', '/admin-api/me')).statusCode).toBe(200);
      test.clock.advance(31 * 60_000);
      const expired = await call(session, 'GET', '/admin-api/me');
      expect(expired.statusCode).toBe(401);
      expect(errorOf(expired).code).toBe('Unauthenticated');

      const borrower = await signIn(test.app, { username: 'jordan.rivers' });
      const response = await test.app.inject({
        method: 'GET',
        url: '/admin-api/institutions',
        headers: { cookie: `${STAFF_SESSION_COOKIE}=${borrower.token}` },
      });
      expect(response.statusCode).toBe(401);
      // The borrower's own cookie means nothing to the admin API either.
      const plain = await test.app.inject({
        method: 'GET',
        url: '/admin-api/institutions',
        headers: { cookie: borrower.cookie },
      });
      expect(plain.statusCode).toBe(401);
      await signInAll();
    });

    it('refuses a password-only account outside demo mode (no e-mailed codes there)', async () => {
      await test.app.services.adminAuth.createStaff({
        email: 'no-authenticator@harbor.test',
        name: 'No Authenticator',
        password: PASSWORD,
        memberships: [],
      });
      const response = await login('no-authenticator@harbor.test');
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toContain('authenticator');
    });

    it('refuses a state-changing call without the CSRF header', async () => {
      const response = await test.app.inject({
        method: 'PATCH',
        url: '/admin-api/institutions/harbor/draft',
        headers: { cookie: staff.publisher?.cookie ?? '' },
        payload: { changes: [{ set: 'english', key: 'loginTexts.topHeadingText', value: 'x' }] },
      });
      expect(response.statusCode).toBe(403);
      expect((await settingsOf('harbor')).draft).toBeNull();
    });

    it('locks an account after five wrong passwords, answering as for a wrong password, and audits it', async () => {
      await createStaff('locked@harbor.test', [{ host: 'localhost', role: 'viewer' }]);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await login('locked@harbor.test', 'wrong')).statusCode).toBe(401);
      }
      const lockedOut = await login('locked@harbor.test');
      const unknown = await login('nobody-at-all@harbor.test', 'wrong');
      // Locked, unknown and wrong answer alike: nothing tells which e-mails exist.
      expect(lockedOut.statusCode).toBe(401);
      expect(lockedOut.json()).toEqual(unknown.json());
      test.clock.advance(16 * 60_000);
      expect((await login('locked@harbor.test')).statusCode).toBe(200);

      const audit = await test.database.db
        .selectFrom('settings_audit')
        .select(['action', 'staff_email', 'comment'])
        .where('staff_email', 'in', ['locked@harbor.test', 'nobody-at-all@harbor.test'])
        .orderBy('id')
        .execute();
      expect(audit.filter((entry) => entry.action === 'staff.signInFailed')).toHaveLength(6);
      expect(audit.filter((entry) => entry.action === 'staff.locked')).toEqual([
        expect.objectContaining({ staff_email: 'locked@harbor.test' }),
      ]);
      expect(JSON.stringify(audit)).not.toContain('wrong');
      await signInAll();
      // Implementers see the sign-in events in the default institution's log; its staff do not.
      const asViewer = await call(staff.viewer, 'GET', '/admin-api/institutions/harbor/audit');
      const viewerActions = AuditListResponse.parse(asViewer.json()).entries.map((e) => e.action);
      expect(viewerActions.some((action) => action.startsWith('staff.'))).toBe(false);
      const asImplementer = await call(
        staff.implementer,
        'GET',
        '/admin-api/institutions/harbor/audit',
      );
      const implementerActions = AuditListResponse.parse(asImplementer.json()).entries.map(
        (entry) => entry.action,
      );
      expect(implementerActions).toContain('staff.locked');
    });
  });

  describe('staff accounts', () => {
    it('lets implementers add staff with an authenticator, who can then sign in', async () => {
      const request = {
        email: 'new.editor@summit.test',
        name: 'New Editor',
        password: PASSWORD,
        memberships: [{ institutionSlug: 'summit', role: 'editor' }],
      };
      expect((await call(staff.publisher, 'POST', '/admin-api/staff', request)).statusCode).toBe(
        403,
      );
      const created = await call(staff.implementer, 'POST', '/admin-api/staff', request);
      expect(created.statusCode).toBe(201);
      const { totpSecret, totpUri } = created.json();
      expect(totpUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      secrets.set(request.email, totpSecret);
      const session = await signInStaff(request.email);
      const me = await call(session, 'GET', '/admin-api/me');
      expect(me.json().memberships).toEqual([
        { institutionSlug: 'summit', institutionName: 'Summit Lending', role: 'editor' },
      ]);
      expect((await call(staff.implementer, 'POST', '/admin-api/staff', request)).statusCode).toBe(
        409,
      );
      const list = await call(staff.implementer, 'GET', '/admin-api/staff');
      expect(list.json().staff).toContainEqual(
        expect.objectContaining({ email: request.email, hasAuthenticator: true }),
      );
    });
  });

  describe('roles and institutions', () => {
    it('lists only the institutions a staff member belongs to (all for implementers)', async () => {
      const own = await call(staff.summit, 'GET', '/admin-api/institutions');
      expect(own.json().institutions.map((i: { slug: string }) => i.slug)).toEqual(['summit']);
      // Staff read the institution's times in its own zone, as published.
      expect(own.json().institutions[0]).toMatchObject({ timeZone: 'America/Denver' });
      const all = await call(staff.implementer, 'GET', '/admin-api/institutions');
      expect(all.json().institutions.map((i: { slug: string }) => i.slug)).toEqual(
        expect.arrayContaining(['harbor', 'summit']),
      );
    });

    it('lets a viewer read but not save', async () => {
      expect(
        (await call(staff.viewer, 'GET', '/admin-api/institutions/harbor/settings')).statusCode,
      ).toBe(200);
      const response = await patch(staff.viewer as Staff, 'harbor', [
        { set: 'english', key: 'loginTexts.topHeadingText', value: 'Viewer was here' },
      ]);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('Forbidden');
      expect((await settingsOf('harbor')).draft).toBeNull();
      expect(await auditOf('harbor')).toEqual([]);
    });

    it("keeps one institution's staff out of another's configuration", async () => {
      const read = await call(staff.summit, 'GET', '/admin-api/institutions/harbor/settings');
      expect(read.statusCode).toBe(404);
      const write = await patch(staff.summit as Staff, 'harbor', [
        { set: 'english', key: 'loginTexts.topHeadingText', value: 'Summit was here' },
      ]);
      expect(write.statusCode).toBe(404);
      const publish = await call(staff.summit, 'POST', '/admin-api/institutions/harbor/publish', {
        comment: 'sneaky',
      });
      expect(publish.statusCode).toBe(404);
      expect(
        (await call(staff.summit, 'GET', '/admin-api/institutions/harbor/versions')).statusCode,
      ).toBe(404);
      expect((await settingsOf('harbor')).draft).toBeNull();
    });
  });

  describe('draft, publish and preview', () => {
    it('refuses an invalid value naming the key and keeps the draft as it was', async () => {
      const response = await patch(staff.editor as Staff, 'harbor', [
        { set: 'english', key: 'loginTexts.topHeadingText', value: 'Fine' },
        { set: 'shared', key: 'globalOptions.useFAQOption', value: 'maybe' },
      ]);
      expect(response.statusCode).toBe(422);
      const error = errorOf(response);
      expect(error.code).toBe('InvalidConfiguration');
      expect(error.details).toEqual([
        { key: 'globalOptions.useFAQOption', set: 'shared', message: 'must be "true" or "false"' },
      ]);
      expect(error.message).toContain('globalOptions.useFAQOption');

      const unknown = await patch(staff.editor as Staff, 'harbor', [
        { set: 'shared', key: 'globalOptions.noSuchOption', value: 'true' },
      ]);
      expect(errorOf(unknown).details?.[0]?.key).toBe('globalOptions.noSuchOption');
      const agreement = await patch(staff.editor as Staff, 'harbor', [
        { set: 'english', key: 'agreementTexts.agreementSetup', value: 'not an agreement' },
      ]);
      expect(agreement.statusCode).toBe(422);
      expect(errorOf(agreement).details?.[0]?.key).toBe('agreementTexts.agreementSetup');
      expect((await settingsOf('harbor')).draft).toBeNull();
    });

    it('saves the draft (rich text sanitised) and only a preview token shows it to the portal', async () => {
      const saved = await patch(staff.editor as Staff, 'harbor', [
        { set: 'english', key: 'loginTexts.topHeadingText', value: 'Welcome aboard' },
        { set: 'shared', key: 'globalOptions.useFAQOption', value: 'false' },
        {
          set: 'english',
          key: 'loginTexts.infoRichText',
          value:
            '<p onclick="x()">Hello<script>alert(1)</script> <a href="javascript:alert(1)">there</a></p>',
        },
      ]);
      expect(saved.statusCode).toBe(200);
      const draft = InstitutionSettingsResponse.parse(saved.json()).draft;
      expect(draft?.document.english?.loginTexts).toMatchObject({
        topHeadingText: 'Welcome aboard',
        infoRichText: '<p>Hello <a>there</a></p>',
      });
      expect(draft).toMatchObject({
        baseVersion: 1,
        updatedBy: 'editor@harbor.test',
        problems: [],
      });

      // A borrower (no token, a made-up token, another institution's token) sees the published settings.
      const published = await applicationOptions('localhost');
      expect(published.gassySettings.english.loginTexts?.topHeadingText).not.toBe('Welcome aboard');
      expect(published.gassySettings.shared.globalOptions?.useFAQOption).toBe('true');
      const madeUp = await applicationOptions('localhost', 'not-a-token');
      expect(madeUp.gassySettings.english.loginTexts?.topHeadingText).not.toBe('Welcome aboard');

      const summitToken = await call(
        staff.summit,
        'POST',
        '/admin-api/institutions/summit/preview-token',
        {},
      );
      expect(summitToken.statusCode).toBe(200);
      const crossed = await applicationOptions('localhost', summitToken.json().token);
      expect(crossed.gassySettings.english.loginTexts?.topHeadingText).not.toBe('Welcome aboard');

      const tokenResponse = await call(
        staff.viewer,
        'POST',
        '/admin-api/institutions/harbor/preview-token',
        {
          adminOrigin: 'http://localhost',
        },
      );
      expect(tokenResponse.statusCode).toBe(200);
      const preview = tokenResponse.json();
      expect(preview.portalUrl).toMatch(/^http:\/\/localhost\/\?previewToken=/);
      const draftView = await applicationOptions('localhost', preview.token);
      expect(draftView.gassySettings.english.loginTexts?.topHeadingText).toBe('Welcome aboard');
      expect(draftView.gassySettings.shared.globalOptions?.useFAQOption).toBe('false');
      // Admin-only keys stay on the server even in a preview.
      expect(draftView.gassySettings.shared.securityPolicyOptions).toBeUndefined();
      // The token is for Harbor only.
      const other = await applicationOptions('summit.localhost', preview.token);
      expect(other.gassySettings.english.loginTexts?.topHeadingText).not.toBe('Welcome aboard');

      const session = await test.app.inject({
        method: 'GET',
        url: '/api/setup/PreviewSession',
        headers: { host: 'localhost', 'x-preview-token': preview.token },
      });
      expect(session.json()).toMatchObject({ AdminOrigin: 'http://localhost' });

      // The portal page opened with the token may be framed by the admin origin only.
      const page = await test.app.inject({
        method: 'GET',
        url: `/?previewToken=${encodeURIComponent(preview.token)}`,
        headers: { host: 'localhost' },
      });
      expect(page.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' http://localhost;",
      );
      expect(page.headers['x-frame-options']).toBeUndefined();
      const plainPage = await test.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: 'localhost' },
      });
      expect(plainPage.headers['content-security-policy']).toContain("frame-ancestors 'self';");

      // Tokens are short-lived.
      test.clock.advance(31 * 60_000);
      const expired = await applicationOptions('localhost', preview.token);
      expect(expired.gassySettings.english.loginTexts?.topHeadingText).not.toBe('Welcome aboard');
      await signInAll();
    });

    it('diffs the draft against the published version per key', async () => {
      const response = await call(
        staff.viewer,
        'GET',
        '/admin-api/institutions/harbor/diff?from=published&to=draft',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().entries).toEqual([
        { key: 'globalOptions.useFAQOption', set: 'shared', before: 'true', after: 'false' },
        {
          key: 'loginTexts.infoRichText',
          set: 'english',
          before: null,
          after: '<p>Hello <a>there</a></p>',
        },
        { key: 'loginTexts.topHeadingText', set: 'english', before: null, after: 'Welcome aboard' },
      ]);
    });

    it('lets an editor save but not publish, and refuses a publish without a comment', async () => {
      const byEditor = await call(staff.editor, 'POST', '/admin-api/institutions/harbor/publish', {
        comment: 'Editor tries',
      });
      expect(byEditor.statusCode).toBe(403);
      const blank = await call(staff.publisher, 'POST', '/admin-api/institutions/harbor/publish', {
        comment: '   ',
      });
      expect(blank.statusCode).toBe(422);
      expect(errorOf(blank).code).toBe('CommentRequired');
      const state = await settingsOf('harbor');
      expect(state.published.version).toBe(1);
      expect(state.draft?.document.english?.loginTexts?.topHeadingText).toBe('Welcome aboard');
    });

    it('publishes with a comment, and borrowers see it at once', async () => {
      const response = await call(
        staff.publisher,
        'POST',
        '/admin-api/institutions/harbor/publish',
        {
          comment: 'New welcome heading; FAQ hidden',
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ version: 2 });
      const state = await settingsOf('harbor');
      expect(state.draft).toBeNull();
      expect(state.published).toMatchObject({
        version: 2,
        publishedBy: 'publisher@harbor.test',
        comment: 'New welcome heading; FAQ hidden',
      });
      const borrower = await applicationOptions('localhost');
      expect(borrower.gassySettings.english.loginTexts?.topHeadingText).toBe('Welcome aboard');
      expect(borrower.gassySettings.shared.globalOptions?.useFAQOption).toBe('false');

      const versions = await call(staff.viewer, 'GET', '/admin-api/institutions/harbor/versions');
      expect(versions.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      const diff = await call(
        staff.viewer,
        'GET',
        '/admin-api/institutions/harbor/diff?from=1&to=2',
      );
      expect(diff.json().entries).toHaveLength(3);
      const one = await call(staff.viewer, 'GET', '/admin-api/institutions/harbor/versions/1');
      expect(one.json()).toMatchObject({ version: 1, comment: 'Demo seed' });
      expect(one.json().document.shared.globalOptions.useFAQOption).toBe('true');
      const exported = await call(
        staff.viewer,
        'GET',
        '/admin-api/institutions/harbor/export?from=1',
      );
      expect(exported.json()).toEqual(one.json().document);
      expect(
        (await call(staff.viewer, 'GET', '/admin-api/institutions/harbor/versions/99')).statusCode,
      ).toBe(404);
      for (const url of [
        '/admin-api/institutions/harbor/versions/99999999999',
        '/admin-api/institutions/harbor/diff?from=1&to=99999999999',
        '/admin-api/institutions/harbor/export?from=99999999999',
      ]) {
        const outOfRange = await call(staff.viewer, 'GET', url);
        expect(outOfRange.statusCode, url).toBe(400);
      }
    });

    it('restores an old version as a draft, re-validated against the current schema', async () => {
      const restored = await call(
        staff.editor,
        'POST',
        '/admin-api/institutions/harbor/versions/1/restore',
      );
      expect(restored.statusCode).toBe(200);
      const draft = InstitutionSettingsResponse.parse(restored.json()).draft;
      expect(draft?.document.english?.loginTexts).toBeUndefined();
      expect(draft?.document.shared?.globalOptions?.useFAQOption).toBe('true');
      expect(draft?.baseVersion).toBe(2);

      // A version stored under an older schema, with a key the schema no longer has.
      const harbor = await institutionId('localhost');
      const current = await test.app.services.institutions.publishedSettings(harbor);
      await test.app.services.institutions.publishSettings({
        institutionId: harbor,
        document: {
          ...current,
          shared: {
            ...current.shared,
            globalOptions: { ...current.shared?.globalOptions, retiredSwitchOption: 'true' },
          },
        },
        comment: 'Legacy import',
        publishedBy: 'migration',
      });
      const refused = await call(
        staff.editor,
        'POST',
        '/admin-api/institutions/harbor/versions/3/restore',
      );
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).details?.map((detail) => detail.key)).toContain(
        'globalOptions.retiredSwitchOption',
      );
      // The earlier restored draft is untouched.
      expect((await settingsOf('harbor')).draft?.document).toEqual(draft?.document);
      expect(
        (await call(staff.viewer, 'POST', '/admin-api/institutions/harbor/versions/1/restore'))
          .statusCode,
      ).toBe(403);
    });

    it('imports after a dry run and exports', async () => {
      const document = { english: { loginTexts: { topHeadingText: 'Imported heading' } } };
      const dry = await call(
        staff.editor,
        'POST',
        '/admin-api/institutions/harbor/import?dryRun=true',
        { document },
      );
      expect(dry.json()).toMatchObject({ valid: true, applied: false, problems: [] });
      expect(dry.json().diff).toContainEqual({
        key: 'loginTexts.topHeadingText',
        set: 'english',
        before: null,
        after: 'Imported heading',
      });
      expect((await settingsOf('harbor')).draft?.document.english?.loginTexts).toBeUndefined();

      const invalid = await call(
        staff.editor,
        'POST',
        '/admin-api/institutions/harbor/import?dryRun=false',
        {
          document: { shared: { globalOptions: { useFAQOption: 'sometimes' } } },
        },
      );
      expect(invalid.json()).toMatchObject({ valid: false, applied: false });
      expect(invalid.json().problems[0].key).toBe('globalOptions.useFAQOption');

      // The schema's bounds, as the editor applies them: a negative lockout is refused.
      const negative = await call(
        staff.editor,
        'POST',
        '/admin-api/institutions/harbor/import?dryRun=true',
        { document: { shared: { securityPolicyOptions: { lockoutMinutes: '-5' } } } },
      );
      expect(negative.json()).toMatchObject({
        valid: false,
        applied: false,
        problems: [
          {
            key: 'securityPolicyOptions.lockoutMinutes',
            set: 'shared',
            message: 'must be at least 0',
          },
        ],
      });

      const applied = await call(
        staff.editor,
        'POST',
        '/admin-api/institutions/harbor/import?dryRun=false',
        { document },
      );
      expect(applied.json()).toMatchObject({ valid: true, applied: true });
      expect((await settingsOf('harbor')).draft?.document).toEqual(document);

      const exported = await call(
        staff.viewer,
        'GET',
        '/admin-api/institutions/harbor/export?from=draft',
      );
      expect(exported.json()).toEqual(document);
      expect(exported.headers['content-disposition']).toContain('harbor-draft.json');
    });

    it('refuses to import a regular expression that does not compile, naming its place', async () => {
      const before = (await settingsOf('harbor')).draft?.document;
      const document = {
        shared: {
          securityQuestionOptions: { secretAnswerAllowedCharactersPattern: '[unclosed' },
          passwordRuleOptions: {
            passwordValidationRules: JSON.stringify([
              { ValidationRuleType: 8, ValidationRegex: '[unclosed', RegexMatchMeansError: true },
            ]),
          },
        },
      };
      const expected = {
        valid: false,
        applied: false,
        problems: [
          {
            key: 'securityQuestionOptions.secretAnswerAllowedCharactersPattern',
            set: 'shared',
            message: 'must be a valid regular expression (Unterminated character class)',
          },
          {
            key: 'passwordRuleOptions.passwordValidationRules',
            set: 'shared',
            message:
              'JSON value at /0/ValidationRegex must be a valid regular expression (Unterminated character class)',
          },
        ],
      };
      for (const dryRun of ['true', 'false']) {
        const response = await call(
          staff.editor,
          'POST',
          `/admin-api/institutions/harbor/import?dryRun=${dryRun}`,
          { document },
        );
        expect(response.json(), `dryRun=${dryRun}`).toMatchObject(expected);
      }
      expect((await settingsOf('harbor')).draft?.document).toEqual(before);
    });

    it('records every change in the audit log: who, which keys, old and new values, the comment', async () => {
      const entries = await auditOf('harbor');
      expect(entries.map((entry) => entry.action)).toEqual([
        'import',
        'restore',
        'publish',
        'draft.save',
      ]);
      const publish = entries.find((entry) => entry.action === 'publish');
      expect(publish).toMatchObject({
        staff: 'publisher@harbor.test',
        comment: 'New welcome heading; FAQ hidden',
      });
      expect(publish?.changes).toContainEqual({
        key: 'globalOptions.useFAQOption',
        set: 'shared',
        before: 'true',
        after: 'false',
      });
      const save = entries.find((entry) => entry.action === 'draft.save');
      expect(save?.staff).toBe('editor@harbor.test');
      expect(save?.changes.map((change) => change.key)).toEqual([
        'globalOptions.useFAQOption',
        'loginTexts.infoRichText',
        'loginTexts.topHeadingText',
      ]);
      expect(entries.find((entry) => entry.action === 'restore')?.comment).toBe(
        'Restored version 1',
      );
      expect(Date.parse(entries[0]?.at ?? '')).not.toBeNaN();
      // Discarding is a change too.
      await call(staff.editor, 'DELETE', '/admin-api/institutions/harbor/draft');
      expect((await auditOf('harbor'))[0]?.action).toBe('draft.discard');
    });

    it('refuses to publish brand colours below WCAG AA until the publisher accepts, and audits it', async () => {
      const { version } = (await settingsOf('summit')).published;
      const saved = await patch(staff.implementer as Staff, 'summit', [
        { set: 'shared', key: 'themeOptions.primaryColor', value: '#ffcc00' },
      ]);
      expect(saved.statusCode).toBe(200);
      const refused = await call(
        staff.implementer,
        'POST',
        '/admin-api/institutions/summit/publish',
        {
          comment: 'Sunny yellow',
        },
      );
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({
        code: 'LowContrast',
        details: [
          {
            key: 'themeOptions.primaryColor',
            set: 'shared',
            message: expect.stringMatching(/^Primary colour #ffcc00: .*WCAG AA needs 4\.5:1/),
          },
        ],
      });
      const before = await settingsOf('summit');
      expect(before.published.version).toBe(version);
      expect(before.draft).not.toBeNull();

      const accepted = await call(
        staff.implementer,
        'POST',
        '/admin-api/institutions/summit/publish',
        { comment: 'Sunny yellow', acceptLowContrast: true },
      );
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ version: version + 1 });
      const [acceptance, publish] = await auditOf('summit');
      expect(publish).toMatchObject({ action: 'publish', comment: 'Sunny yellow' });
      expect(acceptance).toMatchObject({
        action: 'publish.lowContrast',
        staff: 'implementer@portal.test',
        comment: expect.stringMatching(
          new RegExp(`^Published version ${version + 1} although: Primary colour #ffcc00`),
        ),
      });
    });
  });

  describe('branding assets', () => {
    function upload(
      who: Staff | undefined,
      kind: string,
      fileName: string,
      data: Buffer,
      slug = 'harbor',
    ) {
      const boundary = '----portal-test-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`,
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return test.app.inject({
        method: 'POST',
        url: `/admin-api/institutions/${slug}/assets`,
        headers: {
          ...WRITE,
          ...(who ? { cookie: who.cookie } : {}),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      });
    }
    const SVG = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#fff"/></svg>',
    );
    const PNG = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);

    it('stores a logo under a name of its own, leaving the live logo as it is until published', async () => {
      const live = await test.app.inject({
        method: 'GET',
        url: '/cdn/harbor/branding/logos/logoFullWhite.svg',
      });
      const response = await upload(staff.editor, 'logoFull', 'logo.svg', SVG);
      expect(response.statusCode).toBe(200);
      const { path, file } = response.json() as { path: string; file: string };
      expect(file).toMatch(/^branding\/logos\/logoFull-[0-9a-f]{12}\.svg$/);
      expect(path).toBe(`/cdn/harbor/${file}`);
      const served = await test.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe(SVG.toString());
      // Nothing live changed: the portal's logo is the published setting's file.
      const after = await test.app.inject({
        method: 'GET',
        url: '/cdn/harbor/branding/logos/logoFullWhite.svg',
      });
      expect(after.body).toBe(live.body);
      // The admin app, on one host for every institution, reads it through the admin API.
      const branding = `/admin-api/institutions/harbor/${file}`;
      const viewed = await call(staff.viewer, 'GET', branding);
      expect(viewed.statusCode).toBe(200);
      expect(viewed.headers['content-type']).toContain('image/svg+xml');
      expect(viewed.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(viewed.body).toBe(SVG.toString());
      // Staff of another institution, and nobody signed in, see nothing of it.
      expect((await call(staff.summit, 'GET', branding)).statusCode).toBe(404);
      expect((await call(undefined, 'GET', branding)).statusCode).toBe(401);
      // Only branding files, and never out of the folder.
      for (const path of ['logos/../../../../package.json', 'logos/x.html', 'nothing.svg']) {
        const answer = await call(
          staff.viewer,
          'GET',
          `/admin-api/institutions/harbor/branding/${path}`,
        );
        expect(answer.statusCode).toBe(404);
      }
      expect((await auditOf('harbor'))[0]).toMatchObject({
        action: 'asset.upload',
        staff: 'editor@harbor.test',
      });
    });

    it('checks the type by content and the size, and refuses SVGs with scripts', async () => {
      const footer = await upload(staff.editor, 'footerImage', 'Seal of Trust.png', PNG);
      expect(footer.statusCode).toBe(200);
      expect(footer.json().path).toMatch(
        /^\/cdn\/harbor\/branding\/footer\/seal-of-trust-[0-9a-f]{12}\.png$/,
      );

      const pngLogo = await upload(staff.editor, 'logoFull', 'logo.svg', PNG);
      expect(errorOf(pngLogo).code).toBe('InvalidFile');
      const fake = await upload(
        staff.editor,
        'footerImage',
        'x.png',
        Buffer.from('GIF89a not a png'),
      );
      expect(fake.statusCode).toBe(422);
      const scripted = await upload(
        staff.editor,
        'logoIcon',
        'icon.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      );
      expect(errorOf(scripted).message).toContain('script');
      const handler = await upload(
        staff.editor,
        'logoIcon',
        'icon.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
      );
      expect(handler.statusCode).toBe(422);
      const large = await upload(
        staff.editor,
        'logoIcon',
        'big.svg',
        Buffer.concat([SVG, Buffer.alloc(300 * 1024, 32)]),
      );
      expect(errorOf(large).message).toContain('too large');
      expect((await upload(staff.viewer, 'logoFull', 'logo.svg', SVG)).statusCode).toBe(403);
      // Beyond the largest rule, the upload stops while streaming (a 413, nothing stored).
      const huge = await upload(staff.editor, 'background', 'huge.png', Buffer.alloc(3 << 20, 1));
      expect(huge.statusCode).toBe(413);
      expect(errorOf(huge)).toMatchObject({
        code: 'InvalidFile',
        message: 'The file is too large.',
      });
      const notMultipart = await call(
        staff.editor,
        'POST',
        '/admin-api/institutions/harbor/assets',
        {
          kind: 'logoFull',
        },
      );
      expect(notMultipart.statusCode).toBe(400);
      expect(errorOf(notMultipart).message).toBe(
        'Send the file as multipart/form-data (kind, file).',
      );
    });
  });

  describe('creating an institution', () => {
    const request = {
      name: 'Lakeside Credit Union',
      slug: 'lakeside',
      hosts: ['lakeside.localhost'],
      theme: {
        primaryColor: '#5b2a86',
        secondaryColor: '#00695c',
        errorColor: '#b00020',
        fontFamily: 'Verdana, sans-serif',
        borderRadius: 6,
        colorScheme: 'light',
      },
      copyFrom: 'summit',
    };

    it('is for implementers only', async () => {
      const response = await call(staff.publisher, 'POST', '/admin-api/institutions', request);
      expect(response.statusCode).toBe(403);
    });

    it('answers on its host name with its own theme right away', async () => {
      // The host is unknown (and looked up) before it exists.
      const before = await test.app.inject({
        method: 'GET',
        url: '/api/setup/ApplicationOptions',
        headers: { host: 'lakeside.localhost' },
      });
      expect(before.statusCode).toBe(404);

      const response = await call(staff.implementer, 'POST', '/admin-api/institutions', request);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        slug: 'lakeside',
        name: 'Lakeside Credit Union',
        hosts: ['lakeside.localhost'],
        cdnFolder: '/cdn/lakeside',
        publishedVersion: 1,
        hasDraft: false,
      });
      const options = await applicationOptions('lakeside.localhost');
      expect(options.gassySettings.shared.themeOptions?.primaryColor).toBe('#5b2a86');
      expect(options.institutionOptions.institutionName).toBe('Lakeside Credit Union');
      // Copied from Summit: its settings other than the theme.
      const summit = await applicationOptions('summit.localhost');
      expect(options.gassySettings.shared.globalOptions).toEqual(
        summit.gassySettings.shared.globalOptions,
      );
      const logo = await test.app.inject({
        method: 'GET',
        url: '/cdn/lakeside/branding/logos/logoFullWhite.svg',
        headers: { host: 'lakeside.localhost' },
      });
      expect(logo.statusCode).toBe(200);
      expect(logo.body).toContain('Lakeside Credit Union');
      expect((await auditOf('lakeside'))[0]).toMatchObject({
        action: 'institution.create',
        staff: 'implementer@portal.test',
      });

      const duplicate = await call(staff.implementer, 'POST', '/admin-api/institutions', request);
      expect(duplicate.statusCode).toBe(409);
      // Two institutions never share a name, whatever its case and spacing.
      const sameName = await call(staff.implementer, 'POST', '/admin-api/institutions', {
        ...request,
        name: '  lakeside   credit UNION',
        slug: 'lakeside-two',
        hosts: ['lakeside-two.localhost'],
      });
      expect(sameName.statusCode).toBe(409);
      expect(errorOf(sameName).details).toEqual([
        {
          key: 'name',
          message: '"Lakeside Credit Union" is the name of another institution (lakeside)',
        },
      ]);
    });

    it('refuses a host that is not a host name and a bad slug, creating nothing', async () => {
      const badHost = await call(staff.implementer, 'POST', '/admin-api/institutions', {
        ...request,
        name: 'Pinecrest Savings',
        slug: 'pinecrest',
        hosts: ['https://pinecrest.example/'],
      });
      expect(badHost.statusCode).toBe(409);
      expect(errorOf(badHost).details).toEqual([
        { key: 'hosts', message: '"https://pinecrest.example/" is not a host name' },
      ]);
      const badSlug = await call(staff.implementer, 'POST', '/admin-api/institutions', {
        ...request,
        slug: '9pines',
        hosts: ['pinecrest.localhost'],
      });
      expect(badSlug.statusCode).toBe(400);
      const list = await call(staff.implementer, 'GET', '/admin-api/institutions');
      const slugs = (list.json() as { institutions: { slug: string }[] }).institutions.map(
        (institution) => institution.slug,
      );
      expect(slugs).not.toContain('pinecrest');
      expect(slugs).not.toContain('9pines');
    });
  });
});

describe.each(testDatabases())('demo staff sign-in on $name', (database) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(database, { demoMode: true });
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it('e-mails a code to the demo mailbox in demo mode, and the seeded roles apply', async () => {
    const challenge = await test.app.inject({
      method: 'POST',
      url: '/admin-api/login',
      headers: WRITE,
      payload: { email: 'publisher@summit.example', password: 'Demo-Pass-2024' },
    });
    expect(challenge.json()).toMatchObject({ method: 'email' });
    const code = await latestSecurityCode(test.app, 'publisher@summit.example');
    const verify = await test.app.inject({
      method: 'POST',
      url: '/admin-api/login/verify',
      headers: WRITE,
      payload: { challengeId: challenge.json().challengeId, code },
    });
    expect(verify.statusCode).toBe(200);
    const link = await test.app.inject({
      method: 'GET',
      url: '/admin-api/demo/mailbox?to=publisher%40summit.example',
    });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe('/demo/mailbox?to=publisher%40summit.example');
    expect(verify.json()).toMatchObject({
      isImplementer: false,
      memberships: [{ institutionSlug: 'summit', role: 'publisher' }],
    });
  });
});

describe.each(testDatabases())('staff sign-in timing on $name', (database) => {
  let test: TestApp;
  const verifications: string[] = [];

  beforeAll(async () => {
    test = await startTestApp(database, {
      passwordHasher: {
        ...argon2PasswordHasher,
        async verify(stored, password) {
          verifications.push('real');
          return argon2PasswordHasher.verify(stored, password);
        },
        async verifyDummy(password) {
          verifications.push('dummy');
          return argon2PasswordHasher.verifyDummy(password);
        },
      },
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('does one password verification for an unknown, a locked and a known e-mail alike', async () => {
    const login = (email: string, password: string) =>
      test.app.inject({
        method: 'POST',
        url: '/admin-api/login',
        headers: PORTAL_WRITE_HEADERS,
        payload: { email, password },
      });
    for (let attempt = 0; attempt < 5; attempt += 1) await login('viewer@harbor.example', 'wrong');
    for (const email of [
      'viewer@harbor.example',
      'nobody@harbor.example',
      'editor@harbor.example',
    ]) {
      verifications.length = 0;
      expect((await login(email, 'wrong')).statusCode).toBe(401);
      expect(verifications, email).toHaveLength(1);
    }
  });
});
