import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf, mailTo } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { createBorrowersService } from '../borrowers/borrowers.service';
import type { NotificationEvent } from './notification-events';

const PAT_EMAIL = 'pat.lee@example.test';
const RENAMED = /your login name was changed/;

/**
 * The transactional outbox of a request's alert: the alert is queued in the transaction of the
 * change that causes it, so the change and its alert exist together or not at all.
 */
describe.each(testDatabases('both'))('an alert queued with its change on $name', (testDatabase) => {
  let test: TestApp;
  let institutionId: number;
  let userId: string;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    institutionId = await institutionIdOf(test);
    const borrowers = createBorrowersService({ db: test.database.db });
    const pat = await borrowers.findBorrowerSigningIn(institutionId, 'pat.lee');
    if (!pat) throw new Error('pat.lee is seeded');
    userId = pat.id;
  });
  afterAll(async () => {
    await test?.close();
  });

  /** Renames Pat and queues the alert of it in one transaction, failing after both if asked. */
  async function renameWithAlert(username: string, options: { crash?: boolean } = {}) {
    const event: NotificationEvent = {
      institutionId,
      userId,
      kind: 'logonNameChanged',
      username,
      at: test.clock.now(),
    };
    // Read and worded before the transaction, as a module that makes the change does.
    const alert = await test.app.services.notifications.prepareTell(event);
    const outcome = await test.database.db.transaction().execute(async (trx) => {
      await createBorrowersService({ db: trx }).changeUsername(userId, username);
      const queued = await alert.queue(trx);
      if (options.crash) throw new Error('the server stopped before the commit');
      return queued;
    });
    alert.deliverSoon();
    return outcome;
  }

  const usernameNow = async () =>
    (await createBorrowersService({ db: test.database.db }).findBorrowerById(institutionId, userId))
      ?.username;
  const alertsQueued = async () =>
    (await mailTo(test, PAT_EMAIL)).filter((message) => RENAMED.test(message.subject));

  it('leaves neither the change nor its alert when the transaction fails after both', async () => {
    await expect(renameWithAlert('pat.lee.crashed', { crash: true })).rejects.toThrow(
      'the server stopped before the commit',
    );

    expect(await usernameNow()).toBe('pat.lee');
    expect(await alertsQueued()).toEqual([]);
    // Nothing recorded the event as sent: the same change made again is told.
    expect(await renameWithAlert('pat.lee.crashed')).toBe('sent');
    expect(await usernameNow()).toBe('pat.lee.crashed');
    expect(await alertsQueued()).toHaveLength(1);
  });

  it('queues exactly one alert with a change that commits, however often the event is told', async () => {
    test.clock.advance(60_000);
    expect(await renameWithAlert('pat.lee.committed')).toBe('sent');
    // A retried request tells the same event again in its own transaction: nothing more.
    const again = await test.app.services.notifications.prepareTell({
      institutionId,
      userId,
      kind: 'logonNameChanged',
      username: 'pat.lee.committed',
      at: test.clock.now(),
    });
    expect(await test.database.db.transaction().execute((trx) => again.queue(trx))).toBe(
      'sentBefore',
    );

    expect(await usernameNow()).toBe('pat.lee.committed');
    const queued = (await alertsQueued()).filter((message) =>
      message.body.includes('pat.lee.committed'),
    );
    expect(queued).toHaveLength(1);
    await test.app.services.outbox.runOnce();
    const delivered = await test.app.services.mail.delivered({ institutionId, to: PAT_EMAIL });
    expect(
      delivered.filter(
        (message) => RENAMED.test(message.subject) && message.body.includes('pat.lee.committed'),
      ),
    ).toHaveLength(1);
  });
});
