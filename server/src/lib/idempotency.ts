import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey } from '@portal/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DataProtector } from './data-protection';

/*
 * Idempotent submissions: one run per user and Idempotency-Key, every repeat answered with the
 * first answer. The mechanism is shared by every module that takes such a key (payments, loan
 * applications); where the keys are kept is the store's business (`IdempotencyStore`: the
 * portal's table is `db/idempotency-keys.ts`, whose `idempotencyKeys` every caller passes), so
 * this file knows no table and no module.
 */

/** A key is the user's own: another user's identical key is another key. */
export interface IdempotencyScope {
  institutionId: number;
  userId: string;
  key: string;
}

/** A key as kept: the request's fingerprint, and its answer once there is one. */
export interface StoredIdempotencyKey {
  fingerprint: string;
  /** 'in_progress' until answered, then 'done'. */
  state: string;
  response_status: number | null;
  response_body: unknown;
}

/** An answer to store on a key. */
export interface StoredIdempotentAnswer {
  status: number;
  bodyJson: string;
  at: Date;
}

/**
 * Where the keys are kept, in the database `DB` the submission's work writes to (the claim and
 * the work commit together).
 */
export interface IdempotencyStore<DB> {
  /**
   * Inserts the key 'in_progress'; false when it already exists. On PostgreSQL, while another
   * transaction holds an uncommitted claim of the same key, this waits for it.
   */
  claim(
    trx: Kysely<DB>,
    claim: IdempotencyScope & { fingerprint: string; at: Date; expiresAt: Date },
  ): Promise<boolean>;
  find(db: Kysely<DB>, scope: IdempotencyScope): Promise<StoredIdempotencyKey | undefined>;
  /** Stores the answer of a key this transaction claimed (throws when it did not). */
  complete(trx: Kysely<DB>, scope: IdempotencyScope, answer: StoredIdempotentAnswer): Promise<void>;
  /** Stores the answer of a key still open; false when another request answered it first. */
  completeOpen(
    db: Kysely<DB>,
    scope: IdempotencyScope,
    answer: StoredIdempotentAnswer,
  ): Promise<boolean>;
  /** Sets the transaction's lock timeout ('5000ms', '0' for none); returns the previous one. */
  setLocalLockTimeout(trx: Kysely<DB>, value: string): Promise<string>;
}

/** How long a key and its answer are kept: a retry of the same attempt comes well within it. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** How long a duplicate waits for the first submission of its key before it is told to retry. */
export const IDEMPOTENCY_WAIT_MS = 10_000;

/**
 * The refusals of an idempotent submission, each with its HTTP status. Missing: the header is
 * absent, repeated or not an IdempotencyKey. Reused: the key already answered a different
 * request. InProgress: the first submission of the key is still running (retry later).
 */
export const IDEMPOTENCY_REFUSALS = {
  IdempotencyKeyMissing: 400,
  IdempotencyKeyReused: 422,
  IdempotencyKeyInProgress: 409,
} as const;
export type IdempotencyRefusal = keyof typeof IDEMPOTENCY_REFUSALS;

/** What a submission answers: stored as it is and given again to every repeat. */
export interface IdempotentAnswer<T> {
  status: number;
  body: T;
}

export type IdempotentOutcome<T> =
  /** This call ran the work; its answer is stored. */
  | { outcome: 'ran'; answer: IdempotentAnswer<T> }
  /** An earlier call with the same key and request ran it; this is its stored answer. */
  | { outcome: 'replayed'; answer: IdempotentAnswer<T> }
  | { outcome: 'refused'; refusal: Exclude<IdempotencyRefusal, 'IdempotencyKeyMissing'> };

