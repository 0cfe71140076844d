import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { FAILED_MAIL_RETENTION_MS, SENT_MAIL_RETENTION_MS } from '../jobs/housekeeping';

const MINUTE = 60_000;
const MOBILE = '207-555-0134';
/** A demo landline: the built-in provider refuses it for good (failed at once). */
const LANDLINE = '207-555-0100';

describe.each(testDatabases())('the purge of old texts on $name', (testDatabase) => {
  let test: TestApp;
  let institutionId: number;

  beforeAll(async () => {
    test = await startTestApp(testDatabase, { seed: false });
    const row = await test.database.db
      .insertInto('institutions')
      .values({
        slug: `texts-${randomBytes(3).toString('hex')}`,
        name: 'Texting Savings',
        cdn_folder: '/cdn/texts',
        time_zone: 'UTC',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    institutionId = row.id;
  });
  afterAll(async () => {
    await test?.close();
  });

  const queue = (to: string, dedupeKey: string) =>
    test.app.services.sms.enqueue({ institutionId, to, body: `Text ${dedupeKey}`, dedupeKey });
  const reply = (body: string) =>
    test.app.services.sms.receiveReply({ institutionId, from: MOBILE, body });
  const left = async () =>
    (
      await test.database.db
        .selectFrom('sms_messages')
        .select(['dedupe_key', 'status'])
        .where('institution_id', '=', institutionId)
        .where('direction', '=', 'out')
        .orderBy('id')
        .execute()
    ).map((row) => `${row.dedupe_key} ${row.status}`);
  const repliesLeft = async () =>
    (await test.app.services.sms.conversation({ institutionId }))
      .filter((text) => text.direction === 'in')
      .map((text) => text.body);

  it('deletes texts and replies a week after they were sent and failed texts after a month, never one still to send', async () => {
    await queue(MOBILE, 'sent-first');
    await queue(LANDLINE, 'failed-first');
    await reply('Thanks');
    await test.app.services.smsOutbox.runOnce();

    test.clock.advance(SENT_MAIL_RETENTION_MS + MINUTE);
    await queue(MOBILE, 'sent-later');
    await reply('See you');
    await test.app.services.smsOutbox.runOnce();
    // Queued after the delivery ran: still to send when the purges run.
    await queue(MOBILE, 'waiting');

    expect((await test.app.services.housekeeping.runOnce()).texts).toBe(2);
    expect(await left()).toEqual(['failed-first failed', 'sent-later sent', 'waiting pending']);
    expect(await repliesLeft()).toEqual(['See you']);

    test.clock.advance(FAILED_MAIL_RETENTION_MS - SENT_MAIL_RETENTION_MS);
    expect((await test.app.services.housekeeping.runOnce()).texts).toBe(3);
    expect(await left()).toEqual(['waiting pending']);
    expect(await repliesLeft()).toEqual([]);
    // A second round finds nothing more.
    expect((await test.app.services.housekeeping.runOnce()).texts).toBe(0);
  });
});
