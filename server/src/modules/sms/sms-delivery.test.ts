import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/create-database';
import type { Database } from '../../db/schema';
import { createTestClock, type TestClock } from '../../testing/clock';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { listJobs } from '../jobs/jobs.repository';
import { createBuiltinSmsProvider, type SmsMessage, type SmsProvider } from './providers';
import { createSmsOutboxWorker, SMS_DELIVERY_QUEUE } from './sms-delivery';
import { createSmsService, type SmsService } from './sms.service';

const SECOND = 1000;
const HOUR = 3_600_000;

/**
 * The built-in provider seen from the phone: every text it accepted, one per message id (a real
 * provider keeps one message per idempotency key). `lostAnswers` answers are lost on the way
 * back, after the provider took the text: the sender sees an error as if it had crashed.
 */
function phoneOfProvider(options: { lostAnswers?: number } = {}) {
  const builtin = createBuiltinSmsProvider();
  const received = new Map<string, SmsMessage>();
  let lostAnswers = options.lostAnswers ?? 0;
  let calls = 0;
  const provider: SmsProvider = {
    name: 'builtin',
    lineType: (number) => builtin.lineType(number),
    async send(message) {
      calls += 1;
      const answer = await builtin.send(message);
      received.set(answer.providerMessageId, message);
      if (lostAnswers > 0) {
        lostAnswers -= 1;
        throw new Error('connection reset');
      }
      return answer;
    },
  };
  return { provider, received, calls: () => calls };
}

