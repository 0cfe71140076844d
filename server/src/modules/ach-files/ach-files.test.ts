import { AdminError, type StaffRole } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNachaFile } from '../../core/ach/nacha-file';
import { testDatabases } from '../../testing/databases';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';
import { STAFF_SESSION_COOKIE } from '../staff/staff.routes';
import { totpCode } from '../staff/totp';
import { AchDayListResponse } from './ach-files.routes';

const PASSWORD = 'Staff-Pass-2024!';
// The test clock starts on Friday 2025-03-14, 11:00 in New York (Harbor's zone).
const TODAY = '2025-03-14';
const ACCOUNT_NUMBER = '90817263544';
const OTHER_ACCOUNT_NUMBER = '5550001234';

function errorOf(response: LightMyRequestResponse) {
  return AdminError.parse(response.json()).error;
}

describe.each(testDatabases())('the ACH file admin API on $name', (database) => {
  let test: TestApp;
  let harborId: number;
  const cookies: Record<string, string> = {};
  const secrets = new Map<string, string>();
  const logLines: string[] = [];

  async function institutionId(host: string): Promise<number> {
    const found = await test.app.services.institutions.resolveHost(host);
    if (!found) throw new Error(`no institution at ${host}`);
    return found.id;
  }

  async function createStaff(
    email: string,
    memberships: { host: string; role: StaffRole }[],
    isImplementer = false,
  ) {
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

  async function signInStaff(email: string): Promise<string> {
    const challenge = await test.app.inject({
      method: 'POST',
      url: '/admin-api/login',
      headers: PORTAL_WRITE_HEADERS,
      payload: { email, password: PASSWORD },
    });
    expect(challenge.statusCode).toBe(200);
    const { challengeId } = challenge.json();
    test.clock.advance(30_000);
    const verify = await test.app.inject({
      method: 'POST',
      url: '/admin-api/login/verify',
      headers: PORTAL_WRITE_HEADERS,
      payload: { challengeId, code: totpCode(secrets.get(email) ?? '', test.clock.now()) },
    });
    expect(verify.statusCode).toBe(200);
    const cookie = verify.cookies.find((candidate) => candidate.name === STAFF_SESSION_COOKIE);
    if (!cookie) throw new Error('no staff cookie');
    return `${STAFF_SESSION_COOKIE}=${cookie.value}`;
  }

  const get = (who: string | undefined, url: string) =>
    test.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] } : {} });

  beforeAll(async () => {
    test = await startTestApp(database, {
      logger: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    });
    harborId = await institutionId('localhost');
    await createStaff('viewer@harbor.test', [{ host: 'localhost', role: 'viewer' }]);
    await createStaff('editor@harbor.test', [{ host: 'localhost', role: 'editor' }]);
    await createStaff('publisher@harbor.test', [{ host: 'localhost', role: 'publisher' }]);
    await createStaff('publisher@summit.test', [{ host: 'summit.localhost', role: 'publisher' }]);
    await createStaff('implementer@portal.test', [], true);
    for (const email of secrets.keys())
      cookies[email.split('.')[0] ?? email] = await signInStaff(email);

    const { achProcessor } = test.app.services;
    const base = {
      institutionId: harborId,
      effectiveDate: TODAY,
      routingNumber: '011099990',
      accountNumber: ACCOUNT_NUMBER,
      accountType: 'Checking' as const,
      ownerName: 'Jordan Rivers',
      loanNumber: '001-100234-1',
    };
    expect(
      await achProcessor.submitDebit({ ...base, idempotencyKey: 'p-1', amountCents: 25_000 }),
    ).toMatchObject({ status: 'accepted' });
    expect(
      await achProcessor.submitDebit({
        ...base,
        idempotencyKey: 'p-2',
        accountNumber: OTHER_ACCOUNT_NUMBER,
        amountCents: 1_050,
      }),
    ).toMatchObject({ status: 'accepted' });
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it('lists the processing days to any role of the institution', async () => {
    for (const who of [
      'viewer@harbor',
      'editor@harbor',
      'publisher@harbor',
      'implementer@portal',
    ]) {
      const response = await get(who, '/admin-api/institutions/harbor/ach-files');
      expect(response.statusCode, who).toBe(200);
      expect(AchDayListResponse.parse(response.json())).toEqual({
        days: [
          { date: TODAY, entries: 2, totalDebitCents: 26_050, fileName: `ACH-harbor-${TODAY}.txt` },
        ],
      });
    }
    const summit = await get('publisher@summit', '/admin-api/institutions/summit/ach-files');
    expect(summit.json()).toEqual({ days: [] });
  });

  it('lets a publisher or an implementer download the day’s NACHA file', async () => {
    for (const who of ['publisher@harbor', 'implementer@portal']) {
      const response = await get(who, `/admin-api/institutions/harbor/ach-files/${TODAY}`);
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="ACH-harbor-${TODAY}.txt"`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const file = parseNachaFile(response.body);
      expect(file.totalDebitCents).toBe(26_050);
      expect(file.batches[0]?.entries.map((entry) => entry.accountNumber)).toEqual([
        ACCOUNT_NUMBER,
        OTHER_ACCOUNT_NUMBER,
      ]);
      // Friday's file settles on Monday.
      expect(file.batches[0]?.effectiveEntryDate).toBe('2025-03-17');
    }
    // The request log names the download, never the file's account numbers.
    const logged = logLines.filter((line) => line.includes('ACH file downloaded'));
    expect(logged).toHaveLength(2);
    expect(logLines.join('\n')).not.toContain(ACCOUNT_NUMBER);
    expect(logLines.join('\n')).not.toContain(OTHER_ACCOUNT_NUMBER);
  });

  it('refuses the download to a viewer or an editor', async () => {
    for (const who of ['viewer@harbor', 'editor@harbor']) {
      const response = await get(who, `/admin-api/institutions/harbor/ach-files/${TODAY}`);
      expect(response.statusCode, who).toBe(403);
      expect(errorOf(response).code).toBe('Forbidden');
      expect(response.body).not.toContain(ACCOUNT_NUMBER);
    }
  });

  it('tells another institution’s staff nothing, and needs a staff session', async () => {
    for (const url of [
      '/admin-api/institutions/harbor/ach-files',
      `/admin-api/institutions/harbor/ach-files/${TODAY}`,
    ]) {
      const other = await get('publisher@summit', url);
      expect(other.statusCode).toBe(404);
      expect(errorOf(other).code).toBe('NotFound');
      const anonymous = await get(undefined, url);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).code).toBe('Unauthenticated');
      // A borrower's portal session is not a staff session.
      const portalCookie = await test.app.inject({
        method: 'GET',
        url,
        headers: { cookie: `${test.app.cookieNames.session}=not-staff` },
      });
      expect(portalCookie.statusCode).toBe(401);
    }
  });

  it('answers 404 for a day without debits and 400 for a malformed date', async () => {
    const empty = await get(
      'publisher@harbor',
      '/admin-api/institutions/harbor/ach-files/2025-03-13',
    );
    expect(empty.statusCode).toBe(404);
    expect(errorOf(empty).code).toBe('NotFound');
    const malformed = await get(
      'publisher@harbor',
      '/admin-api/institutions/harbor/ach-files/2025-02-30',
    );
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('InvalidRequest');
    // Anything else under the path is the admin API's 404.
    const unknown = await get(
      'publisher@harbor',
      `/admin-api/institutions/harbor/ach-files/${TODAY}/entries`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NotFound');
  });
});
