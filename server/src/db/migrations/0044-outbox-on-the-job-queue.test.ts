import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxWorker } from '../../modules/mail/mail-delivery';
import { sealMailBody } from '../../modules/mail/mail.service';
import { createBuiltinSmsProvider } from '../../modules/sms/providers';
import { createSmsOutboxWorker } from '../../modules/sms/sms-delivery';
import { createTestClock } from '../../testing/clock';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { MIGRATIONS } from './index';

const SECOND = 1000;

/**
 * Messages still to send when the outboxes move onto the job queue keep going out: each gets
 * its delivery job, due when its retry was and counting the attempts it made; the sweep jobs go;
 * the migration undoes.
 */
describe('migration 0044 (the outbox on the job queue)', () => {
  let handle: DatabaseHandle;
  const clock = createTestClock('2026-12-02T12:00:00Z');
  const names = Object.keys(MIGRATIONS);
  const previous = names[names.indexOf('0044_outbox_on_the_job_queue') - 1] ?? '';
  const migrator = () =>
    new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    handle = await createDatabase({ inMemory: true });
    expect((await migrator().migrateTo(previous)).error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('queues a delivery job for each message still to send, drops the sweeps and the claim columns, and undoes', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into institutions (slug, name, cdn_folder, time_zone)
      values ('harbor', 'Harbor', '/cdn/harbor', 'America/Chicago') returning id`.execute(
      handle.db,
    );
    const institutionId = rows[0]?.id;
    const at = clock.now();
    const retryAt = new Date(at.getTime() + 30 * SECOND);
    const body = sealMailBody(TEST_DATA_PROTECTOR, 'Your code is 123456');
    const mail = async (to: string, status: string, attempts: number, lastError = '') => {
      const inserted = await sql<{ id: number }>`
        insert into outbox_messages (institution_id, to_address, subject, body, status, attempts,
          next_attempt_at, last_error, created_at)
        values (${institutionId}, ${to}, 'Code', ${body}, ${status}, ${attempts}, ${retryAt},
          ${lastError}, ${at}) returning id`.execute(handle.db);
      return inserted.rows[0]?.id ?? 0;
    };
    const waiting = await mail('waiting@example.test', 'pending', 2, 'relay refused');
    const exhausted = await mail('exhausted@example.test', 'pending', 8);
    await mail('done@example.test', 'sent', 1);
    await mail('bounced@example.test', 'failed', 8, 'relay refused');
    await sql`
      insert into sms_messages (institution_id, direction, phone_number, body, dedupe_key, status,
        next_attempt_at, created_at)
      values (${institutionId}, 'out', '+12075550134', ${body}, 'due:1', 'pending', ${at}, ${at}),
        (${institutionId}, 'out', '+12075550134', ${body}, 'due:0', 'sent', ${at}, ${at}),
        (${institutionId}, 'in', '+12075550134', ${body}, 'reply:1', 'received', ${at}, ${at})
      `.execute(handle.db);
    const job = (queue: string, key: string, state: string) => sql`
      insert into jobs (queue, key, payload, state, run_at, max_attempts, created_at)
      values (${queue}, ${key}, '{}'::jsonb, ${state}, ${at}, 1, ${at})`;
    await job('mail.deliver', 'every:2026-12-02T11:59:00.000Z', 'queued').execute(handle.db);
    await job('mail.deliver', 'soon:1', 'active').execute(handle.db);
    await job('mail.deliver', 'every:2026-12-02T11:58:00.000Z', 'done').execute(handle.db);
    await job('sms.deliver', 'every:2026-12-02T11:59:00.000Z', 'queued').execute(handle.db);
    // Migration 0009's job of the waiting message, run long ago as a sweep.
    await job('mail.deliver', `mail:${waiting}`, 'done').execute(handle.db);

    expect((await migrator().migrateTo('0044_outbox_on_the_job_queue')).error).toBeUndefined();

    const jobs = await handle.db
      .selectFrom('jobs')
      .select(['queue', 'key', 'payload', 'state', 'attempts', 'max_attempts', 'run_at'])
      .orderBy('queue')
      .orderBy('key')
      .execute();
    expect(jobs).toEqual([
      {
        queue: 'mail.deliver',
        key: 'every:2026-12-02T11:58:00.000Z',
        payload: {},
        state: 'done',
        attempts: 0,
        max_attempts: 1,
        run_at: at,
      },
      ...[
        [waiting, 2],
        [exhausted, 8],
      ].map(([id, attempts]) => ({
        queue: 'mail.deliver',
        key: `mail:${id}`,
        payload: { messageId: id },
        state: 'queued',
        attempts,
        max_attempts: 8,
        run_at: retryAt,
      })),
      expect.objectContaining({ queue: 'sms.deliver', state: 'queued', run_at: at }),
    ]);
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_name in ('outbox_messages', 'sms_messages')
        and column_name in ('attempts', 'next_attempt_at', 'claimed_until')`.execute(handle.db);
    expect(columns.rows).toEqual([]);

    // The jobs deliver: the waiting message once its retry is due; the one out of attempts
    // fails without being sent; the text goes.
    const sent: string[] = [];
    const mailer = createOutboxWorker({
      db: handle.db,
      clock,
      dataProtector: TEST_DATA_PROTECTOR,
      transport: { name: 'test', send: async (message) => void sent.push(message.to) },
    });
    const texter = createSmsOutboxWorker({
      db: handle.db,
      clock,
      dataProtector: TEST_DATA_PROTECTOR,
      provider: createBuiltinSmsProvider(),
    });
    expect(await texter.runOnce()).toBe(1);
    expect(await mailer.runOnce()).toBe(0);
    clock.advance(30 * SECOND);
    expect(await mailer.runOnce()).toBe(1);
    expect(sent).toEqual(['waiting@example.test']);
    const messages = await handle.db
      .selectFrom('outbox_messages')
      .select(['to_address', 'status', 'last_error'])
      .orderBy('id')
      .execute();
    expect(messages).toEqual([
      { to_address: 'waiting@example.test', status: 'sent', last_error: '' },
      {
        to_address: 'exhausted@example.test',
        status: 'failed',
        last_error: 'PermanentJobError: out of attempts',
      },
      { to_address: 'done@example.test', status: 'sent', last_error: '' },
      { to_address: 'bounced@example.test', status: 'failed', last_error: 'relay refused' },
    ]);

    // Undone: the columns are back, a message still to send taking its job's attempts and
    // time (the sweep finds it), and the message jobs still to run go.
    const later = new Date(at.getTime() + 90 * SECOND);
    const { rows: after } = await sql<{ id: number }>`
      insert into outbox_messages (institution_id, to_address, subject, body, created_at)
      values (${institutionId}, 'after@example.test', 'Code', ${body}, ${at}) returning id`.execute(
      handle.db,
    );
    const afterId = after[0]?.id ?? 0;
    await sql`
      insert into jobs (queue, key, payload, run_at, attempts, max_attempts, created_at)
      values ('mail.deliver', ${`mail:${afterId}`}, jsonb_build_object('messageId', cast(${afterId} as bigint)),
        ${later}, 3, 8, ${at})`.execute(handle.db);
    expect((await migrator().migrateTo(previous)).error).toBeUndefined();
    const restored = await sql<{ to_address: string; attempts: number; next_attempt_at: Date }>`
      select to_address, attempts, next_attempt_at from outbox_messages
      where status = 'pending'`.execute(handle.db);
    expect(restored.rows).toEqual([
      { to_address: 'after@example.test', attempts: 3, next_attempt_at: later },
    ]);
    const left = await handle.db
      .selectFrom('jobs')
      .select('key')
      .where('state', 'in', ['queued', 'active'])
      .execute();
    expect(left).toEqual([]);
  });
});
