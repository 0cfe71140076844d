import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { findBorrowerByUsername } from '../borrowers/users.repository';

describe.each(testDatabases())('the staff work queue on $name', (testDatabase) => {
  let test: TestApp;
  let harbor: number;
  let summit: number;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    harbor = await institutionIdOf(test);
    const other = await test.database.db
      .selectFrom('institutions')
      .select('id')
      .where('id', '!=', harbor)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    summit = other.id;
  });
  afterAll(async () => {
    await test?.close();
  });

  it("keeps each institution's items to itself, newest first, counted by kind and status", async () => {
    const queue = test.app.services.workQueue;
    const jordan = await findBorrowerByUsername(test.database.db, harbor, 'jordan.rivers');
    const first = await queue.submit({
      institutionId: harbor,
      kind: 'question',
      userId: jordan?.id ?? null,
      senderName: 'Jordan Rivers',
      senderEmail: 'jordan.rivers@example.test',
      summary: 'Escrow analysis',
      details: { message: 'When is the next escrow analysis?' },
    });
    test.clock.advance(60_000);
    const second = await queue.submit({
      institutionId: harbor,
      kind: 'feedback',
      userId: null,
      senderName: 'A visitor',
      senderEmail: 'visitor@example.test',
      summary: 'Feedback: Good',
      details: { experience: 'Good' },
    });
    await queue.submit({
      institutionId: summit,
      kind: 'question',
      userId: null,
      senderName: 'Someone else',
      senderEmail: 'someone@example.test',
      summary: 'Summit question',
      details: {},
    });

    const listed = await queue.list({ institutionId: harbor });
    expect(listed.map((item) => item.id).slice(0, 2)).toEqual([second, first]);
    expect(listed.every((item) => item.institution_id === harbor)).toBe(true);
    expect(
      (await queue.list({ institutionId: harbor, kind: 'question' })).map((i) => i.id),
    ).toEqual([first]);
    expect(await queue.find(harbor, first)).toMatchObject({
      status: 'new',
      summary: 'Escrow analysis',
      details: { message: 'When is the next escrow analysis?' },
    });
    // Another institution's staff cannot open it.
    expect(await queue.find(summit, first)).toBeUndefined();
    expect(await queue.counts(harbor)).toEqual(
      expect.arrayContaining([
        { kind: 'question', status: 'new', count: 1 },
        { kind: 'feedback', status: 'new', count: 1 },
      ]),
    );
    if (!jordan) throw new Error('jordan.rivers is seeded');
    expect((await queue.listForUser(harbor, jordan.id, 'question')).map((item) => item.id)).toEqual(
      [first],
    );
  });
});
