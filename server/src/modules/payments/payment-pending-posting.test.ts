import { calendarDateIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../../app';
import { createBuiltinCore } from '../../core/builtin/builtin-core';
import type { CoreTables } from '../../core/builtin/core.schema';
import type { DatabaseHandle } from '../../db/create-database';
import { createTestClock, type TestClock } from '../../testing/clock';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { memoPostingCore } from '../../testing/memo-posting-core';
import {
  addCard,
  AUTO_LOAN,
  type Caller,
  charges,
  coreLines,
  paymentBody,
  submit,
} from '../../testing/payment-test-kit';
import { signIn } from '../../testing/test-app';
import { paymentIdOf } from './payment-handles';

describe.each(testDatabases())('a payment the core posts later, on $name', (testDatabase) => {
  let database: DatabaseHandle;
  let clock: TestClock;
  let app: PortalApp;
  let bank: ReturnType<typeof memoPostingCore>;
  let jordan: Caller;

  beforeAll(async () => {
    database = await testDatabase.openSeeded();
    clock = createTestClock();
    const books = createBuiltinCore({
      db: database.db.withTables<CoreTables>(),
      clock,
      branding: () => Promise.resolve({ institutionName: 'Test', primaryColor: '#123456' }),
      timeZone: async () => 'America/New_York',
    });
    bank = memoPostingCore(books, () => calendarDateIn('America/New_York', clock.now()));
    app = await buildApp({
      db: database.db,
      clock,
      dataProtector: TEST_DATA_PROTECTOR,
      core: bank.core,
      coreDays: books,
    });
    jordan = { app, who: await signIn(app, { username: 'jordan.rivers' }) };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('stays processing while the core holds it, and is marked posted once, after its batch', async () => {
    const card = await addCard(jordan, AUTO_LOAN);
    const key = 'pending-posting-0001';
    const answered = await submit(
      jordan,
      'immediateCard',
      paymentBody({ loan: AUTO_LOAN, method: card, amount: 120 }),
      key,
    );
    // Accepted with its reference: the card was charged, the core took it to post later.
    expect(answered.body.Errors).toEqual([]);
    expect(answered.body.ReferenceNumber).not.toBe('');
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'institution_id'])
      .where('username', '=', 'jordan.rivers')
      .orderBy('institution_id')
      .executeTakeFirstOrThrow();
    const id = paymentIdOf(TEST_DATA_PROTECTOR, {
      institutionId: user.institution_id,
      userId: user.id,
      key,
    });
    const status = async () =>
      (
        await database.db
          .selectFrom('payments')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('settling');
    expect(bank.held.size).toBe(1);
    expect(await charges(database.db, id)).toBe(1);
    expect(await coreLines(database.db, id)).toBe(0);

    // The posting job asks again: still pending, still processing, nothing charged again.
    await app.services.paymentPosting.runOnce();
    clock.advance(60_000);
    await app.services.paymentPosting.runOnce();
    expect(await status()).toBe('settling');
    expect(await charges(database.db, id)).toBe(1);

    const messages = async () =>
      (await database.db.selectFrom('outbox_messages').select('id').execute()).length;
    const before = await messages();
    // The core's batch posts it; the job's next try finds it posted and marks it, once.
    await bank.batch();
    clock.advance(10 * 60_000);
    await app.services.paymentPosting.runOnce();
    expect(await status()).toBe('posted');
    const row = await database.db
      .selectFrom('payments')
      .select('core_reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.core_reference).not.toBeNull();
    // Its receipt is queued with the mark, and nothing more by a later run.
    const marked = await messages();
    expect(marked).toBeGreaterThan(before);
    clock.advance(60 * 60_000);
    await app.services.paymentPosting.runOnce();
    expect(await coreLines(database.db, id)).toBe(1);
    expect(await charges(database.db, id)).toBe(1);
    expect(await messages()).toBe(marked);
  });
});
