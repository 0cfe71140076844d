import { SubmitPaymentResponse } from '@portal/domain';
import { sql, type Transaction } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/create-database';
import {
  findIdempotencyKey,
  idempotencyKeys,
  purgeExpiredIdempotencyKeys,
} from '../db/idempotency-keys';
import type { Database } from '../db/schema';
import { createTestClock } from '../testing/clock';
import { testDatabases } from '../testing/databases';
import { TEST_DATA_PROTECTOR } from '../testing/keys';
import {
  canonicalJson,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  readIdempotencyKey,
  requestFingerprint,
  runOnce,
  type IdempotentAnswer,
} from './idempotency';

const ROUTE = 'PaymentImmediate/SubmitAch';
const ACCOUNT_NUMBER = '90817263544';

function submitBody(amount = '125.00') {
  return {
    EncryptedData: '',
    Payment: {
      LogonName: 'jordan',
      Details: {
        PaymentDate: '03/14/2025',
        LoanAccountNumber: '001-100234-1',
        PaymentAmount: amount,
      },
      Method: {
        IsCard: false,
        AchInfo: { RoutingNumber: '011099990', AccountNumber: ACCOUNT_NUMBER },
      },
    },
  };
}

const fingerprintOf = (body: unknown) => requestFingerprint(TEST_DATA_PROTECTOR, ROUTE, body);

