import { AdminError, type StaffRole } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNachaFile } from '../../core/ach/nacha-file';
import { testDatabases } from '../../testing/databases';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';
import { STAFF_SESSION_COOKIE } from '../staff/staff.routes';
import { totpCode } from '../staff/totp';
import { AchDayListResponse, AchFileMadeResponse } from '@portal/domain';

const PASSWORD = 'Staff-Pass-2024!';
// The test clock starts on Friday 2025-03-14, 11:00 in New York (Harbor's zone).
const TODAY = '2025-03-14';
const ACCOUNT_NUMBER = '90817263544';
const OTHER_ACCOUNT_NUMBER = '5550001234';
const LATER_ACCOUNT_NUMBER = '777000111';
const FILE_A = `/admin-api/institutions/harbor/ach-files/${TODAY}/A`;

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
  /** Make file, confirming what staff were shown waiting (the day's first two debits). */
  const post = (
    who: string | undefined,
    url: string,
    confirmed: Record<string, number> = { entries: 2, totalDebitCents: 26_050 },
  ) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { ...PORTAL_WRITE_HEADERS, ...(who ? { cookie: cookies[who] } : {}) },
      payload: confirmed,
    });
  const debitBase = () => ({
    institutionId: harborId,
    effectiveDate: TODAY,
    routingNumber: '011099990',
    accountNumber: ACCOUNT_NUMBER,
    accountType: 'Checking' as const,
    ownerName: 'Jordan Rivers',
    loanNumber: '001-100234-1',
  });
  const auditEntries = async (action: string) =>
    (await test.app.services.auditLog.list(harborId, { limit: 200 })).entries.filter(
      (entry) => entry.action === action,
    );

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
    const base = debitBase();
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

  it('lists the processing days to any role of the institution, with what waits for a file', async () => {
    for (const who of [
      'viewer@harbor',
      'editor@harbor',
      'publisher@harbor',
      'implementer@portal',
    ]) {
      const response = await get(who, '/admin-api/institutions/harbor/ach-files');
      expect(response.statusCode, who).toBe(200);
      expect(AchDayListResponse.parse(response.json())).toEqual({
        // Harbor's published cut-off; at 11:00 the day's payments wait for it.
        cutoffTime: '17:00',
        days: [
          {
            date: TODAY,
            entries: 2,
            totalDebitCents: 26_050,
            files: [],
            pending: { entries: 2, totalDebitCents: 26_050, filedOnItsOwn: 'atCutoff' },
            returns: [],
            notices: [],
          },
        ],
      });
    }
    const summit = await get('publisher@summit', '/admin-api/institutions/summit/ach-files');
    expect(summit.json()).toEqual({ cutoffTime: '17:00', days: [] });
  });

  it('refuses to make or download a file to a viewer or an editor', async () => {
    for (const who of ['viewer@harbor', 'editor@harbor']) {
      const made = await post(who, `/admin-api/institutions/harbor/ach-files/${TODAY}`);
      expect(made.statusCode, who).toBe(403);
      expect(errorOf(made).code).toBe('Forbidden');
      const download = await get(who, FILE_A);
      expect(download.statusCode, who).toBe(403);
      expect(download.body).not.toContain(ACCOUNT_NUMBER);
    }
    // Nothing was made.
    const list = AchDayListResponse.parse(
      (await get('publisher@harbor', '/admin-api/institutions/harbor/ach-files')).json(),
    );
    expect(list.days[0]?.files).toEqual([]);
  });

  it('refuses a Make file whose confirmed payments are not what waits, saying what waits now, and makes nothing', async () => {
    for (const confirmed of [
      { entries: 1, totalDebitCents: 25_000 },
      { entries: 2, totalDebitCents: 26_049 },
    ]) {
      const stale = await post(
        'publisher@harbor',
        `/admin-api/institutions/harbor/ach-files/${TODAY}`,
        confirmed,
      );
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale)).toEqual({
        code: 'Conflict',
        message: expect.stringMatching(
          /^What waits for a file of 03\/14\/2025 changed: 2 payments, \$260\.50 now, not the /,
        ),
      });
    }
    expect(
      errorOf(
        await post('publisher@harbor', `/admin-api/institutions/harbor/ach-files/${TODAY}`, {
          entries: 1,
          totalDebitCents: 25_000,
        }),
      ).message,
    ).toBe(
      'What waits for a file of 03/14/2025 changed: 2 payments, $260.50 now, not the 1 payment, $250.00 you confirmed. No file was made: check the new figures and make the file again.',
    );
    // Nothing was made, nothing audited.
    const list = AchDayListResponse.parse(
      (await get('publisher@harbor', '/admin-api/institutions/harbor/ach-files')).json(),
    );
    expect(list.days[0]).toMatchObject({ files: [], pending: { entries: 2 } });
    expect(await auditEntries('achFile.seal')).toEqual([]);
    // Staff must say what they confirmed: a file of nothing, or no figures, is a bad request.
    const malformedBodies: Record<string, number>[] = [
      {},
      { entries: 0, totalDebitCents: 0 },
      { entries: 2 },
    ];
    for (const confirmed of malformedBodies) {
      const malformed = await post(
        'publisher@harbor',
        `/admin-api/institutions/harbor/ach-files/${TODAY}`,
        confirmed,
      );
      expect(malformed.statusCode, JSON.stringify(confirmed)).toBe(400);
      expect(errorOf(malformed).code).toBe('InvalidRequest');
    }
  });

  it('lets a publisher make the day’s file, sealed: each download the same bytes, audited', async () => {
    test.clock.advance(60_000);
    const made = await post(
      'publisher@harbor',
      `/admin-api/institutions/harbor/ach-files/${TODAY}`,
    );
    expect(made.statusCode).toBe(201);
    expect(AchFileMadeResponse.parse(made.json())).toEqual({
      date: TODAY,
      file: {
        fileIdModifier: 'A',
        entries: 2,
        totalDebitCents: 26_050,
        sealedAt: test.clock.now().toISOString(),
        fileName: `ACH-harbor-${TODAY}-A.txt`,
      },
    });

    const downloads: string[] = [];
    for (const who of ['publisher@harbor', 'implementer@portal', 'publisher@harbor']) {
      test.clock.advance(60_000);
      const response = await get(who, FILE_A);
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="ACH-harbor-${TODAY}-A.txt"`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      downloads.push(response.body);
    }
    // The same bytes every time.
    expect(new Set(downloads).size).toBe(1);
    const file = parseNachaFile(downloads[0] ?? '');
    expect(file.fileIdModifier).toBe('A');
    expect(file.totalDebitCents).toBe(26_050);
    expect(file.batches[0]?.entries.map((entry) => entry.accountNumber)).toEqual([
      ACCOUNT_NUMBER,
      OTHER_ACCOUNT_NUMBER,
    ]);
    // Friday's file settles on Monday.
    expect(file.batches[0]?.effectiveEntryDate).toBe('2025-03-17');

    // Made once, downloaded three times: who, which file and when, never what it holds.
    const sealed = await auditEntries('achFile.seal');
    expect(sealed).toHaveLength(1);
    expect(sealed[0]).toMatchObject({
      staff: 'publisher@harbor.test',
      comment: `Made ACH file A of ${TODAY} (ACH-harbor-${TODAY}-A.txt, 2 entries).`,
    });
    const downloaded = await auditEntries('achFile.download');
    expect(downloaded.map((entry) => entry.staff)).toEqual([
      'publisher@harbor.test',
      'implementer@portal.test',
      'publisher@harbor.test',
    ]);
    expect(new Set(downloaded.map((entry) => entry.at)).size).toBe(3);
    expect(downloaded[0]?.comment).toBe(
      `Downloaded ACH file A of ${TODAY} (ACH-harbor-${TODAY}-A.txt, 2 entries).`,
    );
    const audited = JSON.stringify([...sealed, ...downloaded]);
    expect(audited).not.toContain(ACCOUNT_NUMBER);
    expect(audited).not.toContain(OTHER_ACCOUNT_NUMBER);
    // Nor does the request log hold an account number.
    expect(logLines.join('\n')).not.toContain(ACCOUNT_NUMBER);
    expect(logLines.join('\n')).not.toContain(OTHER_ACCOUNT_NUMBER);
  });

  it('puts later debits in the next file, with the next modifier and none of the first’s', async () => {
    // The same question answered again (a second tab, or the file made meanwhile): refused.
    const nothing = await post(
      'publisher@harbor',
      `/admin-api/institutions/harbor/ach-files/${TODAY}`,
    );
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing).message).toBe(
      'Nothing of 03/14/2025 waits for a file any more: the payments you confirmed were filed meanwhile (at the ACH cut-off, or by another publisher). No file was made.',
    );

    const first = parseNachaFile((await get('publisher@harbor', FILE_A)).body);
    expect(
      await test.app.services.achProcessor.submitDebit({
        ...debitBase(),
        idempotencyKey: 'p-3',
        accountNumber: LATER_ACCOUNT_NUMBER,
        amountCents: 7_500,
        recurring: true,
      }),
    ).toMatchObject({ status: 'accepted' });
    const made = await post(
      'publisher@harbor',
      `/admin-api/institutions/harbor/ach-files/${TODAY}`,
      { entries: 1, totalDebitCents: 7_500 },
    );
    expect(made.statusCode).toBe(201);
    expect(AchFileMadeResponse.parse(made.json()).file).toMatchObject({
      fileIdModifier: 'B',
      entries: 1,
      totalDebitCents: 7_500,
      fileName: `ACH-harbor-${TODAY}-B.txt`,
    });

    const second = parseNachaFile(
      (await get('publisher@harbor', `/admin-api/institutions/harbor/ach-files/${TODAY}/B`)).body,
    );
    expect(second.fileIdModifier).toBe('B');
    const firstEntries = first.batches.flatMap((batch) => batch.entries);
    const secondEntries = second.batches.flatMap((batch) => batch.entries);
    expect(secondEntries.map((entry) => [entry.accountNumber, entry.paymentType])).toEqual([
      [LATER_ACCOUNT_NUMBER, 'R'],
    ]);
    const firstTraces = new Set(firstEntries.map((entry) => entry.traceNumber));
    expect(secondEntries.some((entry) => firstTraces.has(entry.traceNumber))).toBe(false);
    // The first file is as it was.
    expect(parseNachaFile((await get('publisher@harbor', FILE_A)).body)).toEqual(first);

    const list = AchDayListResponse.parse(
      (await get('viewer@harbor', '/admin-api/institutions/harbor/ach-files')).json(),
    );
    expect(list.days[0]).toMatchObject({
      entries: 3,
      totalDebitCents: 33_550,
      pending: { entries: 0, totalDebitCents: 0 },
    });
    expect(list.days[0]?.files.map((file) => [file.fileIdModifier, file.entries])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
  });

  it('starts the next day’s files at A', async () => {
    // Saturday 10:00 in New York (staff sign in again after a night away).
    test.clock.set('2025-03-15T14:00:00.000Z');
    for (const email of secrets.keys())
      cookies[email.split('.')[0] ?? email] = await signInStaff(email);
    await test.app.services.achProcessor.submitDebit({
      ...debitBase(),
      idempotencyKey: 'p-4',
      effectiveDate: '2025-03-15',
      amountCents: 4_200,
    });
    const made = await post(
      'publisher@harbor',
      '/admin-api/institutions/harbor/ach-files/2025-03-15',
      { entries: 1, totalDebitCents: 4_200 },
    );
    expect(AchFileMadeResponse.parse(made.json()).file.fileIdModifier).toBe('A');
    const saturday = parseNachaFile(
      (await get('publisher@harbor', '/admin-api/institutions/harbor/ach-files/2025-03-15/A')).body,
    );
    expect(saturday).toMatchObject({ creationDate: '2025-03-15', fileIdModifier: 'A' });
    expect(saturday.batches.flatMap((batch) => batch.entries.map((e) => e.amountCents))).toEqual([
      4_200,
    ]);
  });

  it('tells another institution’s staff nothing, and needs a staff session', async () => {
    for (const url of [
      '/admin-api/institutions/harbor/ach-files',
      `/admin-api/institutions/harbor/ach-files/${TODAY}`,
      FILE_A,
    ]) {
      const method = url.endsWith(TODAY) ? post : get;
      const other = await method('publisher@summit', url);
      expect(other.statusCode, url).toBe(404);
      expect(errorOf(other).code).toBe('NotFound');
      expect(other.body).not.toContain(ACCOUNT_NUMBER);
      const anonymous = await method(undefined, url);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).code).toBe('Unauthenticated');
      // A borrower's portal session is not a staff session.
      const portalCookie = await test.app.inject({
        method: url.endsWith(TODAY) ? 'POST' : 'GET',
        url,
        headers: { ...PORTAL_WRITE_HEADERS, cookie: `${test.app.cookieNames.session}=not-staff` },
        payload: url.endsWith(TODAY) ? { entries: 2, totalDebitCents: 26_050 } : undefined,
      });
      expect(portalCookie.statusCode).toBe(401);
    }
    // Summit's own files are Summit's: Harbor's file is not among them.
    const summitFile = await get(
      'publisher@summit',
      `/admin-api/institutions/summit/ach-files/${TODAY}/A`,
    );
    expect(summitFile.statusCode).toBe(404);
    expect((await auditEntries('achFile.download')).map((entry) => entry.staff)).not.toContain(
      'publisher@summit.test',
    );
  });

  it('describes the staff calls in the OpenAPI document', async () => {
    const document = (await test.app.inject({ url: '/api/openapi.json' })).json();
    const day = document.paths['/admin-api/institutions/{slug}/ach-files/{date}'];
    expect(day?.post?.description).toMatch(/achFile\.seal/);
    expect(day?.post?.description).toMatch(/403 Forbidden/);
    const file = document.paths['/admin-api/institutions/{slug}/ach-files/{date}/{fileIdModifier}'];
    expect(file?.get?.description).toMatch(/achFile\.download/);
  });

  it('answers 404 for a file the day does not have and 400 for a malformed date or modifier', async () => {
    for (const url of [
      '/admin-api/institutions/harbor/ach-files/2025-03-13/A',
      `/admin-api/institutions/harbor/ach-files/${TODAY}/C`,
    ]) {
      const missing = await get('publisher@harbor', url);
      expect(missing.statusCode, url).toBe(404);
      expect(errorOf(missing).code).toBe('NotFound');
    }
    const noDebits = await post(
      'publisher@harbor',
      '/admin-api/institutions/harbor/ach-files/2025-03-13',
    );
    expect(noDebits.statusCode).toBe(404);
    for (const url of [
      '/admin-api/institutions/harbor/ach-files/2025-02-30/A',
      `/admin-api/institutions/harbor/ach-files/${TODAY}/a`,
      `/admin-api/institutions/harbor/ach-files/${TODAY}/AB`,
    ]) {
      const malformed = await get('publisher@harbor', url);
      expect(malformed.statusCode, url).toBe(400);
      expect(errorOf(malformed).code).toBe('InvalidRequest');
    }
    // Anything else under the path is the admin API's 404.
    const unknown = await get(
      'publisher@harbor',
      `/admin-api/institutions/harbor/ach-files/${TODAY}/A/entries`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NotFound');
  });
});
