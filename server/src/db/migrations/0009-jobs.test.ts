import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailboxTransport } from '../../modules/mail/transports';
import { createOutboxWorker } from '../../modules/mail/mail-delivery';
import { sealMailBody } from '../../modules/mail/mail.service';
import { createTestClock } from '../../testing/clock';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { MIGRATIONS } from './index';

/**
 * Mail queued before the job queue existed (outbox rows waiting or mid-send) must still go out
 * once the server runs on jobs: 0009 gives each such message its delivery job.
 */
describe('migration 0009 (jobs)', () => {
  let handle: DatabaseHandle;
  const clock = createTestClock('2026-11-20T12:00:00Z');
  const migrator = () =>
    new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    handle = await createDatabase({ inMemory: true });
    const before = await migrator().migrateTo('0008_staff_lockout_by_throttle');
    expect(before.error).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('queues a delivery job for each message still to send, and only those', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into institutions (slug, name, cdn_folder, time_zone)
      values ('harbor', 'Harbor', '/cdn/harbor', 'America/Chicago') returning id`.execute(
      handle.db,
    );
    const institutionId = rows[0]?.id;
    const at = clock.now();
    const body = sealMailBody(TEST_DATA_PROTECTOR, 'Your code is 123456');
    for (const [to, status] of [
      ['waiting@example.test', 'pending'],
      ['mid-send@example.test', 'sending'],
      ['done@example.test', 'sent'],
    ]) {
      await sql`
        insert into outbox_messages
          (institution_id, to_address, subject, body, status, next_attempt_at, created_at)
        values (${institutionId}, ${to}, 'Code', ${body}, ${status}, ${at}, ${at})`.execute(
        handle.db,
      );
    }

    const migrated = await migrator().migrateTo('0009_jobs');
    expect(migrated.error).toBeUndefined();
    expect(migrated.results?.map((result) => result.migrationName)).toEqual(['0009_jobs']);
    const jobs = await handle.db
      .selectFrom('jobs')
      .select(['queue', 'key', 'state'])
      .orderBy('id')
      .execute();
    expect(jobs).toEqual([
      { queue: 'mail.deliver', key: 'mail:1', state: 'queued' },
      { queue: 'mail.deliver', key: 'mail:2', state: 'queued' },
    ]);

    const sent: string[] = [];
    const worker = createOutboxWorker({
      db: handle.db,
      clock,
      dataProtector: TEST_DATA_PROTECTOR,
      keepSentBodies: false,
      transport: {
        ...createMailboxTransport(),
        send: async (message) => void sent.push(message.to),
      },
    });
    await expect(worker.runOnce()).resolves.toBe(2);
    expect(sent.sort()).toEqual(['mid-send@example.test', 'waiting@example.test']);
  });
});