export interface IdempotentSubmission<T, DB> extends IdempotencyScope {
  /** Not a transaction: runOnce opens its own, and the work's writes go in it. */
  db: Kysely<DB>;
  /** Where the keys are kept (the portal's: `idempotencyKeys` of db/idempotency-keys.ts). */
  store: IdempotencyStore<DB>;
  /** requestFingerprint of the route and the validated body. */
  fingerprint: string;
  now: Date;
  /** Reads a stored body back (the response schema's parse), so a replay is typed as the first. */
  parseBody: (stored: unknown) => T;
  lifetimeMs?: number;
  /** PostgreSQL: the longest a duplicate waits on the first submission's claim. */
  maxWaitMs?: number;
}

/**
 * Runs a submission at most once per user and Idempotency-Key, and answers every repeat of the
 * same request with the first answer.
 *
 * The claim, the work's writes and the answer commit in one transaction: a crash before the
 * commit leaves no claim (a retry runs the work), and a crash after it leaves the answer (a retry
 * gets it, even though the first caller never received it). A duplicate arriving while the first
 * runs waits for it: on PostgreSQL its claim blocks on the first's uncommitted row (at most
 * `maxWaitMs`, then IdempotencyKeyInProgress), on PGlite the one connection runs one transaction
 * at a time. The work must write through `trx` only, and anything it does outside the database
 * (a card charge) must itself be idempotent under the same key, since a rolled-back attempt is
 * run again.
 */
export async function runOnce<T, DB>(
  submission: IdempotentSubmission<T, DB>,
  work: (trx: Transaction<DB>) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentOutcome<T>> {
  const { store } = submission;
  const scope: IdempotencyScope = {
    institutionId: submission.institutionId,
    userId: submission.userId,
    key: submission.key,
  };
  try {
    return await submission.db.transaction().execute(async (trx) => {
      const claimed = await claimWithinWait(trx, submission, scope);
      if (!claimed) {
        const existing = await store.find(trx, scope);
        // Gone between the claim and the read: purged as expired. Let the caller retry.
        if (!existing) return refused('IdempotencyKeyInProgress');
        if (existing.fingerprint !== submission.fingerprint) return refused('IdempotencyKeyReused');
        if (existing.state !== 'done' || existing.response_status === null) {
          return refused('IdempotencyKeyInProgress');
        }
        return {
          outcome: 'replayed',
          answer: {
            status: existing.response_status,
            body: submission.parseBody(existing.response_body),
          },
        };
      }

      const answer = await work(trx);
      const bodyJson = JSON.stringify(answer.body);
      await store.complete(trx, scope, {
        status: answer.status,
        bodyJson,
        at: submission.now,
      });
      // What the first caller gets is what a repeat will get: the stored JSON, read back.
      return {
        outcome: 'ran',
        answer: { status: answer.status, body: submission.parseBody(JSON.parse(bodyJson)) },
      };
    });
  } catch (error) {
    if (error instanceof StillInProgress) return refused('IdempotencyKeyInProgress');
    throw error;
  }
}

/** The first submission of the key held it longer than the wait allowed. */
class StillInProgress extends Error {}

async function claimWithinWait<DB>(
  trx: Transaction<DB>,
  submission: IdempotentSubmission<unknown, DB>,
  scope: IdempotencyScope,
): Promise<boolean> {
  const { store } = submission;
  const previousTimeout = await store.setLocalLockTimeout(
    trx,
    `${Math.max(1, Math.trunc(submission.maxWaitMs ?? IDEMPOTENCY_WAIT_MS))}ms`,
  );
  let claimed: boolean;
  try {
    claimed = await store.claim(trx, {
      ...scope,
      fingerprint: submission.fingerprint,
      at: submission.now,
      expiresAt: new Date(
        submission.now.getTime() + (submission.lifetimeMs ?? IDEMPOTENCY_KEY_LIFETIME_MS),
      ),
    });
  } catch (error) {
    // The transaction is aborted now; the caller's rollback follows this throw.
    if (isLockTimeout(error)) throw new StillInProgress('Idempotency key in progress');
    throw error;
  }
  // The work's own lock waits are not bounded by this wait.
  await store.setLocalLockTimeout(trx, previousTimeout);
  return claimed;
}

function refused<T>(
  refusal: Exclude<IdempotencyRefusal, 'IdempotencyKeyMissing'>,
): IdempotentOutcome<T> {
  return { outcome: 'refused', refusal };
}

/** PostgreSQL's lock_not_available, raised when lock_timeout ends a wait. */
function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '55P03';
}

