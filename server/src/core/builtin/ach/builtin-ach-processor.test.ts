import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/create-database';
import { createTestClock } from '../../../testing/clock';
import { testDatabases } from '../../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../../testing/keys';
import {
  AchFileContentsChangedError,
  AchFileModifiersUsedUpError,
  type AchDayFile,
  type AchDebitRequest,
  type AchProcessor,
} from '../../ach/ach-processor';
import {
  AchIdempotencyConflictError,
  achSettlementDate,
  BUILTIN_ODFI,
  createBuiltinAchProcessor,
} from './builtin-ach-processor';
import { NACHA_FILE_ID_MODIFIERS, parseNachaFile } from '../../ach/nacha-file';
import { bundledRoutingDirectory } from '../../ach/routing-directory';

// Wednesday 2026-11-25, 10:00 in New York: the next day is Thanksgiving, a Federal Reserve
// holiday, so the day's file settles on Friday the 27th.
const WEDNESDAY_MORNING = '2026-11-25T15:00:00.000Z';
const HARBOR_BANK = '011099990';
const PRAIRIE_BANK = '071099998';
const BAD_CHECKSUM = '011099991';
/** Passes the checksum and the prefix rule; no bank of the directory has it. */
const UNLISTED_ROUTING = '011000028';
const ACCOUNT_NUMBER = '90817263544';
const OTHER_ACCOUNT_NUMBER = '5550001234';
const ODFI_PREFIX = BUILTIN_ODFI.routingNumber.slice(0, 8);

const trace = (sequence: number) => ODFI_PREFIX + String(sequence).padStart(7, '0');
const WEDNESDAY = '2026-11-25';

/** A file's entries as read back from its bytes. */
const entriesOf = (file: AchDayFile | undefined) =>
  parseNachaFile(file?.content ?? '').batches.flatMap((batch) => batch.entries);
const tracesOf = (file: AchDayFile | undefined) =>
  entriesOf(file).map((entry) => entry.traceNumber);

