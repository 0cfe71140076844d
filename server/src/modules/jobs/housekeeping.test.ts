import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createTestClock } from '../../testing/clock';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { signHs256 } from '../../lib/hs256';
import { hashToken } from '../../lib/tokens';
import {
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';
import { STAFF_SESSION_COOKIE } from '../staff/staff.routes';
import { totpCode } from '../staff/totp';
import {
  CLOCK_SKEW_MARGIN_MS,
  createHousekeepingWorker,
  HOUSEKEEPING_EVERY_MS,
  HOUSEKEEPING_QUEUE,
  LATE_ANSWER_RETENTION_MS,
} from './housekeeping';
import { createJobQueue } from './job-queue';
import { listJobs } from './jobs.repository';
import { idempotencyKeys } from '../../db/idempotency-keys';
import { IDEMPOTENCY_KEY_LIFETIME_MS, runOnce } from '../../lib/idempotency';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PASSWORD = 'Staff-Pass-2024!';
const WRITE = PORTAL_WRITE_HEADERS;
const CEDAR = 'cedar.localhost';

describe.each(testDatabases('both'))('housekeeping job on $name', (testDatabase) => {
  let test: TestApp;
  const secrets = new Map<string, string>();

  const db = () => test.database.db;
  const now = () => test.clock.now();
  const ago = (ms: number) => new Date(now().getTime() - ms);
  const ahead = (ms: number) => new Date(now().getTime() + ms);

  async function institutionId(host: string): Promise<number> {
    const found = await test.app.services.institutions.resolveHost(host);
    if (!found) throw new Error(`no institution at ${host}`);
    return found.id;
  }

  async function userId(institution: number, username: string): Promise<string> {
    const row = await db()
      .selectFrom('users')
      .select('id')
      .where('institution_id', '=', institution)
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const staffLogin = (email: string) =>
    test.app.inject({
      method: 'POST',
      url: '/admin-api/login',
      headers: WRITE,
      payload: { email, password: PASSWORD },
    });

  async function verifyChallenge(email: string, challengeId: string) {
    // Each sign-in needs the next time step: an accepted TOTP code is never accepted again.
    test.clock.advance(30_000);
    return test.app.inject({
      method: 'POST',
      url: '/admin-api/login/verify',
      headers: WRITE,
      payload: { challengeId, code: totpCode(secrets.get(email) ?? '', now()) },
    });
  }

  async function openChallenge(email: string): Promise<string> {
    const response = await staffLogin(email);
    expect(response.statusCode).toBe(200);
    return String(response.json().challengeId);
  }

  /** A signed-in staff member's cookie header. */
  async function signInStaff(email: string): Promise<string> {
    const verified = await verifyChallenge(email, await openChallenge(email));
    expect(verified.statusCode).toBe(200);
    const cookie = verified.cookies.find((candidate) => candidate.name === STAFF_SESSION_COOKIE);
    if (!cookie) throw new Error('no staff cookie');
    return `${STAFF_SESSION_COOKIE}=${cookie.value}`;
  }

  async function previewToken(staffCookie: string): Promise<string> {
    const response = await test.app.inject({
      method: 'POST',
      url: '/admin-api/institutions/harbor/preview-token',
      headers: { ...WRITE, cookie: staffCookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ adminOrigin: 'http://localhost' }),
    });
    expect(response.statusCode).toBe(200);
    return String(response.json().token);
  }

  const previewSession = (token: string) =>
    test.app.inject({
      method: 'GET',
      url: '/api/setup/PreviewSession',
      headers: { host: 'localhost', 'x-preview-token': token },
    });
  const staffMe = (cookie: string) =>
    test.app.inject({ method: 'GET', url: '/admin-api/me', headers: { cookie } });
  const profile = (cookie: string) =>
    test.app.inject({ method: 'GET', url: '/api/Profile', headers: { cookie } });
  const signOut = (cookie: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Login/Logout',
      headers: { ...WRITE, cookie },
      payload: {},
    });

  /** When each row of a table was created, oldest first. */
  async function createdTimes(
    table: 'preview_tokens' | 'staff_challenges' | 'staff_sessions' | 'sessions',
  ): Promise<number[]> {
    const rows = await db().selectFrom(table).select('created_at').orderBy('created_at').execute();
    return rows.map((row) => row.created_at.getTime());
  }

  beforeAll(async () => {
    test = await startTestApp(testDatabase, { demoMode: true });
    const harbor = await institutionId('localhost');
    for (const email of ['old@harbor.test', 'spent@harbor.test', 'live@harbor.test']) {
      const created = await test.app.services.adminAuth.createStaff({
        email,
        name: email.split('@')[0] ?? email,
        password: PASSWORD,
        isImplementer: false,
        withTotp: true,
        memberships: [{ institutionId: harbor, role: 'viewer' }],
      });
      if (!created.totpSecret) throw new Error('no TOTP secret');
      secrets.set(email, created.totpSecret);
    }
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it('deletes expired and used staff challenges, ended staff and borrower sessions and expired preview tokens, and live ones keep working', async () => {
    // Long ago: everything here has expired.
    const oldStaff = await signInStaff('old@harbor.test');
    await openChallenge('old@harbor.test');
    const oldPreview = await previewToken(oldStaff);
    const oldBorrower = await signIn(test.app, { username: 'jordan.rivers' });
    test.clock.advance(2 * DAY);

    // Signed out a little longer ago than the clock margin.
    const spentStaff = await signInStaff('spent@harbor.test');
    await test.app.inject({
      method: 'POST',
      url: '/admin-api/logout',
      headers: { ...WRITE, cookie: spentStaff },
    });
    const spentBorrower = await signIn(test.app, { username: 'casey.morgan' });
    expect((await signOut(spentBorrower.cookie)).statusCode).toBe(200);
    test.clock.advance(CLOCK_SKEW_MARGIN_MS + MINUTE);

    // Live now.
    const liveSince = now().getTime();
    const liveStaff = await signInStaff('live@harbor.test');
    const liveChallenge = await openChallenge('live@harbor.test');
    const livePreview = await previewToken(liveStaff);
    const liveBorrower = await signIn(test.app, { username: 'pat.lee' });

    const before = {
      previewTokens: await createdTimes('preview_tokens'),
      staffChallenges: await createdTimes('staff_challenges'),
      staffSessions: await createdTimes('staff_sessions'),
      sessions: await createdTimes('sessions'),
    };
    const live = (times: number[]) => times.filter((time) => time >= liveSince);

    const report = await test.app.services.housekeeping.runOnce();

    expect(report).toMatchObject({
      previewTokens: 1,
      // Old: used and left open; spent: used.
      staffChallenges: 3,
      // Old: expired; spent: signed out.
      staffSessions: 2,
      sessions: 2,
    });
    expect(await createdTimes('preview_tokens')).toEqual(live(before.previewTokens));
    expect(await createdTimes('staff_challenges')).toEqual(live(before.staffChallenges));
    expect(await createdTimes('staff_sessions')).toEqual(live(before.staffSessions));
    expect(await createdTimes('sessions')).toEqual(live(before.sessions));
    expect(live(before.sessions)).toHaveLength(1);

    // What is left still works through the API.
    expect((await previewSession(livePreview)).statusCode).toBe(200);
    expect((await staffMe(liveStaff)).statusCode).toBe(200);
    expect((await profile(liveBorrower.cookie)).statusCode).toBe(200);
    expect((await verifyChallenge('live@harbor.test', liveChallenge)).statusCode).toBe(200);
    // And what went answers as it did before the job.
    expect((await previewSession(oldPreview)).statusCode).toBe(404);
    expect((await staffMe(oldStaff)).statusCode).toBe(401);
    expect((await profile(oldBorrower.cookie)).statusCode).toBe(401);
    expect((await signOut(oldBorrower.cookie)).statusCode).toBe(200);

    // A second run finds nothing more to do.
    expect(Object.values(await test.app.services.housekeeping.runOnce())).toEqual(
      Object.values(report).map(() => 0),
    );
  });

  it('keeps a session, token or device until it has been over for longer than the clock margin', async () => {
    const harbor = await institutionId('localhost');
    const user = await userId(harbor, 'pat.lee');
    const justOver = ago(CLOCK_SKEW_MARGIN_MS - MINUTE);
    const longOver = ago(CLOCK_SKEW_MARGIN_MS + MINUTE);
    await db()
      .insertInto('trusted_devices')
      .values(
        [
          ['trusted-live', ahead(DAY)],
          ['trusted-just-over', justOver],
          ['trusted-long-over', longOver],
        ].map(([name, expiresAt]) => ({
          institution_id: harbor,
          user_id: user,
          token_hash: String(name),
          expires_at: expiresAt as Date,
          created_at: ago(30 * DAY),
        })),
      )
      .execute();
    await db()
      .insertInto('biometric_devices')
      .values(
        (
          [
            ['bio-live', ahead(DAY), null],
            ['bio-just-revoked', ahead(DAY), justOver],
            ['bio-long-revoked', ahead(DAY), longOver],
            ['bio-long-expired', longOver, null],
          ] as const
        ).map(([name, expiresAt, revokedAt]) => ({
          institution_id: harbor,
          user_id: user,
          device_id: 'phone-1',
          token_hash: name,
          expires_at: expiresAt,
          revoked_at: revokedAt,
          created_at: ago(30 * DAY),
        })),
      )
      .execute();
    await db()
      .insertInto('sessions')
      .values(
        (
          [
            ['session-live', ahead(10 * MINUTE), ahead(DAY), null],
            ['session-idle-just-over', justOver, ahead(DAY), null],
            ['session-idle-long-over', longOver, ahead(DAY), null],
            ['session-absolute-long-over', ahead(10 * MINUTE), longOver, null],
            ['session-revoked-long-ago', ahead(10 * MINUTE), ahead(DAY), longOver],
          ] as const
        ).map(([name, idle, absolute, revoked]) => ({
          token_hash: name,
          user_id: user,
          institution_id: harbor,
          created_at: ago(DAY),
          last_seen_at: ago(MINUTE),
          idle_expires_at: idle,
          absolute_expires_at: absolute,
          revoked_at: revoked,
        })),
      )
      .execute();

    await test.app.services.housekeeping.runOnce();

    const left = async (table: 'trusted_devices' | 'biometric_devices' | 'sessions') =>
      (await db().selectFrom(table).select('token_hash').execute())
        .map((row) => row.token_hash)
        .filter((name) => /^(trusted|bio|session)-/.test(name))
        .sort();
    expect(await left('trusted_devices')).toEqual(['trusted-just-over', 'trusted-live']);
    expect(await left('biometric_devices')).toEqual(['bio-just-revoked', 'bio-live']);
    expect(await left('sessions')).toEqual(['session-idle-just-over', 'session-live']);
  });

  it('keeps a used single sign-on token id until the token has expired, so a replay is still refused', async () => {
    const cedar = await institutionId(CEDAR);
    const secret = (await test.app.services.institutions.secret(cedar, 'sso-shared-secret')) ?? '';
    const iat = Math.floor(now().getTime() / 1000);
    const token = signHs256(
      { sub: 'quinn.harper', aud: 'cedar', iat, exp: iat + 60, jti: 'jti-live' },
      secret,
    );
    const ssoLogin = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/login/ssologin',
        remoteAddress: nextClientAddress(),
        headers: { ...WRITE, host: CEDAR },
        payload: { Token: token, Channel: 'Web' },
      });
    expect((await ssoLogin()).statusCode).toBe(200);
    await db()
      .insertInto('sso_token_uses')
      .values([
        { institution_id: cedar, jti: 'jti-just-expired', expires_at: ago(MINUTE) },
        {
          institution_id: cedar,
          jti: 'jti-long-expired',
          expires_at: ago(CLOCK_SKEW_MARGIN_MS + MINUTE),
        },
      ])
      .execute();

    const report = await test.app.services.housekeeping.runOnce();

    expect(report.ssoTokenUses).toBe(1);
    const jtis = await db().selectFrom('sso_token_uses').select('jti').orderBy('jti').execute();
    expect(jtis.map((row) => row.jti)).toEqual(['jti-just-expired', 'jti-live']);
    const replay = await ssoLogin();
    expect(replay.statusCode).toBe(403);
    expect(replay.json().Errors).toEqual([{ ErrorMessage: 'Invalid' }]);
  });

  it('keeps expired codes and link tokens a day so late attempts are told they expired, and lasting links for good', async () => {
    const harbor = await institutionId('localhost');
    const user = await userId(harbor, 'pat.lee');
    const code = (subject: string, expiresAt: Date, extra: object = {}) => ({
      institution_id: harbor,
      purpose: 'registration',
      session_id: null,
      token_hash: hashToken(`mfa-${subject}`),
      subject,
      email: 'new.borrower@example.test',
      code_digest: 'not-a-real-digest',
      expires_at: expiresAt,
      created_at: new Date(expiresAt.getTime() - 10 * MINUTE),
      ...extra,
    });
    const overADay = ago(LATE_ANSWER_RETENTION_MS + MINUTE);
    await db()
      .insertInto('security_codes')
      .values([
        code('code-live', ahead(5 * MINUTE)),
        code('code-expired-today', ago(2 * 60 * MINUTE)),
        code('code-expired-long-ago', overADay),
        code('code-consumed-long-ago', overADay, { consumed_at: overADay }),
        // Account creation accepts a verified code for an hour, past the code's own expiry.
        code('code-verified-recently', ago(30 * MINUTE), { verified_at: ago(40 * MINUTE) }),
        code('code-verified-long-ago', overADay, {
          verified_at: ago(LATE_ANSWER_RETENTION_MS + 2 * MINUTE),
        }),
      ])
      .execute();
    const link = (name: string, purpose: string, expiresAt: Date | null, usedAt: Date | null) => ({
      institution_id: harbor,
      user_id: user,
      purpose,
      token_hash: name,
      session_id: null,
      expires_at: expiresAt,
      used_at: usedAt,
      created_at: ago(30 * DAY),
    });
    await db()
      .insertInto('user_tokens')
      .values([
        link('link-opt-out-lasting', 'optOut', null, null),
        link('link-reset-live', 'resetPassword', ahead(DAY), null),
        link('link-activation-used-live', 'activation', ahead(DAY), ago(DAY)),
        link('link-activation-used-today', 'activation', ago(MINUTE), ago(2 * DAY)),
        link('link-verify-expired-long-ago', 'verifyEmail', overADay, null),
        link('link-reset-used-long-ago', 'resetPassword', overADay, ago(3 * DAY)),
      ])
      .execute();

    const report = await test.app.services.housekeeping.runOnce();

    expect(report).toMatchObject({ securityCodes: 3, userTokens: 2 });
    const codes = await db()
      .selectFrom('security_codes')
      .select('subject')
      .where('subject', 'like', 'code-%')
      .orderBy('subject')
      .execute();
    expect(codes.map((row) => row.subject)).toEqual([
      'code-expired-today',
      'code-live',
      'code-verified-recently',
    ]);
    const links = await db()
      .selectFrom('user_tokens')
      .select('token_hash')
      .where('token_hash', 'like', 'link-%')
      .orderBy('token_hash')
      .execute();
    expect(links.map((row) => row.token_hash)).toEqual([
      'link-activation-used-live',
      'link-activation-used-today',
      'link-opt-out-lasting',
      'link-reset-live',
    ]);

    // The code that expired today still answers CodeExpired (not Invalid).
    const late = await test.app.inject({
      method: 'POST',
      url: '/api/Register/ValidateCode',
      remoteAddress: nextClientAddress(),
      headers: WRITE,
      payload: {
        Code: '123456',
        MFAToken: 'mfa-code-expired-today',
        UserId: 'code-expired-today',
      },
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().Errors).toEqual([{ ErrorMessage: 'CodeExpired' }]);
  });

  it('deletes an e-mail change a day after its link expired, keeping live ones and the address waiting for its link', async () => {
    const harbor = await institutionId('localhost');
    const user = await userId(harbor, 'casey.morgan');
    const change = (name: string, expiresAt: Date, extra: object = {}) => ({
      institution_id: harbor,
      user_id: user,
      new_email: `${name}@example.test`,
      token_hash: hashToken(name),
      expires_at: expiresAt,
      created_at: new Date(expiresAt.getTime() - DAY),
      ...extra,
    });
    const overADay = ago(LATE_ANSWER_RETENTION_MS + MINUTE);
    await db()
      .insertInto('email_changes')
      .values([
        change('change-expired-long-ago', overADay, { ended_at: ago(2 * DAY) }),
        change('change-confirmed-long-ago', overADay, { ended_at: ago(3 * DAY), confirmed: true }),
        change('change-expired-today', ago(2 * 60 * MINUTE), { ended_at: ago(3 * 60 * MINUTE) }),
        change('change-live', ahead(DAY)),
      ])
      .execute();

    const report = await test.app.services.housekeeping.runOnce();

    expect(report.emailChanges).toBe(2);
    const left = await db()
      .selectFrom('email_changes')
      .select('new_email')
      .where('user_id', '=', user)
      .orderBy('new_email')
      .execute();
    expect(left.map((row) => row.new_email)).toEqual([
      'change-expired-today@example.test',
      'change-live@example.test',
    ]);
    // The live change still waits for its link on the profile.
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    expect((await profile(casey.cookie)).json().UserInfo.PendingEmailAddress).toBe(
      'change-live@example.test',
    );
  });

  it('never deletes login history, agreements, audit entries or mail still to send, and deletes mail failed for a month', async () => {
    const harbor = await institutionId('localhost');
    await db()
      .insertInto('outbox_messages')
      .values([
        {
          institution_id: harbor,
          to_address: 'waiting@example.test',
          subject: 'Still to deliver',
          body: 'Queued long ago, retried later',
          status: 'pending',
          created_at: ago(60 * DAY),
        },
        {
          institution_id: harbor,
          to_address: 'failed@example.test',
          subject: 'Failed',
          body: 'Out of attempts',
          status: 'failed',
          created_at: ago(60 * DAY),
        },
      ])
      .execute();
    const counts = async () => ({
      loginHistory: (await db().selectFrom('login_history').select('id').execute()).length,
      agreements: (await db().selectFrom('agreement_logs').select('id').execute()).length,
      audit: (await db().selectFrom('settings_audit').select('id').execute()).length,
      outbox: (await db().selectFrom('outbox_messages').select('id').execute()).length,
    });
    const before = await counts();
    expect(before.loginHistory).toBeGreaterThan(0);

    test.clock.advance(400 * DAY);
    await test.app.services.housekeeping.runOnce();

    expect(await counts()).toEqual({ ...before, outbox: before.outbox - 1 });
    const left = await db().selectFrom('outbox_messages').select('to_address').execute();
    expect(left.map((row) => row.to_address)).toContain('waiting@example.test');
    expect(left.map((row) => row.to_address)).not.toContain('failed@example.test');
  });

  it("deletes a payment submission's idempotency key once its day is over, keeping live ones", async () => {
    const institution = await institutionId('localhost');
    const user = await userId(institution, 'jordan.rivers');
    const submit = (key: string) =>
      runOnce(
        {
          db: db(),
          store: idempotencyKeys,
          institutionId: institution,
          userId: user,
          key,
          fingerprint: `fingerprint-${key}`,
          now: now(),
          parseBody: (body) => body,
        },
        async () => ({ status: 200, body: { ReferenceNumber: key } }),
      );
    await submit('old-submission-key-0001');
    test.clock.advance(IDEMPOTENCY_KEY_LIFETIME_MS + CLOCK_SKEW_MARGIN_MS + MINUTE);
    await submit('new-submission-key-0001');
    const report = await test.app.services.housekeeping.runOnce();
    expect(report.idempotencyKeys).toBe(1);
    const left = await db().selectFrom('idempotency_keys').select('key').execute();
    expect(left.map((row) => row.key)).toEqual(['new-submission-key-0001']);
  });

  it('purges rate-limit and failure counters untouched for a day, keeping locks that still hold', async () => {
    const harbor = await institutionId('localhost');
    const counter = (key: string, started: Date, lockedUntil: Date | null) => ({
      institution_id: harbor,
      scope: 'housekeeping-test',
      key,
      failures: 3,
      window_started_at: started,
      locked_until: lockedUntil,
    });
    await db()
      .insertInto('attempt_counters')
      .values([
        counter('stale', ago(2 * DAY), null),
        counter('stale-locked-forever', ago(2 * DAY), new Date('9999-12-31T00:00:00Z')),
        counter('recent', ago(MINUTE), null),
      ])
      .execute();
    await db()
      .insertInto('rate_limit_counters')
      .values([
        {
          institution_id: harbor,
          bucket: 'housekeeping-test',
          key: 'stale',
          window_start: ago(2 * DAY),
          count: 4,
        },
        {
          institution_id: harbor,
          bucket: 'housekeeping-test',
          key: 'recent',
          window_start: ago(MINUTE),
          count: 4,
        },
      ])
      .execute();

    await test.app.services.housekeeping.runOnce();

    const attempts = await db()
      .selectFrom('attempt_counters')
      .select('key')
      .where('scope', '=', 'housekeeping-test')
      .orderBy('key')
      .execute();
    expect(attempts.map((row) => row.key)).toEqual(['recent', 'stale-locked-forever']);
    const windows = await db()
      .selectFrom('rate_limit_counters')
      .select('key')
      .where('bucket', '=', 'housekeeping-test')
      .execute();
    expect(windows.map((row) => row.key)).toEqual(['recent']);
  });

  it('starts with the app when the app runs its jobs, and stops when it closes', async () => {
    const harbor = await institutionId('localhost');
    const staff = await db().selectFrom('staff_accounts').select('id').executeTakeFirstOrThrow();
    await db()
      .insertInto('preview_tokens')
      .values({
        token_hash: 'preview-app-jobs',
        staff_id: staff.id,
        institution_id: harbor,
        admin_origin: 'http://localhost:3000',
        expires_at: ago(DAY),
        created_at: ago(2 * DAY),
      })
      .execute();
    const app = await buildApp({
      db: db(),
      clock: test.clock,
      dataProtector: TEST_DATA_PROTECTOR,
      runJobs: true,
    });
    try {
      await app.ready();
      await vi.waitFor(
        async () => {
          const left = await db()
            .selectFrom('preview_tokens')
            .select('id')
            .where('token_hash', '=', 'preview-app-jobs')
            .execute();
          expect(left).toEqual([]);
        },
        { timeout: 5000 },
      );
    } finally {
      await app.close();
    }
  });

  it('runs once per ten-minute period however many instances poll, and a failed round does not stop the next', async () => {
    // The start of a period, so the test knows when the next one begins.
    const clock = createTestClock(
      new Date(Math.floor(now().getTime() / HOUSEKEEPING_EVERY_MS) * HOUSEKEEPING_EVERY_MS),
    );
    const purges: string[] = [];
    const errors: unknown[] = [];
    let failNext = true;
    const worker = createHousekeepingWorker({
      db: db(),
      clock,
      throttle: {
        purge: async () => {
          purges.push(clock.now().toISOString());
          if (failNext) {
            failNext = false;
            throw new Error('counters unavailable');
          }
        },
      },
    });
    // Two instances on one database, each with its own queue runner.
    const instances = [0, 1].map(() =>
      createJobQueue({
        db: db(),
        clock,
        queues: [worker.queue],
        schedules: [{ queue: HOUSEKEEPING_QUEUE, everyMs: HOUSEKEEPING_EVERY_MS }],
        onError: (error) => errors.push(error),
      }),
    );
    const poll = async () => {
      for (const instance of instances) {
        await instance.schedule();
        await instance.runOnce();
      }
    };
    await db().deleteFrom('jobs').where('queue', '=', HOUSEKEEPING_QUEUE).execute();

    await poll();
    await poll();
    expect(purges).toHaveLength(1);
    expect(errors).toEqual([new Error('counters unavailable')]);
    // The failed period is not retried (the next one comes soon) and stays visible for support.
    const [failed] = await listJobs(db(), HOUSEKEEPING_QUEUE);
    expect(failed).toMatchObject({ state: 'dead', last_error: 'Error: counters unavailable' });

    clock.advance(HOUSEKEEPING_EVERY_MS - 1);
    await poll();
    expect(purges).toHaveLength(1);
    clock.advance(1);
    await poll();
    await poll();
    expect(purges).toHaveLength(2);
    const jobs = await listJobs(db(), HOUSEKEEPING_QUEUE);
    expect(jobs.map((job) => job.state)).toEqual(['dead', 'done']);
  });
});
