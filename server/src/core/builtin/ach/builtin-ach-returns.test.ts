import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/create-database';
import { createTestClock } from '../../../testing/clock';
import { testDatabases } from '../../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../../testing/keys';
import type { AchDebitRequest, AchProcessor } from '../../ach/ach-processor';
import { bundledRoutingDirectory } from '../../ach/routing-directory';
import {
  createBuiltinAchProcessor,
  NOC_CORRECTED_ACCOUNT_NUMBER,
  testReturnDate,
} from './builtin-ach-processor';

// Monday 2026-11-30, 10:00 in New York. The day's file settles on Tuesday; the test banks' returns
// and notifications arrive two banking days later, on Thursday 2026-12-03.
const MONDAY_MORNING = '2026-11-30T15:00:00.000Z';
const DAY = 24 * 3600_000;
const INSUFFICIENT_FUNDS = '000222222227';
const CHANGED_ACCOUNT = '000777777771';
const ORDINARY_ACCOUNT = '90817263544';

describe.each(testDatabases('both'))(
  'the built-in ACH processor’s returns on $name',
  (testDatabase) => {
    let database: DatabaseHandle;
    const clock = createTestClock(MONDAY_MORNING);
    let harbor: number;
    let processor: AchProcessor;
    let otherInstance: AchProcessor;
    let keys = 0;

    function build(): AchProcessor {
      return createBuiltinAchProcessor({
        db: database.db,
        clock,
        dataProtector: TEST_DATA_PROTECTOR,
        routingDirectory: bundledRoutingDirectory(),
        institution: async (id) =>
          id === harbor
            ? { name: 'Harbor Community Bank', timeZone: 'America/New_York' }
            : undefined,
      });
    }

    function debit(accountNumber: string, amountCents: number): AchDebitRequest {
      keys += 1;
      return {
        institutionId: harbor,
        idempotencyKey: `payment-${keys}`,
        effectiveDate: '2026-11-30',
        routingNumber: '011099990',
        accountNumber,
        accountType: 'Checking',
        ownerName: 'Jordan Rivers',
        loanNumber: '001-100235-2',
        amountCents,
      };
    }

    async function traceOf(request: AchDebitRequest): Promise<string> {
      const outcome = await processor.submitDebit(request);
      if (outcome.status === 'refused') throw new Error('refused');
      return outcome.traceNumber;
    }

    beforeAll(async () => {
      database = await testDatabase.open();
      const row = await database.db
        .insertInto('institutions')
        .values({
          slug: 'harbor',
          name: 'Harbor Community Bank',
          cdn_folder: '/cdn/harbor',
          time_zone: 'America/New_York',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      harbor = row.id;
      processor = build();
      otherInstance = build();
    });
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await database.db.deleteFrom('ach_debits').execute();
      await database.db.deleteFrom('ach_return_files').execute();
      await database.db.deleteFrom('ach_files').execute();
      await database.db.deleteFrom('ach_processing_days').execute();
      await database.db.deleteFrom('ach_trace_counters').execute();
      clock.set(MONDAY_MORNING);
    });

    it('sends back a sent debit to a test account two banking days after it settles, once', async () => {
      expect(testReturnDate('2026-11-30')).toBe('2026-12-03');
      const returned = await traceOf(debit(INSUFFICIENT_FUNDS, 41_265));
      const changed = await traceOf(debit(CHANGED_ACCOUNT, 10_000));
      await traceOf(debit(ORDINARY_ACCOUNT, 20_000));
      await processor.sealNextFile(harbor, '2026-11-30');

      // Wednesday: the return is not due yet.
      clock.advance(2 * DAY);
      expect(await processor.receiveReturns(harbor, '2026-11-30')).toEqual([]);

      // Thursday: the insufficient-funds debit comes back, and the change is noticed.
      clock.advance(DAY);
      const [file, ...more] = await processor.receiveReturns(harbor, '2026-11-30');
      expect(more).toEqual([]);
      expect(file).toMatchObject({ receivedDate: '2026-12-03', fileIdModifier: 'A' });
      expect(file?.returns).toEqual([
        expect.objectContaining({
          reasonCode: 'R01',
          originalTraceNumber: returned,
          amountCents: 41_265,
          individualId: '001-100235-2',
          accountNumber: INSUFFICIENT_FUNDS,
        }),
      ]);
      expect(file?.notices).toEqual([
        expect.objectContaining({
          changeCode: 'C01',
          originalTraceNumber: changed,
          correction: { accountNumber: NOC_CORRECTED_ACCOUNT_NUMBER },
        }),
      ]);

      // Asked again (at least once): the same file, and no second one.
      expect(await processor.receiveReturns(harbor, '2026-11-30')).toEqual([file]);
      expect(await database.db.selectFrom('ach_return_files').selectAll().execute()).toHaveLength(
        1,
      );
      // Out of the window asked for: not answered again.
      expect(await processor.receiveReturns(harbor, '2026-12-04')).toEqual([]);
    });

    it('never sends back a debit that was not sent (in no sealed file)', async () => {
      await traceOf(debit(INSUFFICIENT_FUNDS, 5_000));
      clock.advance(10 * DAY);
      expect(await processor.receiveReturns(harbor, '2026-11-30')).toEqual([]);
    });

    it('sends each debit back once when two instances receive at the same moment', async () => {
      await traceOf(debit(INSUFFICIENT_FUNDS, 5_000));
      await traceOf(debit(INSUFFICIENT_FUNDS, 6_000));
      await processor.sealNextFile(harbor, '2026-11-30');
      clock.advance(3 * DAY);
      const [one, two] = await Promise.all([
        processor.receiveReturns(harbor, '2026-12-03'),
        otherInstance.receiveReturns(harbor, '2026-12-03'),
      ]);
      expect(one).toEqual(two);
      expect(one?.flatMap((file) => file.returns)).toHaveLength(2);
      const rows = await database.db
        .selectFrom('ach_debits')
        .select('ach_return_file_id')
        .execute();
      expect(new Set(rows.map((row) => row.ach_return_file_id)).size).toBe(1);
    });
  },
);