/**
 * The request's fingerprint: a keyed digest (HMAC-SHA-256) of the canonical JSON of the route's
 * name and the validated body. Keyed because a single-use bank account rides in a submit's body,
 * and a plain hash of a few guessable fields and an account number could be searched.
 */
export function requestFingerprint(
  hasher: Pick<DataProtector, 'digest'>,
  route: string,
  body: unknown,
): string {
  return hasher.digest('idempotency-fingerprint', canonicalJson({ route, body }));
}

/**
 * JSON with object keys sorted at every depth and no whitespace, so equal requests give equal
 * text whatever order their fields came in. Refuses what JSON cannot carry faithfully.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Cannot fingerprint the number ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map((item: unknown) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (typeof value === 'object' && isPlainObject(value)) {
    const fields = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`);
    return `{${fields.join(',')}}`;
  }
  throw new TypeError(`Cannot fingerprint a value of type ${typeof value}`);
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The request's Idempotency-Key, or undefined when it is absent, sent twice or malformed (the
 * caller answers IdempotencyKeyMissing). Fastify gives header names in lower case.
 */
export function readIdempotencyKey(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): string | undefined {
  const value = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (typeof value !== 'string') return undefined;
  const parsed = IdempotencyKey.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** What the work of a resumable submission decided. */
export type ResumableWork<T> =
  /** Answered now (a refusal): stored with the claim, as runOnce does. */
  | { kind: 'answer'; answer: IdempotentAnswer<T> }
  /**
   * The work's writes commit with the claim, the key staying open: the caller finishes outside
   * the transaction (settles a payment) and stores the answer with `completeResumable`.
   */
  | { kind: 'continue' };

export type ResumableOutcome<T> =
  | { outcome: 'ran'; answer: IdempotentAnswer<T> }
  | { outcome: 'replayed'; answer: IdempotentAnswer<T> }
  /**
   * Finish the work and complete the key. `resumed`: an earlier request of the same key and
   * request committed its work but has not answered (it died after its commit, or is still
   * finishing): this one finishes the same work, which must therefore be idempotent.
   */
  | { outcome: 'continue'; resumed: boolean }
  | { outcome: 'refused'; refusal: Exclude<IdempotencyRefusal, 'IdempotencyKeyMissing'> };

/**
 * runOnce for work that goes on after its transaction (an immediate payment: the row commits
 * with the claim, then the card is charged and the core posts it). A repeat finding the key
 * claimed but unanswered is told to continue rather than IdempotencyKeyInProgress, so a request
 * that died after its commit is finished by its retry. runOnce itself is unchanged.
 */
export async function runOnceResumable<T, DB>(
  submission: IdempotentSubmission<T, DB>,
  work: (trx: Transaction<DB>) => Promise<ResumableWork<T>>,
): Promise<ResumableOutcome<T>> {
  const { store } = submission;
  const scope: IdempotencyScope = {
    institutionId: submission.institutionId,
    userId: submission.userId,
    key: submission.key,
  };
  try {
    return await submission.db.transaction().execute(async (trx) => {
      const claimed = await claimWithinWait(trx, submission, scope);
      if (!claimed) return existingOutcome(submission, await store.find(trx, scope));
      const decided = await work(trx);
      if (decided.kind === 'continue') return { outcome: 'continue', resumed: false } as const;
      const bodyJson = JSON.stringify(decided.answer.body);
      await store.complete(trx, scope, {
        status: decided.answer.status,
        bodyJson,
        at: submission.now,
      });
      return {
        outcome: 'ran',
        answer: {
          status: decided.answer.status,
          body: submission.parseBody(JSON.parse(bodyJson)),
        },
      } as const;
    });
  } catch (error) {
    if (error instanceof StillInProgress) return refused('IdempotencyKeyInProgress');
    throw error;
  }
}

/**
 * What a key already used means for a resumable submission, without claiming anything (also a
 * cheap look before the request is validated): undefined when the key is unused.
 */
export async function peekResumable<T, DB>(
  submission: IdempotentSubmission<T, DB>,
): Promise<ResumableOutcome<T> | undefined> {
  const existing = await submission.store.find(submission.db, {
    institutionId: submission.institutionId,
    userId: submission.userId,
    key: submission.key,
  });
  return existing ? existingOutcome(submission, existing) : undefined;
}

function existingOutcome<T>(
  submission: Pick<IdempotentSubmission<T, unknown>, 'fingerprint' | 'parseBody'>,
  existing: StoredIdempotencyKey | undefined,
): ResumableOutcome<T> {
  if (!existing) return refused('IdempotencyKeyInProgress');
  if (existing.fingerprint !== submission.fingerprint) return refused('IdempotencyKeyReused');
  if (existing.state !== 'done' || existing.response_status === null) {
    return { outcome: 'continue', resumed: true };
  }
  return {
    outcome: 'replayed',
    answer: {
      status: existing.response_status,
      body: submission.parseBody(existing.response_body),
    },
  };
}

/**
 * Stores the answer of a key left open by runOnceResumable. When another request of the key
 * answered first, its stored answer is the answer (every caller of one key gets one answer).
 */
export async function completeResumable<T, DB>(
  submission: IdempotentSubmission<T, DB>,
  answer: IdempotentAnswer<T>,
): Promise<IdempotentAnswer<T>> {
  const { store } = submission;
  const scope: IdempotencyScope = {
    institutionId: submission.institutionId,
    userId: submission.userId,
    key: submission.key,
  };
  const bodyJson = JSON.stringify(answer.body);
  const stored = await store.completeOpen(submission.db, scope, {
    status: answer.status,
    bodyJson,
    at: submission.now,
  });
  if (stored) return { status: answer.status, body: submission.parseBody(JSON.parse(bodyJson)) };
  const existing = await store.find(submission.db, scope);
  if (!existing || existing.response_status === null) return answer;
  return { status: existing.response_status, body: submission.parseBody(existing.response_body) };
}

/**
 * completeResumable in the caller's transaction, for work that finishes outside its claim's
 * transaction and writes its own rows with the answer (a loan application's work item): 'stored'
 * when this call answered the key, and the caller writes its rows in the same transaction;
 * otherwise another request (or a job) of the key answered first, and its answer is given
 * (undefined when the key is gone). On PostgreSQL a second finisher waits on the first's
 * uncommitted answer, then finds the key answered: exactly one writes the rows.
 */
export async function completeResumableWithin<T, DB>(
  trx: Kysely<DB>,
  submission: Omit<IdempotentSubmission<T, DB>, 'db'>,
  answer: IdempotentAnswer<T>,
): Promise<
  | { stored: true; answer: IdempotentAnswer<T> }
  | { stored: false; answer: IdempotentAnswer<T> | undefined }
> {
  const scope: IdempotencyScope = {
    institutionId: submission.institutionId,
    userId: submission.userId,
    key: submission.key,
  };
  const bodyJson = JSON.stringify(answer.body);
  if (
    await submission.store.completeOpen(trx, scope, {
      status: answer.status,
      bodyJson,
      at: submission.now,
    })
  ) {
    return {
      stored: true,
      answer: { status: answer.status, body: submission.parseBody(JSON.parse(bodyJson)) },
    };
  }
  const existing = await submission.store.find(trx, scope);
  if (!existing || existing.response_status === null) return { stored: false, answer: undefined };
  return {
    stored: false,
    answer: {
      status: existing.response_status,
      body: submission.parseBody(existing.response_body),
    },
  };
}