describe.each(testDatabases('both'))('the built-in ACH processor on $name', (testDatabase) => {
  let database: DatabaseHandle;
  const clock = createTestClock(WEDNESDAY_MORNING);
  let harbor: number;
  let summit: number;
  let processor: AchProcessor;
  /** A second server instance on the same database. */
  let otherInstance: AchProcessor;
  let keyCounter = 0;

  async function addInstitution(slug: string, name: string, timeZone: string) {
    const row = await database.db
      .insertInto('institutions')
      .values({ slug, name, cdn_folder: `/cdn/${slug}`, time_zone: timeZone })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  function build(): AchProcessor {
    return createBuiltinAchProcessor({
      db: database.db,
      clock,
      dataProtector: TEST_DATA_PROTECTOR,
      routingDirectory: bundledRoutingDirectory(),
      institution: async (id) =>
        id === harbor
          ? { name: 'Harbor Community Credit Union', timeZone: 'America/New_York' }
          : id === summit
            ? { name: 'Summit Bank', timeZone: 'America/Denver' }
            : undefined,
    });
  }

  function debit(overrides: Partial<AchDebitRequest> = {}): AchDebitRequest {
    keyCounter += 1;
    return {
      institutionId: harbor,
      idempotencyKey: `payment-${keyCounter}`,
      effectiveDate: '2026-11-25',
      routingNumber: HARBOR_BANK,
      accountNumber: ACCOUNT_NUMBER,
      accountType: 'Checking',
      ownerName: 'Jordan Rivers',
      loanNumber: '001-100234-1',
      amountCents: 25_000,
      ...overrides,
    };
  }

  async function debitRows() {
    return database.db.selectFrom('ach_debits').selectAll().orderBy('id').execute();
  }

  beforeAll(async () => {
    database = await testDatabase.open();
    harbor = await addInstitution('harbor', 'Harbor Community Credit Union', 'America/New_York');
    summit = await addInstitution('summit', 'Summit Bank', 'America/Denver');
    processor = build();
    otherInstance = build();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('ach_debits').execute();
    await database.db.deleteFrom('ach_files').execute();
    await database.db.deleteFrom('ach_processing_days').execute();
    await database.db.deleteFrom('ach_trace_counters').execute();
    clock.set(WEDNESDAY_MORNING);
  });

  it('accepts a debit with the ODFI prefix and the institution’s next trace sequence, on any day', async () => {
    expect(await processor.submitDebit(debit())).toEqual({
      status: 'accepted',
      traceNumber: trace(1),
      sent: false,
    });
    expect(await processor.submitDebit(debit({ amountCents: 100 }))).toEqual({
      status: 'accepted',
      traceNumber: trace(2),
      sent: false,
    });
    // Another institution has its own sequence.
    expect(await processor.submitDebit(debit({ institutionId: summit }))).toEqual({
      status: 'accepted',
      traceNumber: trace(1),
      sent: false,
    });
    // The next processing day goes on from the last: a return names its debit by the trace
    // number alone, so the same debit every month must not have the same number.
    clock.advance(24 * 3600_000);
    expect(await processor.submitDebit(debit({ effectiveDate: '2026-11-27' }))).toEqual({
      status: 'accepted',
      traceNumber: trace(3),
      sent: false,
    });
    const rows = await debitRows();
    expect(rows.map((row) => [row.processing_date, row.trace_number])).toEqual([
      ['2026-11-25', trace(1)],
      ['2026-11-25', trace(2)],
      ['2026-11-25', trace(1)],
      ['2026-11-26', trace(3)],
    ]);
  });

  it('starts the sequence again at 1 after 9999999', async () => {
    await database.db
      .insertInto('ach_trace_counters')
      .values({ institution_id: harbor, last_trace_sequence: 9_999_998 })
      .execute();
    const traces = [];
    for (const amountCents of [100, 200, 300]) {
      const outcome = await processor.submitDebit(debit({ amountCents }));
      traces.push('traceNumber' in outcome ? outcome.traceNumber : outcome.status);
    }
    expect(traces).toEqual([trace(9_999_999), trace(1), trace(2)]);
  });

  it('answers a repeat with the first trace number and stores nothing more', async () => {
    const request = debit();
    const first = await processor.submitDebit(request);
    const again = await processor.submitDebit(request);
    // Even from another instance, the next day, after other debits.
    await processor.submitDebit(debit());
    clock.advance(24 * 3600_000);
    // A retry on a later day dates the waiting payment that day: still the same debit.
    const later = await otherInstance.submitDebit({ ...request, effectiveDate: '2026-11-27' });
    expect(first).toEqual({ status: 'accepted', traceNumber: trace(1), sent: false });
    expect(again).toEqual({ status: 'alreadyAccepted', traceNumber: trace(1), sent: false });
    expect(later).toEqual({ status: 'alreadyAccepted', traceNumber: trace(1), sent: false });
    expect(await debitRows()).toHaveLength(2);
  });

  it('answers a repeat as sent once its day’s file took the debit, and not before', async () => {
    const request = debit();
    const waiting = debit();
    expect(await processor.submitDebit(request)).toMatchObject({ status: 'accepted', sent: false });
    expect(await processor.submitDebit(request)).toMatchObject({ sent: false });
    const file = await processor.sealNextFile(harbor, WEDNESDAY);
    expect(tracesOf(file)).toEqual([trace(1)]);
    // Taken after the file was made: it waits for the day's next file.
    expect(await processor.submitDebit(waiting)).toEqual({
      status: 'accepted',
      traceNumber: trace(2),
      sent: false,
    });
    // Asked again, from another instance, a day later: the first is sent, the second is not.
    clock.advance(24 * 3600_000);
    expect(await otherInstance.submitDebit(request)).toEqual({
      status: 'alreadyAccepted',
      traceNumber: trace(1),
      sent: true,
    });
    expect(await otherInstance.submitDebit(waiting)).toMatchObject({ sent: false });
    await processor.sealNextFile(harbor, WEDNESDAY);
    expect(await processor.submitDebit(waiting)).toMatchObject({ sent: true });
  });

  it('makes one entry of concurrent duplicates, across instances, without a gap', async () => {
    const request = debit();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        (index % 2 === 0 ? processor : otherInstance).submitDebit(request),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'accepted')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'alreadyAccepted')).toHaveLength(7);
    expect(
      new Set(outcomes.map((outcome) => 'traceNumber' in outcome && outcome.traceNumber)),
    ).toEqual(new Set([trace(1)]));
    expect(await debitRows()).toHaveLength(1);
    // The losers' rolled-back sequences were given back: the next debit is number 2.
    expect(await processor.submitDebit(debit())).toEqual({
      status: 'accepted',
      traceNumber: trace(2),
      sent: false,
    });
  });

  it('numbers concurrent different debits 1 to n without gaps or repeats', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 === 0 ? processor : otherInstance).submitDebit(debit()),
      ),
    );
    const traces = outcomes.map((outcome) => ('traceNumber' in outcome ? outcome.traceNumber : ''));
    expect(traces.toSorted()).toEqual(Array.from({ length: 12 }, (_, index) => trace(index + 1)));
    expect(outcomes.every((outcome) => outcome.status === 'accepted')).toBe(true);
  });

  it('refuses a different debit under a used key and keeps the first', async () => {
    const request = debit();
    await processor.submitDebit(request);
    await expect(processor.submitDebit({ ...request, amountCents: 99_999 })).rejects.toThrow(
      AchIdempotencyConflictError,
    );
    await expect(
      processor.submitDebit({ ...request, accountNumber: OTHER_ACCOUNT_NUMBER }),
    ).rejects.toThrow(AchIdempotencyConflictError);
    const rows = await debitRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount_cents).toBe(25_000);
  });

  it('refuses what cannot be a NACHA entry, and stores nothing of it', async () => {
    const refusals: [Partial<AchDebitRequest>, string][] = [
      [{ routingNumber: BAD_CHECKSUM }, 'RoutingNumberInvalid'],
      [{ routingNumber: '12345678' }, 'RoutingNumberInvalid'],
      [{ routingNumber: UNLISTED_ROUTING }, 'RoutingNumberInvalid'],
      [{ accountNumber: '1111' }, 'InvalidInfo'],
      [{ accountNumber: '12-34' }, 'InvalidInfo'],
      [{ accountNumber: '123456789012345678' }, 'InvalidInfo'],
      [{ ownerName: '***' }, 'InvalidInfo'],
      [{ loanNumber: '001-100234-1-0000' }, 'InvalidInfo'],
      [{ loanNumber: '' }, 'InvalidInfo'],
      [{ amountCents: 10_000_000_000 }, 'InvalidInfo'],
      [{ effectiveDate: '2026-02-30' }, 'InvalidInfo'],
      // Later than the day's file settles (Friday the 27th): it would take the money early.
      [{ effectiveDate: '2026-11-30' }, 'InvalidInfo'],
      [{ accountType: 'Brokerage' as 'Checking' }, 'InvalidInfo'],
    ];
    for (const [overrides, error] of refusals) {
      expect(await processor.submitDebit(debit(overrides)), JSON.stringify(overrides)).toEqual({
        status: 'refused',
        error,
      });
    }
    await expect(processor.submitDebit(debit({ amountCents: 0 }))).rejects.toThrow(RangeError);
    await expect(processor.submitDebit(debit({ amountCents: 10.5 }))).rejects.toThrow(RangeError);
    await expect(processor.submitDebit(debit({ idempotencyKey: '' }))).rejects.toThrow(RangeError);
    expect(await debitRows()).toEqual([]);
    expect(await database.db.selectFrom('ach_processing_days').selectAll().execute()).toEqual([]);
    // The effective date may be the settlement date itself.
    expect((await processor.submitDebit(debit({ effectiveDate: '2026-11-27' }))).status).toBe(
      'accepted',
    );
  });

  it('keeps the account number and the owner name only encrypted', async () => {
    await processor.submitDebit(debit({ ownerName: 'Jordan Q. Rivers' }));
    await processor.submitDebit(
      debit({ accountNumber: OTHER_ACCOUNT_NUMBER, accountType: 'Savings' }),
    );
    const dump = await sql<{
      row: unknown;
    }>`select row_to_json(ach_debits) as row from ach_debits`.execute(database.db);
    const text = JSON.stringify(dump.rows);
    expect(dump.rows).toHaveLength(2);
    expect(text).not.toContain(ACCOUNT_NUMBER);
    expect(text).not.toContain(OTHER_ACCOUNT_NUMBER);
    expect(text).not.toContain('Jordan');
    // No long run of digits other than the routing, trace and loan numbers and the amounts.
    const runs = [...text.matchAll(/\d{9,}/g)].map((match) => match[0]);
    expect(runs.every((run) => run === HARBOR_BANK || run.startsWith(ODFI_PREFIX))).toBe(true);
    const [row] = await debitRows();
    expect(TEST_DATA_PROTECTOR.decrypt(row?.account_number_sealed ?? '')).toBe(ACCOUNT_NUMBER);
  });

  it('files a debit under the institution’s calendar day, not the server’s', async () => {
    // 22:30 in New York on Wednesday is already Thursday in UTC.
    clock.set('2026-11-26T03:30:00.000Z');
    await processor.submitDebit(debit());
    // 20:30 in Denver on Wednesday, for Summit.
    await processor.submitDebit(debit({ institutionId: summit }));
    // 00:30 in New York on Thursday.
    clock.set('2026-11-26T05:30:00.000Z');
    await processor.submitDebit(debit({ effectiveDate: '2026-11-27' }));
    expect((await debitRows()).map((row) => row.processing_date)).toEqual([
      '2026-11-25',
      '2026-11-25',
      '2026-11-26',
    ]);
  });

  it('settles on the next business day on the Federal Reserve calendar', () => {
    expect(achSettlementDate('2026-11-24')).toBe('2026-11-25');
    expect(achSettlementDate('2026-11-25')).toBe('2026-11-27'); // Thanksgiving
    expect(achSettlementDate('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(achSettlementDate('2026-11-28')).toBe('2026-11-30'); // a Saturday's file
    expect(achSettlementDate('2026-12-31')).toBe('2027-01-04'); // New Year's Day, a weekend
  });

  it('lists the days with their counts and totals, newest first, per institution', async () => {
    await processor.submitDebit(debit({ amountCents: 12_345 }));
    await processor.submitDebit(debit({ amountCents: 55 }));
    await processor.submitDebit(debit({ institutionId: summit, amountCents: 777 }));
    clock.set('2026-11-27T14:00:00.000Z');
    await processor.submitDebit(debit({ effectiveDate: '2026-11-27', amountCents: 1_000_000 }));
    const waiting = (entries: number, totalDebitCents: number) => ({
      entries,
      totalDebitCents,
      files: [],
      pending: { entries, totalDebitCents },
    });
    expect(await processor.listDays(harbor)).toEqual([
      { date: '2026-11-27', ...waiting(1, 1_000_000) },
      { date: '2026-11-25', ...waiting(2, 12_400) },
    ]);
    expect(await processor.listDays(summit)).toEqual([{ date: '2026-11-25', ...waiting(1, 777) }]);
    // A file made: the day lists it, and what waits for the next one.
    clock.set('2026-11-27T15:00:00.000Z');
    await processor.sealNextFile(harbor, WEDNESDAY);
    clock.set('2026-11-25T16:00:00.000Z');
    await processor.submitDebit(debit({ amountCents: 5 }));
    expect((await otherInstance.listDays(harbor))[1]).toEqual({
      date: WEDNESDAY,
      entries: 3,
      totalDebitCents: 12_405,
      files: [
        {
          fileIdModifier: 'A',
          entries: 2,
          totalDebitCents: 12_400,
          sealedAt: new Date('2026-11-27T15:00:00.000Z'),
        },
      ],
      pending: { entries: 1, totalDebitCents: 5 },
    });
  });

  it('writes the day’s NACHA file, which parses back to the same entries and totals', async () => {
    const requests = [
      debit({ amountCents: 25_000, ownerName: 'José Núñez-O’Brien' }),
      debit({
        routingNumber: PRAIRIE_BANK,
        accountNumber: OTHER_ACCOUNT_NUMBER,
        accountType: 'Savings',
        ownerName: 'Pat Lee',
        loanNumber: '002-200411-7',
        amountCents: 123_456,
      }),
      debit({ amountCents: 1, effectiveDate: '2026-11-24' }),
    ];
    for (const request of requests) await processor.submitDebit(request);
    clock.advance(3 * 3600_000);
    await processor.submitDebit(debit({ institutionId: summit }));
    clock.set('2026-12-01T15:00:00.000Z');

    const file = await processor.sealNextFile(harbor, WEDNESDAY);
    expect(file).toMatchObject({
      institutionId: harbor,
      date: '2026-11-25',
      fileIdModifier: 'A',
      entries: 3,
      totalDebitCents: 148_457,
      sealedAt: new Date('2026-12-01T15:00:00.000Z'),
    });
    const parsed = parseNachaFile(file?.content ?? '');
    expect(parsed).toMatchObject({
      immediateDestination: BUILTIN_ODFI.routingNumber,
      immediateOrigin: `9${String(harbor).padStart(9, '0')}`,
      immediateOriginName: 'HARBOR COMMUNITY CREDIT',
      creationDate: '2026-11-25',
      // The last debit came in at 10:00 New York time.
      creationTime: '1000',
      fileIdModifier: 'A',
      entryAndAddendaCount: 3,
      totalDebitCents: 148_457,
      totalCreditCents: 0,
    });
    expect(parsed.batches).toHaveLength(1);
    const [batch] = parsed.batches;
    expect(batch).toMatchObject({
      secCode: 'WEB',
      companyName: 'HARBOR COMMUNITY',
      companyEntryDescription: 'LOAN PMT',
      effectiveEntryDate: '2026-11-27',
      originatingDfiIdentification: ODFI_PREFIX,
      totalDebitCents: 148_457,
    });
    expect(batch?.entries).toEqual([
      {
        secCode: 'WEB',
        transactionCode: '27',
        accountType: 'Checking',
        routingNumber: HARBOR_BANK,
        accountNumber: ACCOUNT_NUMBER,
        amountCents: 25_000,
        individualId: '001-100234-1',
        individualName: "JOSE NUNEZ-O'BRIEN",
        paymentType: 'S',
        traceNumber: trace(1),
      },
      {
        secCode: 'WEB',
        transactionCode: '37',
        accountType: 'Savings',
        routingNumber: PRAIRIE_BANK,
        accountNumber: OTHER_ACCOUNT_NUMBER,
        amountCents: 123_456,
        individualId: '002-200411-7',
        individualName: 'PAT LEE',
        paymentType: 'S',
        traceNumber: trace(2),
      },
      {
        secCode: 'WEB',
        transactionCode: '27',
        accountType: 'Checking',
        routingNumber: HARBOR_BANK,
        accountNumber: ACCOUNT_NUMBER,
        amountCents: 1,
        individualId: '001-100234-1',
        individualName: 'JORDAN RIVERS',
        paymentType: 'S',
        traceNumber: trace(3),
      },
    ]);
    // The same file each time it is read, whenever and wherever that is.
    clock.advance(86_400_000);
    expect(await otherInstance.dayFile(harbor, WEDNESDAY, 'A')).toEqual(file);
    // Summit's debit is in Summit's file only.
    expect((await processor.sealNextFile(summit, WEDNESDAY))?.entries).toBe(1);
  });

  it('seals a file once: the same bytes each time, later debits in the day’s next file', async () => {
    await processor.submitDebit(debit({ amountCents: 1_000 }));
    await processor.submitDebit(debit({ amountCents: 2_000, accountNumber: OTHER_ACCOUNT_NUMBER }));
    clock.advance(3600_000);
    const first = await processor.sealNextFile(harbor, WEDNESDAY);
    expect(tracesOf(first)).toEqual([trace(1), trace(2)]);
    // Nothing waits: no second file.
    expect(await otherInstance.sealNextFile(harbor, WEDNESDAY)).toBeUndefined();

    // A debit after the file was made, from either instance.
    clock.advance(3600_000);
    await otherInstance.submitDebit(debit({ amountCents: 3_000, ownerName: 'Pat Lee' }));
    clock.advance(60_000);
    const second = await otherInstance.sealNextFile(harbor, WEDNESDAY);
    expect(second).toMatchObject({ fileIdModifier: 'B', entries: 1, totalDebitCents: 3_000 });
    const parsedSecond = parseNachaFile(second?.content ?? '');
    expect(parsedSecond).toMatchObject({
      fileIdModifier: 'B',
      creationDate: WEDNESDAY,
      // Its debit came in at 12:00 New York time.
      creationTime: '1200',
      totalDebitCents: 3_000,
    });
    // None of the first file's entries, and the trace numbers follow on from its.
    expect(tracesOf(second)).toEqual([trace(3)]);
    expect(entriesOf(second).map((entry) => entry.individualName)).toEqual(['PAT LEE']);

    // Each file reads back byte for byte as sealed, on either instance, the first unchanged.
    for (const instance of [processor, otherInstance]) {
      expect((await instance.dayFile(harbor, WEDNESDAY, 'A'))?.content).toBe(first?.content);
      expect((await instance.dayFile(harbor, WEDNESDAY, 'B'))?.content).toBe(second?.content);
    }
    expect((await debitRows()).every((row) => row.ach_file_id !== null)).toBe(true);
  });

  it('makes a file with the debits expected only when exactly they wait, checked under the day’s lock', async () => {
    await processor.submitDebit(debit({ amountCents: 1_000 }));
    // Staff were shown one debit of $10.00; a second came in before the file was made.
    await otherInstance.submitDebit(debit({ amountCents: 2_000 }));
    const refused = await processor
      .sealNextFile(harbor, WEDNESDAY, { entries: 1, totalDebitCents: 1_000 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AchFileContentsChangedError);
    expect(refused).toMatchObject({ pending: { entries: 2, totalDebitCents: 3_000 } });
    // Nothing made, nothing filed.
    expect((await debitRows()).every((row) => row.ach_file_id === null)).toBe(true);
    expect((await processor.listDays(harbor))[0]?.files).toEqual([]);
    // The same count with another total is refused too; what waits is made once confirmed.
    await expect(
      processor.sealNextFile(harbor, WEDNESDAY, { entries: 2, totalDebitCents: 2_999 }),
    ).rejects.toBeInstanceOf(AchFileContentsChangedError);
    const file = await processor.sealNextFile(harbor, WEDNESDAY, {
      entries: 2,
      totalDebitCents: 3_000,
    });
    expect(file).toMatchObject({ fileIdModifier: 'A', entries: 2, totalDebitCents: 3_000 });
    // Filed meanwhile (by the clock, another publisher): what waits now is nothing.
    await expect(
      otherInstance.sealNextFile(harbor, WEDNESDAY, { entries: 2, totalDebitCents: 3_000 }),
    ).rejects.toMatchObject({ pending: { entries: 0, totalDebitCents: 0 } });
  });

  it('starts the next day’s files at A, with none of the day before’s entries', async () => {
    await processor.submitDebit(debit());
    const wednesday = await processor.sealNextFile(harbor, WEDNESDAY);
    // Friday: a processing day of its own.
    clock.set('2026-11-27T14:30:00.000Z');
    await processor.submitDebit(debit({ effectiveDate: '2026-11-27', accountNumber: '42424242' }));
    expect(await processor.sealNextFile(harbor, WEDNESDAY)).toBeUndefined();
    const friday = await processor.sealNextFile(harbor, '2026-11-27');
    const parsed = parseNachaFile(friday?.content ?? '');
    expect(parsed).toMatchObject({ creationDate: '2026-11-27', fileIdModifier: 'A' });
    expect(parsed.batches[0]?.effectiveEntryDate).toBe('2026-11-30');
    expect(entriesOf(friday).map((entry) => entry.accountNumber)).toEqual(['42424242']);
    // The sequence goes on from the day before: no trace number is used twice.
    expect(tracesOf(wednesday)).toEqual([trace(1)]);
    expect(tracesOf(friday)).toEqual([trace(2)]);
    expect(entriesOf(wednesday).map((entry) => entry.accountNumber)).toEqual([ACCOUNT_NUMBER]);
  });

  it('writes a recurring debit with the WEB payment type code R, any other with S', async () => {
    await processor.submitDebit(debit({ recurring: true, loanNumber: '001-100234-1' }));
    await processor.submitDebit(debit({ loanNumber: '002-200411-7' }));
    await processor.submitDebit(debit({ recurring: false, loanNumber: '003-300200-1' }));
    const file = await processor.sealNextFile(harbor, WEDNESDAY);
    expect(entriesOf(file).map((entry) => [entry.individualId, entry.paymentType])).toEqual([
      ['001-100234-1', 'R'],
      ['002-200411-7', 'S'],
      ['003-300200-1', 'S'],
    ]);
    // Positions 77-78 of the entry detail record: 'R ' and 'S '.
    const records = (file?.content ?? '').split('\n').filter((line) => line.startsWith('6'));
    expect(records.map((record) => record.slice(76, 78))).toEqual(['R ', 'S ', 'S ']);
  });

  it('keeps a sealed file only encrypted', async () => {
    await processor.submitDebit(debit({ ownerName: 'Jordan Q. Rivers' }));
    await processor.submitDebit(debit({ accountNumber: OTHER_ACCOUNT_NUMBER }));
    const file = await processor.sealNextFile(harbor, WEDNESDAY);
    expect(file?.content).toContain(ACCOUNT_NUMBER);
    const dump = await sql<{
      row: unknown;
    }>`select row_to_json(ach_files) as row from ach_files`.execute(database.db);
    const text = JSON.stringify(dump.rows);
    expect(dump.rows).toHaveLength(1);
    expect(text).not.toContain(ACCOUNT_NUMBER);
    expect(text).not.toContain(OTHER_ACCOUNT_NUMBER);
    expect(text).not.toContain('JORDAN');
    expect(text).not.toContain(ODFI_PREFIX);
    const [row] = await database.db.selectFrom('ach_files').selectAll().execute();
    expect(TEST_DATA_PROTECTOR.decrypt(row?.content_sealed ?? '')).toBe(file?.content);
  });

  it('puts every debit in exactly one file while files are made as debits arrive', async () => {
    // Debits in bursts from both instances while both instances make files, two at once.
    const DEBITS = 30;
    const outcomes: Awaited<ReturnType<AchProcessor['submitDebit']>>[] = [];
    const made: AchDayFile[] = [];
    let submitting = true;
    const submitter = (async () => {
      try {
        for (let burst = 0; burst < DEBITS / 3; burst += 1) {
          outcomes.push(
            ...(await Promise.all([
              processor.submitDebit(debit()),
              otherInstance.submitDebit(debit()),
              processor.submitDebit(debit()),
            ])),
          );
        }
      } finally {
        submitting = false;
      }
    })();
    const sealer = (async () => {
      while (submitting) {
        const files = await Promise.all([
          processor.sealNextFile(harbor, WEDNESDAY),
          otherInstance.sealNextFile(harbor, WEDNESDAY),
        ]);
        made.push(...files.filter((file) => file !== undefined));
      }
    })();
    await Promise.all([submitter, sealer]);
    const last = await otherInstance.sealNextFile(harbor, WEDNESDAY);
    if (last) made.push(last);
    expect(outcomes.every((outcome) => outcome.status === 'accepted')).toBe(true);
    // Files were made while debits came in.
    expect(made.length).toBeGreaterThan(2);

    const [day] = await processor.listDays(harbor);
    expect(day?.pending).toEqual({ entries: 0, totalDebitCents: 0 });
    const modifiers = day?.files.map((file) => file.fileIdModifier) ?? [];
    // The day's files are A, B, C... without a gap, each made once.
    expect(modifiers).toEqual([...NACHA_FILE_ID_MODIFIERS.slice(0, made.length)]);
    expect(made.map((file) => file.fileIdModifier).toSorted()).toEqual(modifiers.toSorted());
    // Read back from their bytes, the files hold each accepted trace number exactly once, each
    // file the numbers after the one before's.
    const traces: string[] = [];
    for (const modifier of modifiers) {
      const file = await otherInstance.dayFile(harbor, WEDNESDAY, modifier);
      expect(parseNachaFile(file?.content ?? '').fileIdModifier).toBe(modifier);
      traces.push(...tracesOf(file));
    }
    expect(traces).toEqual(Array.from({ length: DEBITS }, (_, index) => trace(index + 1)));
    expect(
      outcomes.map((outcome) => ('traceNumber' in outcome ? outcome.traceNumber : '')).toSorted(),
    ).toEqual(traces);
  });

  it('uses the modifiers A-Z then 0-9, and refuses a day’s 37th file', async () => {
    for (const modifier of NACHA_FILE_ID_MODIFIERS) {
      await processor.submitDebit(debit());
      expect((await processor.sealNextFile(harbor, WEDNESDAY))?.fileIdModifier).toBe(modifier);
    }
    await processor.submitDebit(debit());
    await expect(processor.sealNextFile(harbor, WEDNESDAY)).rejects.toThrow(
      AchFileModifiersUsedUpError,
    );
    // The debit waits, in no file; the last file is '9'.
    expect((await processor.listDays(harbor))[0]?.pending.entries).toBe(1);
    expect(
      parseNachaFile((await processor.dayFile(harbor, WEDNESDAY, '9'))?.content ?? ''),
    ).toMatchObject({
      fileIdModifier: '9',
    });
  });

  it('has no file for a day without debits, a malformed date or modifier', async () => {
    await processor.submitDebit(debit());
    expect(await processor.sealNextFile(harbor, '2026-11-24')).toBeUndefined();
    expect(await processor.sealNextFile(summit, WEDNESDAY)).toBeUndefined();
    expect(await processor.sealNextFile(harbor, '2026-11-31')).toBeUndefined();
    expect(await processor.dayFile(harbor, WEDNESDAY, 'A')).toBeUndefined();
    await processor.sealNextFile(harbor, WEDNESDAY);
    expect(await processor.dayFile(harbor, WEDNESDAY, 'A')).toBeDefined();
    expect(await processor.dayFile(harbor, WEDNESDAY, 'B')).toBeUndefined();
    expect(await processor.dayFile(harbor, WEDNESDAY, 'a')).toBeUndefined();
    expect(await processor.dayFile(summit, WEDNESDAY, 'A')).toBeUndefined();
    expect(await processor.dayFile(harbor, '2026-11-24', 'A')).toBeUndefined();
    expect(await processor.dayFile(harbor, "2026-11-25' or 1=1", 'A')).toBeUndefined();
  });
});
