import { randomBytes } from 'node:crypto';
import { passesLuhn } from '@portal/domain';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/create-database';
import type { Database } from '../../db/schema';
import { createTestClock, type TestClock } from '../../testing/clock';
import { testDatabases } from '../../testing/databases';
import type { CardDetails, CardProcessor } from '../card-processor';
import { createBuiltinCardProcessor } from './builtin-card-processor';

/** Security codes no id, amount or count in these tests equals, so the scan can look for them. */
const CVV = '836';
const AMEX_CVV = '7391';

function card(number: string, overrides: Partial<CardDetails> = {}): CardDetails {
  const amex = number.startsWith('3');
  return {
    number,
    expiration: '12/29',
    securityCode: amex ? AMEX_CVV : CVV,
    holderFirstName: 'Jordan',
    holderLastName: 'Rivers',
    zipCode: '04101',
    ...overrides,
  };
}

async function createInstitution(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .insertInto('institutions')
    .values({
      slug: `cards-${randomBytes(3).toString('hex')}`,
      name,
      cdn_folder: '/cdn/cards',
      time_zone: 'America/New_York',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Luhn-valid runs of 13 to 19 digits in a text, also when written in groups ('4242 4242 …'). A
 * card number inside a longer run of digits is caught by the direct search for the numbers used.
 */
function cardNumbersIn(text: string): string[] {
  const joined = text.replace(/(?<=\d)[ -](?=\d)/g, '');
  // Digit runs standing on their own: inside a hex digest or an id they are random characters.
  const runs = [text, joined].flatMap(
    (version) => version.match(/(?<![0-9A-Za-z])\d+(?![0-9A-Za-z])/g) ?? [],
  );
  return [...new Set(runs)].filter(
    (run) => run.length >= 13 && run.length <= 19 && passesLuhn(run),
  );
}

/** Instants written as text (a migration's timestamp, a JSON payload's): their milliseconds are no code. */
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;

/** The security code as a value of its own: a run of exactly its digits, outside instants. */
function holdsSecurityCode(text: string, code: string): boolean {
  return new RegExp(`(?<!\\d)${code}(?!\\d)`).test(text.replace(ISO_INSTANT, ''));
}

const TEMPORAL = /^(timestamp|date|time|interval)/;

/** Every column of every table of the database, as text, with its table, column and type. */
async function dumpDatabase(db: Kysely<Database>) {
  const { rows: columns } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
  }>`select table_name, column_name, data_type from information_schema.columns
     where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
  const tables = new Map<string, { column: string; type: string }[]>();
  for (const column of columns) {
    const list = tables.get(column.table_name) ?? [];
    list.push({ column: column.column_name, type: column.data_type });
    tables.set(column.table_name, list);
  }
  const values: { table: string; column: string; type: string; text: string }[] = [];
  for (const [table, list] of tables) {
    const selections = list.map(({ column, type }, index) =>
      type === 'bytea'
        ? sql`encode(${sql.ref(column)}, 'escape') as ${sql.id(`c${index}`)}`
        : sql`${sql.ref(column)}::text as ${sql.id(`c${index}`)}`,
    );
    const { rows } = await sql<Record<string, string | null>>`select ${sql.join(
      selections,
    )} from ${sql.table(table)}`.execute(db);
    for (const row of rows) {
      list.forEach(({ column, type }, index) => {
        const text = row[`c${index}`];
        if (text !== null && text !== undefined) values.push({ table, column, type, text });
      });
    }
  }
  return { tables: [...tables.keys()], values };
}

describe.each(testDatabases())('the built-in card processor on $name', (testDatabase) => {
  let database: DatabaseHandle;
  let db: Kysely<Database>;
  let clock: TestClock;
  let processor: CardProcessor;
  let institutionId: number;
  let otherInstitutionId: number;
  let keyCount = 0;
  const newKey = () => `payment-${(keyCount += 1)}`;

  beforeAll(async () => {
    database = await testDatabase.open();
    db = database.db;
    clock = createTestClock('2025-03-14T15:00:00.000Z');
    processor = createBuiltinCardProcessor({ db, clock });
    institutionId = await createInstitution(db, 'Harbor Card Union');
    otherInstitutionId = await createInstitution(db, 'Other Savings');
  });
  afterAll(async () => {
    await database?.close();
  });

  async function tokenRows() {
    return db.selectFrom('card_processor_tokens').selectAll().execute();
  }
  async function chargesUnder(key: string) {
    return db
      .selectFrom('card_processor_charges')
      .selectAll()
      .where('idempotency_key', '=', key)
      .execute();
  }
  async function tokenize(details: CardDetails) {
    const outcome = await processor.tokenize({ institutionId, card: details });
    if (outcome.status !== 'approved') throw new Error(`refused: ${outcome.error}`);
    return outcome;
  }

  it.each([
    ['4242 4242 4242 4242', 'visa', 'credit', '4242'],
    ['4111 1111 1111 1111', 'visa', 'credit', '1111'],
    ['4000 0566 5566 5556', 'visa', 'debit', '5556'],
    ['5555 5555 5555 4444', 'master', 'credit', '4444'],
    ['2223 0031 2200 3222', 'master', 'credit', '3222'],
    ['5200 8282 8282 8210', 'master', 'debit', '8210'],
    ['3782 822463 10005', 'amex', 'credit', '0005'],
    ['3714 496353 98431', 'amex', 'credit', '8431'],
    ['6011 1111 1111 1117', 'discover', 'credit', '1117'],
    ['6011 0009 9013 9424', 'discover', 'credit', '9424'],
    ['6011 9811 1111 1113', 'discover', 'debit', '1113'],
  ] as const)('approves %s (%s %s) and charges it', async (number, brand, funding, lastFour) => {
    const tokenized = await tokenize(card(number));
    expect(tokenized).toMatchObject({
      status: 'approved',
      brand,
      funding,
      lastFour,
      expiryMonth: 12,
      expiryYear: 2029,
    });
    expect(tokenized.token).toMatch(/^tok_[A-Za-z]{24}$/);

    const charged = await processor.charge({
      institutionId,
      token: tokenized.token,
      amountCents: 12_345,
      idempotencyKey: newKey(),
    });
    expect(charged).toMatchObject({
      status: 'approved',
      amountCents: 12_345,
      card: { token: tokenized.token, brand, lastFour },
      chargedAt: clock.now(),
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'Declined'],
    ['4000 0000 0000 9987', 'Declined'],
    ['4000 0000 0000 9979', 'Declined'],
    ['4000 0000 0000 9995', 'OverLimit'],
    ['4000 0000 0000 0069', 'Expired'],
  ] as const)('saves %s but the issuer answers %s on charging it', async (number, error) => {
    const tokenized = await tokenize(card(number));
    const charged = await processor.charge({
      institutionId,
      token: tokenized.token,
      amountCents: 5_000,
      idempotencyKey: newKey(),
    });
    expect(charged).toMatchObject({ status: 'declined', error });
  });

  it.each([
    ['the wrong security code of 4000 0000 0000 0127', card('4000 0000 0000 0127'), 'InvalidInfo'],
    ['a number failing the Luhn check', card('4242 4242 4242 4241'), 'InvalidInfo'],
    ['a 13-digit Visa', card('4222222222222'), 'InvalidInfo'],
    ['an unsupported brand (Diners)', card('3056 9300 0902 0004'), 'InvalidInfo'],
    ['letters in the number', card('4242 4242 4242 42a2'), 'InvalidInfo'],
    [
      'an amex with a 3-digit code',
      card('3782 822463 10005', { securityCode: '739' }),
      'InvalidInfo',
    ],
    [
      'a Visa with a 4-digit code',
      card('4242 4242 4242 4242', { securityCode: '8360' }),
      'InvalidInfo',
    ],
    ['a missing code', card('4242 4242 4242 4242', { securityCode: '' }), 'InvalidInfo'],
    ['month 13', card('4242 4242 4242 4242', { expiration: '13/27' }), 'InvalidInfo'],
    ['an expiry not MM/YY', card('4242 4242 4242 4242', { expiration: '1/27' }), 'InvalidInfo'],
    ['an invalid zip code', card('4242 4242 4242 4242', { zipCode: '0410' }), 'InvalidInfo'],
    [
      'a missing card holder name',
      card('4242 4242 4242 4242', { holderLastName: ' ' }),
      'InvalidInfo',
    ],
    [
      'a card that expired last month',
      card('4242 4242 4242 4242', { expiration: '02/25' }),
      'Expired',
    ],
    ['a live (non-test) card number', card('4556 7375 8689 9855'), 'Declined'],
  ] as const)('refuses %s when tokenizing, keeping nothing', async (_, details, error) => {
    const before = (await tokenRows()).length;
    const outcome = await processor.tokenize({ institutionId, card: details });
    expect(outcome).toEqual({ status: 'declined', error });
    expect((await tokenRows()).length).toBe(before);
  });

  it('takes a card through the last day of its expiry month, and refuses it after', async () => {
    const tokenized = await tokenize(card('4242 4242 4242 4242', { expiration: '03/25' }));
    const charge = () =>
      processor.charge({
        institutionId,
        token: tokenized.token,
        amountCents: 2_500,
        idempotencyKey: newKey(),
      });
    try {
      // Noon UTC on April 1 is still March 31 somewhere on Earth: the processor never refuses
      // a card first that the institution's own time zone still takes.
      clock.set('2025-04-01T11:59:00.000Z');
      expect(await charge()).toMatchObject({ status: 'approved' });
      clock.set('2025-04-01T12:00:00.000Z');
      expect(await charge()).toMatchObject({ status: 'declined', error: 'Expired' });
      expect(
        await processor.tokenize({
          institutionId,
          card: card('4242 4242 4242 4242', { expiration: '03/25' }),
        }),
      ).toEqual({ status: 'declined', error: 'Expired' });
    } finally {
      clock.set('2025-03-14T15:00:00.000Z');
    }
  });

  it('answers a repeated idempotency key with the first outcome and charges once', async () => {
    const approved = await tokenize(card('4242 4242 4242 4242'));
    const key = newKey();
    const request = {
      institutionId,
      token: approved.token,
      amountCents: 9_900,
      idempotencyKey: key,
    };
    const first = await processor.charge(request);
    clock.advance(60_000);
    const second = await processor.charge(request);
    expect(first.status).toBe('approved');
    expect(second).toEqual(first);
    expect(await chargesUnder(key)).toHaveLength(1);

    const declined = await tokenize(card('4000 0000 0000 0002'));
    const declinedKey = newKey();
    const declinedRequest = { ...request, token: declined.token, idempotencyKey: declinedKey };
    const firstDecline = await processor.charge(declinedRequest);
    expect(firstDecline).toMatchObject({ status: 'declined', error: 'Declined' });
    expect(await processor.charge(declinedRequest)).toEqual(firstDecline);
    expect(await chargesUnder(declinedKey)).toHaveLength(1);
  });

  it('refuses a used key for another amount or card without charging', async () => {
    const tokenized = await tokenize(card('5555 5555 5555 4444'));
    const other = await tokenize(card('4242 4242 4242 4242'));
    const key = newKey();
    const request = {
      institutionId,
      token: tokenized.token,
      amountCents: 4_000,
      idempotencyKey: key,
    };
    expect(await processor.charge(request)).toMatchObject({ status: 'approved' });
    expect(await processor.charge({ ...request, amountCents: 4_001 })).toEqual({
      status: 'idempotencyKeyReused',
    });
    expect(await processor.charge({ ...request, token: other.token })).toEqual({
      status: 'idempotencyKeyReused',
    });
    expect(await chargesUnder(key)).toEqual([
      expect.objectContaining({ token: tokenized.token, amount_cents: 4_000 }),
    ]);
  });

  it('charges once when duplicates of a charge arrive at the same time', async () => {
    const tokenized = await tokenize(card('4242 4242 4242 4242'));
    const key = newKey();
    // Separate processors stand for separate server instances sharing the database.
    const instances = Array.from({ length: 8 }, () => createBuiltinCardProcessor({ db, clock }));
    const outcomes = await Promise.all(
      instances.map((instance) =>
        instance.charge({
          institutionId,
          token: tokenized.token,
          amountCents: 7_700,
          idempotencyKey: key,
        }),
      ),
    );
    const [first] = outcomes;
    expect(first?.status).toBe('approved');
    for (const outcome of outcomes) expect(outcome).toEqual(first);
    expect(await chargesUnder(key)).toHaveLength(1);
  });

  it('keeps idempotency keys apart per institution and refuses another institution’s token', async () => {
    const tokenized = await tokenize(card('4242 4242 4242 4242'));
    const key = newKey();
    const mine = await processor.charge({
      institutionId,
      token: tokenized.token,
      amountCents: 1_000,
      idempotencyKey: key,
    });
    expect(mine.status).toBe('approved');
    expect(
      await processor.charge({
        institutionId: otherInstitutionId,
        token: tokenized.token,
        amountCents: 1_000,
        idempotencyKey: key,
      }),
    ).toEqual({ status: 'declined', error: 'InvalidInfo' });
    expect(
      await processor.charge({
        institutionId,
        token: 'tok_unknownunknownunknownun',
        amountCents: 1_000,
        idempotencyKey: newKey(),
      }),
    ).toEqual({ status: 'declined', error: 'InvalidInfo' });
    expect(await chargesUnder(key)).toHaveLength(1);
  });

  it('refuses amounts that are not a positive whole number of cents, and empty keys', async () => {
    const tokenized = await tokenize(card('4242 4242 4242 4242'));
    for (const amountCents of [0, -100, 12.5, Number.NaN]) {
      await expect(
        processor.charge({
          institutionId,
          token: tokenized.token,
          amountCents,
          idempotencyKey: newKey(),
        }),
      ).rejects.toThrow(RangeError);
    }
    await expect(
      processor.charge({
        institutionId,
        token: tokenized.token,
        amountCents: 100,
        idempotencyKey: '',
      }),
    ).rejects.toThrow(RangeError);
  });

  it('refunds an approved charge once, and refuses declined and unknown charges', async () => {
    const approved = await tokenize(card('6011 1111 1111 1117'));
    const charged = await processor.charge({
      institutionId,
      token: approved.token,
      amountCents: 3_210,
      idempotencyKey: newKey(),
    });
    if (charged.status !== 'approved') throw new Error('expected an approved charge');
    const refund = await processor.refund({ institutionId, chargeId: charged.chargeId });
    expect(refund).toEqual({
      status: 'refunded',
      chargeId: charged.chargeId,
      amountCents: 3_210,
      refundedAt: clock.now(),
    });
    clock.advance(60_000);
    expect(await processor.refund({ institutionId, chargeId: charged.chargeId })).toEqual(refund);
    expect(
      await processor.refund({ institutionId: otherInstitutionId, chargeId: charged.chargeId }),
    ).toEqual({ status: 'refused', reason: 'NotFound' });

    const declinedCard = await tokenize(card('4000 0000 0000 9995'));
    const declined = await processor.charge({
      institutionId,
      token: declinedCard.token,
      amountCents: 3_210,
      idempotencyKey: newKey(),
    });
    if (declined.status !== 'declined' || declined.chargeId === undefined) {
      throw new Error('expected a recorded decline');
    }
    expect(await processor.refund({ institutionId, chargeId: declined.chargeId })).toEqual({
      status: 'refused',
      reason: 'NotApproved',
    });
  });

  it('approves a charge of the refund-refusing test card and refuses its refund, every time', async () => {
    const closing = await tokenize(card('4000 0000 0000 5126'));
    const key = newKey();
    const charged = await processor.charge({
      institutionId,
      token: closing.token,
      amountCents: 4_560,
      idempotencyKey: key,
    });
    if (charged.status !== 'approved') throw new Error('expected an approved charge');
    const refusal = { status: 'refused', reason: 'ExpiredOrCanceledCard' };
    expect(await processor.refund({ institutionId, chargeId: charged.chargeId })).toEqual(refusal);
    expect(await processor.refund({ institutionId, chargeId: charged.chargeId })).toEqual(refusal);
    expect(await processor.findCharge(institutionId, key)).toMatchObject({
      status: 'approved',
      refunded: false,
    });
    // Another Visa's refund still goes through: the refusal is this card's alone.
    const visa = await tokenize(card('4242 4242 4242 4242'));
    const other = await processor.charge({
      institutionId,
      token: visa.token,
      amountCents: 4_560,
      idempotencyKey: newKey(),
    });
    if (other.status !== 'approved') throw new Error('expected an approved charge');
    expect(await processor.refund({ institutionId, chargeId: other.chargeId })).toMatchObject({
      status: 'refunded',
      amountCents: 4_560,
    });
  });

  it('finds the charge made under a key, refunded or not, only for its institution, and charges nothing', async () => {
    const approved = await tokenize(card('4242 4242 4242 4242'));
    const key = newKey();
    expect(await processor.findCharge(institutionId, key)).toBeUndefined();
    const charged = await processor.charge({
      institutionId,
      token: approved.token,
      amountCents: 4_560,
      idempotencyKey: key,
    });
    if (charged.status !== 'approved') throw new Error('expected an approved charge');
    expect(await processor.findCharge(institutionId, key)).toEqual({
      idempotencyKey: key,
      chargeId: charged.chargeId,
      amountCents: 4_560,
      status: 'approved',
      refunded: false,
      chargedAt: charged.chargedAt,
    });
    await processor.refund({ institutionId, chargeId: charged.chargeId });
    expect(await processor.findCharge(institutionId, key)).toMatchObject({ refunded: true });
    expect(await processor.findCharge(otherInstitutionId, key)).toBeUndefined();
    expect(await chargesUnder(key)).toHaveLength(1);
  });

  it('lists a day’s charges in the zone it is asked for, with declines and refunds, never card data', async () => {
    const dayInstitutionId = await createInstitution(db, 'Day Report Credit Union');
    const charge = async (number: string, at: string, amountCents: number) => {
      clock.set(at);
      const tokenized = await processor.tokenize({
        institutionId: dayInstitutionId,
        card: card(number),
      });
      if (tokenized.status !== 'approved') throw new Error('expected a token');
      const key = newKey();
      const outcome = await processor.charge({
        institutionId: dayInstitutionId,
        token: tokenized.token,
        amountCents,
        idempotencyKey: key,
      });
      return { key, outcome };
    };
    // 23:30 and 00:30 in New York: two days there, one in UTC.
    const late = await charge('4242 4242 4242 4242', '2025-03-20T03:30:00.000Z', 1_500);
    const declined = await charge('4000 0000 0000 0002', '2025-03-20T03:45:00.000Z', 1_600);
    const next = await charge('4242 4242 4242 4242', '2025-03-20T04:30:00.000Z', 1_700);
    if (late.outcome.status !== 'approved') throw new Error('expected an approved charge');
    await processor.refund({ institutionId: dayInstitutionId, chargeId: late.outcome.chargeId });

    const day = await processor.listCharges(dayInstitutionId, '2025-03-19', 'America/New_York');
    expect(day).toEqual([
      {
        idempotencyKey: late.key,
        chargeId: late.outcome.chargeId,
        amountCents: 1_500,
        status: 'approved',
        refunded: true,
        chargedAt: new Date('2025-03-20T03:30:00.000Z'),
      },
      expect.objectContaining({
        idempotencyKey: declined.key,
        status: 'declined',
        refunded: false,
      }),
    ]);
    expect(
      (await processor.listCharges(dayInstitutionId, '2025-03-20', 'America/New_York')).map(
        (listed) => listed.idempotencyKey,
      ),
    ).toEqual([next.key]);
    expect(
      (await processor.listCharges(dayInstitutionId, '2025-03-20', 'UTC')).map(
        (listed) => listed.idempotencyKey,
      ),
    ).toEqual([late.key, declined.key, next.key]);
    expect(await processor.listCharges(institutionId, '2025-03-19', 'America/New_York')).toEqual(
      [],
    );
    clock.set('2025-03-14T15:00:00.000Z');
  });

  it('finds a card number or security code when one is there (the scan below can fail)', () => {
    expect(cardNumbersIn('paid with 4242 4242 4242 4242 today')).toContain('4242424242424242');
    expect(cardNumbersIn('{"pan":"378282246310005"}')).toContain('378282246310005');
    expect(cardNumbersIn('ref 1234567890123 and 2025-03-14 15:00:00+00')).toEqual([]);
    // Inside a hex digest the digits are random characters, not a number someone stored.
    expect(cardNumbersIn('e3b0c4424242424242424242ab')).toEqual([]);
    expect(holdsSecurityCode('{"cvv":"836"}', CVV)).toBe(true);
    expect(holdsSecurityCode('amount 18360', CVV)).toBe(false);
    // A timestamp's milliseconds are not a code (kysely_migration keeps its times as text).
    expect(holdsSecurityCode('2026-11-26T00:59:44.836Z', CVV)).toBe(false);
    expect(holdsSecurityCode('{"at":"2026-11-26T00:59:44.836Z","cvv":"836"}', CVV)).toBe(true);
  });

  it('never lets a card number or a security code reach the database', async () => {
    const numbers = [
      '4242424242424242',
      '5555555555554444',
      '378282246310005',
      '6011111111111117',
      '4000056655665556',
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
      '4000000000000127',
      '4242424242424241',
      '4556737586899855',
    ];
    for (const number of numbers) {
      for (const written of [number, number.replace(/(\d{4})(?=\d)/g, '$1 ')]) {
        const outcome = await processor.tokenize({ institutionId, card: card(written) });
        expect(JSON.stringify(outcome)).not.toContain(number);
        if (outcome.status !== 'approved') continue;
        for (const amountCents of [1_999, 250_000]) {
          const charged = await processor.charge({
            institutionId,
            token: outcome.token,
            amountCents,
            idempotencyKey: newKey(),
          });
          expect(JSON.stringify(charged)).not.toContain(number);
        }
      }
    }

    const dump = await dumpDatabase(db);
    expect(dump.tables).toEqual(
      expect.arrayContaining(['card_processor_tokens', 'card_processor_charges']),
    );
    // The scan read the processor's rows: the tokens and last fours are in it.
    const tokenValues = dump.values.filter((value) => value.table === 'card_processor_tokens');
    expect(tokenValues.map((value) => value.text)).toEqual(
      expect.arrayContaining(['4242', '4444', '0005', '1117']),
    );

    const found = dump.values.flatMap((value) =>
      cardNumbersIn(value.text).map((run) => `${value.table}.${value.column}: ${run}`),
    );
    expect(found).toEqual([]);
    const everything = dump.values.map((value) => value.text.replace(/[\s-]/g, '')).join('\n');
    for (const number of numbers) expect(everything).not.toContain(number);

    const codes = dump.values
      .filter((value) => !TEMPORAL.test(value.type))
      .filter(
        (value) => holdsSecurityCode(value.text, CVV) || holdsSecurityCode(value.text, AMEX_CVV),
      )
      .map((value) => `${value.table}.${value.column}: ${value.text}`);
    expect(codes).toEqual([]);
  });
});