async function createInstitution(db: Kysely<Database>): Promise<number> {
  const row = await db
    .insertInto('institutions')
    .values({
      slug: `sms-${randomBytes(3).toString('hex')}`,
      name: 'Texting Savings',
      cdn_folder: '/cdn/sms',
      time_zone: 'UTC',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testDatabases('both'))('SMS outbox on $name', (testDatabase) => {
  let database: DatabaseHandle;
  let institutionId: number;
  let clock: TestClock;
  const db = () => database.db;

  function setUp(provider: SmsProvider, options: { batchSize?: number } = {}) {
    const sms: SmsService = createSmsService({
      db: db(),
      clock,
      dataProtector: TEST_DATA_PROTECTOR,
      provider,
      jobs: { nudgeSoon: () => undefined },
      replies: () => undefined,
    });
    const worker = createSmsOutboxWorker({
      db: db(),
      clock,
      provider,
      dataProtector: TEST_DATA_PROTECTOR,
      keepSentBodies: true,
      ...options,
    });
    return { sms, worker };
  }
  const text = (to: string, dedupeKey: string) => ({
    institutionId,
    to,
    body: `Your payment ${dedupeKey} posted`,
    dedupeKey,
  });
  const rowOf = (dedupeKey: string) =>
    db()
      .selectFrom('sms_messages')
      .selectAll()
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirstOrThrow();
  const jobOf = async (dedupeKey: string) => {
    const { id } = await rowOf(dedupeKey);
    return db()
      .selectFrom('jobs')
      .selectAll()
      .where('queue', '=', SMS_DELIVERY_QUEUE)
      .where('key', '=', `sms:${id}`)
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    database = await testDatabase.open();
    institutionId = await createInstitution(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    await db().deleteFrom('sms_messages').execute();
    await db().deleteFrom('jobs').execute();
  });

  it('queues a text once per dedupe key however often it is asked, and sends it once', async () => {
    clock = createTestClock();
    const phone = phoneOfProvider();
    const { sms, worker } = setUp(phone.provider);
    expect(await sms.enqueue(text('207-555-0134', 'posted:1'))).toBe(true);
    expect(await sms.enqueue(text('2075550134', 'posted:1'))).toBe(false);
    expect((await rowOf('posted:1')).body).not.toContain('posted');
    // One text, one delivery job: the second ask wrote neither.
    const { id } = await rowOf('posted:1');
    expect(
      (await listJobs(db(), SMS_DELIVERY_QUEUE)).map((job) => [job.key, job.payload, job.state]),
    ).toEqual([[`sms:${id}`, { messageId: id }, 'queued']]);

    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    // Asked again after it was sent: still nothing queued.
    expect(await sms.enqueue(text('2075550134', 'posted:1'))).toBe(false);
    clock.advance(HOUR);
    expect(await worker.runOnce()).toBe(0);
    expect(phone.calls()).toBe(1);
    expect([...phone.received.values()].map((message) => message.to)).toEqual(['+12075550134']);
    expect(await rowOf('posted:1')).toMatchObject({ status: 'sent', provider: 'builtin' });
  });

  it('sends a text the phone already got once more under the same key after a lost answer, so the phone has it once', async () => {
    clock = createTestClock();
    const phone = phoneOfProvider({ lostAnswers: 1 });
    const { sms, worker } = setUp(phone.provider);
    await sms.enqueue(text('2075550134', 'due:7'));

    expect(await worker.runOnce()).toBe(0);
    expect(await rowOf('due:7')).toMatchObject({
      status: 'pending',
      last_error: 'connection reset',
    });
    // The retry is the job's, after the queue's backoff.
    expect(await jobOf('due:7')).toMatchObject({ state: 'queued', attempts: 1 });
    clock.advance(30 * SECOND - 1);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);

    expect(phone.calls()).toBe(2);
    expect(phone.received.size).toBe(1);
    const [messageId] = [...phone.received.keys()];
    expect(await rowOf('due:7')).toMatchObject({ status: 'sent', provider_message_id: messageId });
  });

  it('fails a text to a landline at once, without retrying, and refuses a number that is not a US number', async () => {
    clock = createTestClock();
    const phone = phoneOfProvider();
    const { sms, worker } = setUp(phone.provider);
    expect(await sms.lineType('207-555-0100')).toBe('landline');
    expect(await sms.lineType('207-555-0134')).toBe('mobile');
    expect(await sms.lineType('555-0134')).toBe('invalid');
    expect(await sms.enqueue(text('555-0134', 'short'))).toBe(false);

    await sms.enqueue(text('207-555-0100', 'landline'));
    expect(await worker.runOnce()).toBe(0);
    expect(await rowOf('landline')).toMatchObject({
      status: 'failed',
      last_error: 'This is not a textable phone number',
    });
    expect(await jobOf('landline')).toMatchObject({ state: 'dead', attempts: 1 });
    clock.advance(2 * HOUR);
    expect(await worker.runOnce()).toBe(0);
    expect(phone.received.size).toBe(0);
  });

  it('sends each text once when runs of one worker overlap', async () => {
    clock = createTestClock();
    const phone = phoneOfProvider();
    const { sms, worker } = setUp(phone.provider, { batchSize: 7 });
    for (let index = 0; index < 40; index += 1) {
      await sms.enqueue(text(`207555${String(2001 + index)}`, `burst:${index}`));
    }
    const sent = await Promise.all(Array.from({ length: 8 }, () => worker.runOnce()));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(phone.calls()).toBe(40);
    expect(phone.received.size).toBe(40);
  });

  it('sends each text exactly once when two workers run at the same time', async () => {
    clock = createTestClock();
    const phone = phoneOfProvider();
    const { sms, worker: first } = setUp(phone.provider, { batchSize: 5 });
    const { worker: second } = setUp(phone.provider, { batchSize: 5 });
    for (let index = 0; index < 30; index += 1) {
      await sms.enqueue(text(`207555${String(3001 + index)}`, `two:${index}`));
    }
    const done = await Promise.all([first, second, first, second].map((w) => w.runOnce()));
    expect(done.reduce((sum, count) => sum + count, 0)).toBe(30);
    expect(phone.calls()).toBe(30);
    const jobs = await listJobs(db(), SMS_DELIVERY_QUEUE);
    expect(jobs.every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
    expect(jobs).toHaveLength(30);
  });

  it('writes neither a text nor its job when the transaction that queued it rolls back', async () => {
    clock = createTestClock();
    const { sms } = setUp(phoneOfProvider().provider);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          expect(await sms.enqueue(text('2075550134', 'rolled-back'), trx)).toBe(true);
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await db().selectFrom('sms_messages').select('id').execute()).toEqual([]);
    expect(await listJobs(db(), SMS_DELIVERY_QUEUE)).toEqual([]);
    // The key was never used: asked again, the text is queued.
    expect(await sms.enqueue(text('2075550134', 'rolled-back'))).toBe(true);
    expect(await listJobs(db(), SMS_DELIVERY_QUEUE)).toHaveLength(1);
  });

  it('shows the demo phone its texts and replies by number, bodies readable', async () => {
    clock = createTestClock();
    const { sms, worker } = setUp(phoneOfProvider().provider);
    await sms.enqueue(text('2075550134', 'a'));
    await sms.enqueue(text('2075550161', 'b'));
    await worker.runOnce();
    await sms.receiveReply({ institutionId, from: '207-555-0134', body: 'HELP' });
    const conversation = await sms.conversation({ institutionId, phoneNumber: '207-555-0134' });
    expect(conversation.map(({ direction, body }) => ({ direction, body }))).toEqual([
      { direction: 'in', body: 'HELP' },
      { direction: 'out', body: 'Your payment a posted' },
    ]);
  });
});