/** Resolves once `open` is called: holds a submission mid-work without sleeping. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('the idempotency fingerprint and header', () => {
  it('gives the same fingerprint whatever order the fields came in, and another for another body', () => {
    const reordered = {
      Payment: {
        Method: submitBody().Payment.Method,
        Details: {
          PaymentAmount: '125.00',
          LoanAccountNumber: '001-100234-1',
          PaymentDate: '03/14/2025',
        },
        LogonName: 'jordan',
      },
      EncryptedData: '',
    };
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(submitBody()));
    expect(fingerprintOf(submitBody('125.01'))).not.toBe(fingerprintOf(submitBody()));
    expect(
      requestFingerprint(TEST_DATA_PROTECTOR, 'PaymentImmediate/SubmitCard', submitBody()),
    ).not.toBe(fingerprintOf(submitBody()));
    expect(fingerprintOf(submitBody())).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes canonical JSON and refuses what JSON cannot carry', () => {
    expect(canonicalJson({ b: [1, undefined, 'x'], a: { d: null, c: true, e: undefined } })).toBe(
      '{"a":{"c":true,"d":null},"b":[1,null,"x"]}',
    );
    expect(() => canonicalJson({ amount: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ at: new Date() })).toThrow(TypeError);
  });

  it('reads a well-formed key and refuses a missing, repeated or malformed one', () => {
    expect(readIdempotencyKey({ 'idempotency-key': 'attempt-7f3a9c21' })).toBe('attempt-7f3a9c21');
    expect(readIdempotencyKey({})).toBeUndefined();
    expect(
      readIdempotencyKey({ 'idempotency-key': ['attempt-1234', 'attempt-1234'] }),
    ).toBeUndefined();
    expect(readIdempotencyKey({ 'idempotency-key': 'short' })).toBeUndefined();
    expect(readIdempotencyKey({ 'idempotency-key': 'has a space in it' })).toBeUndefined();
    expect(readIdempotencyKey({ 'idempotency-key': 'x'.repeat(201) })).toBeUndefined();
  });
});

describe.each(testDatabases('both'))('idempotent submission on $name', (testDatabase) => {
  let database: DatabaseHandle;
  let institutionId: number;
  let jordan: string;
  let pat: string;
  const clock = createTestClock('2025-03-14T15:00:00Z');
  let workRuns = 0;
  let nextReference = 1;
  const db = () => database.db;

  async function createUser(username: string): Promise<string> {
    const customer = await db()
      .insertInto('customers')
      .values({ institution_id: institutionId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db()
      .insertInto('users')
      .values({ institution_id: institutionId, customer_id: customer.id, username })
      .returning('id')
      .executeTakeFirstOrThrow();
    return user.id;
  }

  /** A submission's effect: one payment row, written in the submission's transaction. */
  async function pay(trx: Transaction<Database>): Promise<IdempotentAnswer<SubmitPaymentResponse>> {
    workRuns += 1;
    const reference = `P${String(nextReference++).padStart(6, '0')}`;
    await sql`insert into idempotency_test_payments (reference) values (${reference})`.execute(trx);
    return { status: 200, body: { HasNoErrors: true, Errors: [], ReferenceNumber: reference } };
  }

  async function payments(): Promise<string[]> {
    const { rows } = await sql<{ reference: string }>`
      select reference from idempotency_test_payments order by reference`.execute(db());
    return rows.map((row) => row.reference);
  }

  function submission(
    userId: string,
    key: string,
    body: unknown = submitBody(),
    extra: { maxWaitMs?: number } = {},
  ) {
    return {
      db: db(),
      store: idempotencyKeys,
      institutionId,
      userId,
      key,
      fingerprint: fingerprintOf(body),
      now: clock.now(),
      parseBody: (stored: unknown) => SubmitPaymentResponse.parse(stored),
      ...extra,
    };
  }

  beforeAll(async () => {
    database = await testDatabase.open();
    await sql`create table idempotency_test_payments (reference text primary key)`.execute(db());
    const institution = await db()
      .insertInto('institutions')
      .values({
        slug: 'harbor',
        name: 'Harbor',
        cdn_folder: '/cdn/harbor',
        time_zone: 'America/New_York',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    institutionId = institution.id;
    jordan = await createUser('jordan');
    pat = await createUser('pat');
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    await db().deleteFrom('idempotency_keys').execute();
    await sql`delete from idempotency_test_payments`.execute(db());
    workRuns = 0;
    clock.set('2025-03-14T15:00:00Z');
  });

  it('runs a submission once and answers its repeat with the same answer and ReferenceNumber', async () => {
    const first = await runOnce(submission(jordan, 'attempt-0001'), pay);
    const repeat = await runOnce(submission(jordan, 'attempt-0001'), pay);

    expect(first).toEqual({
      outcome: 'ran',
      answer: {
        status: 200,
        body: { HasNoErrors: true, Errors: [], ReferenceNumber: expect.any(String) },
      },
    });
    expect(repeat).toEqual({
      outcome: 'replayed',
      answer: first.outcome === 'ran' ? first.answer : null,
    });
    expect(workRuns).toBe(1);
    expect(await payments()).toHaveLength(1);
  });

  it('refuses a different request under a used key without running it', async () => {
    await runOnce(submission(jordan, 'attempt-0002'), pay);
    const other = await runOnce(submission(jordan, 'attempt-0002', submitBody('999.00')), pay);

    expect(other).toEqual({ outcome: 'refused', refusal: 'IdempotencyKeyReused' });
    expect(workRuns).toBe(1);
    expect(await payments()).toHaveLength(1);
  });

  it('runs twenty concurrent duplicates once, and all of them get the same answer', async () => {
    const slowPay = async (trx: Transaction<Database>) => {
      const answer = await pay(trx);
      // Widens the window in which the duplicates arrive while the first holds its claim.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return answer;
    };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => runOnce(submission(jordan, 'attempt-0003'), slowPay)),
    );

    expect(workRuns).toBe(1);
    expect(await payments()).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'ran')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'replayed')).toHaveLength(19);
    const [reference] = await payments();
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({
        answer: {
          status: 200,
          body: { HasNoErrors: true, Errors: [], ReferenceNumber: reference },
        },
      });
    }
  });

  it('lets a waiting duplicate run the submission when the first one fails', async () => {
    let attempts = 0;
    const firstAttemptFails = async (trx: Transaction<Database>) => {
      attempts += 1;
      const answer = await pay(trx);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (attempts === 1) throw new Error('database error mid-transaction');
      return answer;
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        runOnce(submission(jordan, 'attempt-0010'), firstAttemptFails),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    const answered = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value.outcome] : [],
    );
    expect(answered.sort()).toEqual(['ran', 'replayed', 'replayed', 'replayed']);
    expect(await payments()).toHaveLength(1);
  });

  it('leaves no claim and no effect when the work fails, so a retry runs it', async () => {
    const failingPay = async (trx: Transaction<Database>) => {
      await pay(trx);
      throw new Error('connection to the core lost mid-transaction');
    };
    await expect(runOnce(submission(jordan, 'attempt-0004'), failingPay)).rejects.toThrow(
      'connection to the core lost',
    );
    expect(
      await findIdempotencyKey(db(), { institutionId, userId: jordan, key: 'attempt-0004' }),
    ).toBeUndefined();
    expect(await payments()).toEqual([]);

    const retry = await runOnce(submission(jordan, 'attempt-0004'), pay);
    expect(retry.outcome).toBe('ran');
    expect(await payments()).toHaveLength(1);
  });

  it('answers a retry after the answer was lost with the stored answer, without paying again', async () => {
    let lost: unknown;
    const submitAndLoseTheAnswer = async () => {
      const committed = await runOnce(submission(jordan, 'attempt-0005'), pay);
      lost = committed.outcome === 'ran' ? committed.answer : undefined;
      throw new Error('socket closed before the answer was written');
    };
    await expect(submitAndLoseTheAnswer()).rejects.toThrow('socket closed');
    expect(lost).toBeDefined();

    const retry = await runOnce(submission(jordan, 'attempt-0005'), pay);
    expect(retry).toEqual({ outcome: 'replayed', answer: lost });
    expect(workRuns).toBe(1);
    expect(await payments()).toHaveLength(1);
  });

  it("keeps each user's keys apart: another user's identical key runs its own submission", async () => {
    const jordans = await runOnce(submission(jordan, 'attempt-0006'), pay);
    const pats = await runOnce(submission(pat, 'attempt-0006', submitBody('999.00')), pay);

    expect(jordans.outcome).toBe('ran');
    expect(pats.outcome).toBe('ran');
    expect(await payments()).toHaveLength(2);
  });

  it('stores the fingerprint and the answer, never the request body', async () => {
    await runOnce(submission(jordan, 'attempt-0007'), pay);
    const row = await findIdempotencyKey(db(), {
      institutionId,
      userId: jordan,
      key: 'attempt-0007',
    });

    expect(row).toMatchObject({
      state: 'done',
      response_status: 200,
      fingerprint: fingerprintOf(submitBody()),
    });
    expect(JSON.stringify(row)).not.toContain(ACCOUNT_NUMBER);
  });

  it('purges a key once it has expired, and not before', async () => {
    await runOnce(submission(jordan, 'attempt-0008'), pay);
    const scope = { institutionId, userId: jordan, key: 'attempt-0008' };

    clock.advance(IDEMPOTENCY_KEY_LIFETIME_MS - 1000);
    expect(await purgeExpiredIdempotencyKeys(db(), clock.now())).toBe(0);
    expect(await findIdempotencyKey(db(), scope)).toBeDefined();

    clock.advance(1000);
    expect(await purgeExpiredIdempotencyKeys(db(), clock.now())).toBe(1);
    expect(await findIdempotencyKey(db(), scope)).toBeUndefined();
  });

  it.runIf(testDatabase.name === 'postgres')(
    'tells a duplicate to retry when the first submission holds the key longer than the wait',
    async () => {
      const started = gate();
      const release = gate();
      const first = runOnce(submission(jordan, 'attempt-0009'), async (trx) => {
        const answer = await pay(trx);
        started.open();
        await release.opened;
        return answer;
      });
      await started.opened;

      const duplicate = await runOnce(
        submission(jordan, 'attempt-0009', submitBody(), { maxWaitMs: 100 }),
        pay,
      );
      expect(duplicate).toEqual({ outcome: 'refused', refusal: 'IdempotencyKeyInProgress' });

      release.open();
      expect((await first).outcome).toBe('ran');
      const later = await runOnce(submission(jordan, 'attempt-0009'), pay);
      expect(later.outcome).toBe('replayed');
      expect(workRuns).toBe(1);
    },
  );
});
