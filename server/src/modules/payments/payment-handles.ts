import type { DataProtector } from '../../lib/data-protection';

type Digest = Pick<DataProtector, 'digest'>;

/** A UUID (version 8, "custom") made of a keyed digest's first 122 bits. */
function uuidOfDigest(hex: string): string {
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/**
 * The id of the payment an idempotent submission makes: the same institution, user and
 * Idempotency-Key always name the same payment, so every retry of one attempt, on any server
 * instance, can only ever find or make that one row (the primary key refuses a second).
 */
export function paymentIdOf(
  protector: Digest,
  scope: { institutionId: number; userId: string; key: string },
): string {
  return uuidOfDigest(
    protector.digest('payment-id', `${scope.institutionId}\n${scope.userId}\n${scope.key}`),
  );
}

/** The id of one date of a recurring payment (one row per recurring payment and date). */
export function occurrenceIdOf(protector: Digest, recurringId: string, date: string): string {
  return uuidOfDigest(protector.digest('payment-occurrence', `${recurringId}\n${date}`));
}

/** Crockford's base 32: no I, L, O or U, so a number read aloud or retyped is unambiguous. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_LENGTH = 10;

/**
 * The confirmation number (ReferenceNumber) of a payment or recurring payment: 10 characters of
 * Crockford base 32 derived from its id (50 bits), so a retry answers the same number. Unique per
 * institution by the tables' constraints; a clash (about one in 10^15 per pair) fails the insert
 * rather than ever sharing a number.
 */
export function referenceNumberOf(protector: Digest, id: string): string {
  const hex = protector.digest('payment-reference', id);
  let bits = BigInt(`0x${hex.slice(0, 13)}`) >> 2n;
  let text = '';
  for (let index = 0; index < REFERENCE_LENGTH; index += 1) {
    text = `${CROCKFORD[Number(bits & 31n)]}${text}`;
    bits >>= 5n;
  }
  return text;
}

/**
 * What a handle opens: a scheduled payment (to read its timeline or delete it), a recurring
 * payment (to delete it), or a listed payment of any kind whose timeline alone may be read (a
 * returned payment's details): a `payment` handle never opens for a deletion.
 */
export type HandleKind = 'scheduled' | 'recurring' | 'payment';

const HANDLE_PREFIX: Record<HandleKind, string> = { scheduled: 's', recurring: 'r', payment: 'p' };

const HANDLE_MAC_LENGTH = 32;

function handleMac(
  protector: Digest,
  kind: HandleKind,
  owner: { institutionId: number; userId: string },
  id: string,
): string {
  return protector
    .digest('payment-handle', `${kind}\n${owner.institutionId}\n${owner.userId}\n${id}`)
    .slice(0, HANDLE_MAC_LENGTH);
}

/**
 * The opaque handle GetPaymentInfo gives a scheduled payment (EncryptedString), a recurring
 * payment (EncryptedData) or a returned payment (EncryptedString, its details only): its id and a
 * keyed MAC over the kind, the institution, the user and the id. Only the server can make one, and it opens only for the user it was made for: another
 * user's handle, or a forged one, reads exactly as a payment that does not exist.
 */
export function paymentHandleOf(
  protector: Digest,
  kind: HandleKind,
  owner: { institutionId: number; userId: string },
  id: string,
): string {
  return `${HANDLE_PREFIX[kind]}.${id}.${handleMac(protector, kind, owner, id)}`;
}

/** The payment id of a handle made for this user and kind; undefined for any other text. */
export function openPaymentHandle(
  protector: Pick<DataProtector, 'digest' | 'sameDigest'>,
  kind: HandleKind,
  owner: { institutionId: number; userId: string },
  handle: string,
): string | undefined {
  const match = /^([srp])\.([0-9a-f-]{36})\.([0-9a-f]{32})$/.exec(handle);
  if (!match || match[1] !== HANDLE_PREFIX[kind]) return undefined;
  const id = match[2] ?? '';
  const expected = handleMac(protector, kind, owner, id);
  return protector.sameDigest(expected, match[3] ?? '') ? id : undefined;
}
