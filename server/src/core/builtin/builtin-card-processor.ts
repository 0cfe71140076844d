import { randomInt } from 'node:crypto';
import {
  calendarDateIn,
  cardExpirationIssue,
  isCalendarDate,
  isTimeZone,
  cardHolderNameIssue,
  cardNumberIssue,
  cardZipCodeIssue,
  detectCardType,
  isCardExpired,
  lastFourOf,
  normalizeCardNumber,
  parseCardExpiration,
  PAYMENT_CARD_TYPES,
  securityCodeIssue,
  type AcceptedCardTypes,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type {
  CardChargeRecord,
  CardErrorKey,
  CardFunding,
  CardProcessor,
  ChargeOutcome,
  TokenizedCard,
} from '../card-processor';
import {
  findCardToken,
  findCharge,
  findChargeByIdempotencyKey,
  insertCardToken,
  insertChargeOnce,
  listChargesOfDay,
  markChargeRefunded,
  type CardChargeRow,
  type CardTokenRow,
} from './card-processor.repository';

/** What a charge of a tokenized test card does (stored with the token as `behaviour`). */
export type TestCardBehaviour = 'approve' | 'decline' | 'insufficientFunds' | 'expiredCard';

interface TestCard {
  behaviour: TestCardBehaviour;
  funding: CardFunding;
  /**
   * The issuer's card verification at tokenizing refuses the security code. The code is only
   * ever known during `tokenize`, so this is the one check that cannot wait for a charge.
   */
  incorrectSecurityCode?: true;
  /**
   * Charges approve, and their refunds are refused: the issuer will not take money back to the
   * card (ExpiredOrCanceledCard), as Stripe's 4000 0000 0000 5126 answers a refund.
   */
  refundRefused?: true;
}

/**
 * The test-mode card numbers, the industry's public ones (Stripe's, and the classic 4111…). Any
 * other number that passes the card rules is refused at tokenizing as Declined, as a test-mode
 * processor refuses a live card. Checks of the card itself (number, expiry date, security code)
 * answer at tokenizing; the issuer's answers about a payment (declined, insufficient funds, the
 * issuer's own expired flag) answer at charging, so a saved 4000 0000 0000 0002 saves and then
 * declines.
 */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { behaviour: 'approve', funding: 'credit' },
  '4111111111111111': { behaviour: 'approve', funding: 'credit' },
  '4000056655665556': { behaviour: 'approve', funding: 'debit' },
  '5555555555554444': { behaviour: 'approve', funding: 'credit' },
  '2223003122003222': { behaviour: 'approve', funding: 'credit' },
  '5200828282828210': { behaviour: 'approve', funding: 'debit' },
  '378282246310005': { behaviour: 'approve', funding: 'credit' },
  '371449635398431': { behaviour: 'approve', funding: 'credit' },
  '6011111111111117': { behaviour: 'approve', funding: 'credit' },
  '6011000990139424': { behaviour: 'approve', funding: 'credit' },
  '6011981111111113': { behaviour: 'approve', funding: 'debit' },
  '4000000000000002': { behaviour: 'decline', funding: 'credit' },
  // Reported lost, reported stolen: the issuer's reason stays with the issuer.
  '4000000000009987': { behaviour: 'decline', funding: 'credit' },
  '4000000000009979': { behaviour: 'decline', funding: 'credit' },
  '4000000000009995': { behaviour: 'insufficientFunds', funding: 'debit' },
  '4000000000000069': { behaviour: 'expiredCard', funding: 'credit' },
  '4000000000000127': { behaviour: 'approve', funding: 'credit', incorrectSecurityCode: true },
  '4000000000005126': { behaviour: 'approve', funding: 'credit', refundRefused: true },
};

/**
 * The cards whose refunds are refused, by brand and last four. The token keeps no number and its
 * `behaviour` column takes only the charge behaviours (migration 0015's check), so the refund
 * knows the card by what the token does keep; no other test card shares a brand and last four
 * with one of these (checked here), and a number outside the test cards never gets a token.
 */
const REFUND_REFUSED_CARDS: ReadonlySet<string> = (() => {
  const cardKey = (number: string) => `${detectCardType(number) ?? ''}|${lastFourOf(number)}`;
  const refused = Object.keys(TEST_CARDS).filter((number) => TEST_CARDS[number]?.refundRefused);
  const keys = new Set(refused.map(cardKey));
  for (const number of Object.keys(TEST_CARDS)) {
    if (!TEST_CARDS[number]?.refundRefused && keys.has(cardKey(number))) {
      throw new Error(`card_processor: test card ${cardKey(number)} is not told apart`);
    }
  }
  return keys;
})();

const BEHAVIOURS: readonly TestCardBehaviour[] = [
  'approve',
  'decline',
  'insufficientFunds',
  'expiredCard',
];
const FUNDINGS: readonly CardFunding[] = ['debit', 'credit'];
const EVERY_BRAND: AcceptedCardTypes = { visa: true, amex: true, master: true, discover: true };
const ERROR_KEYS: readonly CardErrorKey[] = ['Declined', 'OverLimit', 'Expired', 'InvalidInfo'];

const CHARGE_ERRORS: Readonly<Record<TestCardBehaviour, CardErrorKey | undefined>> = {
  approve: undefined,
  decline: 'Declined',
  insufficientFunds: 'OverLimit',
  expiredCard: 'Expired',
};

/**
 * The processor's calendar for expiry dates: the date where it is earliest on Earth (UTC-12),
 * so a card the institution's own time zone still counts as good (through its month's last day)
 * is never refused here first. The caller's form rules decide in the institution's zone.
 */
const EXPIRY_TIME_ZONE = 'Etc/GMT+12';

const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** Tokens kept in memory (then the memory starts again). */
const KNOWN_TOKENS = 10_000;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Letters only (24 of 52: 136 bits): a token or charge id never holds a run of digits, so it can
 * never look like a card number or a security code to a scan of the database or the logs.
 */
function randomId(prefix: string): string {
  let id = prefix;
  for (let index = 0; index < 24; index += 1) id += LETTERS[randomInt(LETTERS.length)];
  return id;
}

function oneOf<T extends string>(values: readonly T[], value: string, column: string): T {
  const found = values.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`card_processor: unexpected ${column} '${value}'`);
  return found;
}

function expirationText(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

function tokenizedCard(row: CardTokenRow): TokenizedCard {
  return {
    token: row.token,
    brand: oneOf(PAYMENT_CARD_TYPES, row.brand, 'brand'),
    funding: oneOf(FUNDINGS, row.funding, 'funding'),
    lastFour: row.last_four,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
  };
}

function chargeOutcome(charge: CardChargeRow, card: CardTokenRow): ChargeOutcome {
  if (charge.status === 'approved') {
    return {
      status: 'approved',
      chargeId: charge.charge_id,
      amountCents: charge.amount_cents,
      card: tokenizedCard(card),
      chargedAt: charge.created_at,
    };
  }
  return {
    status: 'declined',
    chargeId: charge.charge_id,
    error: oneOf(ERROR_KEYS, charge.error_key ?? '', 'error_key'),
  };
}

/** A charge's row as the processor's reports list it: no card data. */
function chargeRecordOf(
  row: Pick<
    CardChargeRow,
    'idempotency_key' | 'charge_id' | 'amount_cents' | 'status' | 'refunded_at' | 'created_at'
  >,
): CardChargeRecord {
  return {
    idempotencyKey: row.idempotency_key,
    chargeId: row.charge_id,
    amountCents: row.amount_cents,
    status: row.status === 'approved' ? 'approved' : 'declined',
    refunded: row.refunded_at !== null,
    chargedAt: row.created_at,
  };
}

/**
 * The built-in card processor: a test-mode simulator keeping its tokens and charges in its own
 * tables (card_processor_tokens, card_processor_charges). The card number and security code are
 * checked in memory and dropped; only the brand, funding, last four, expiry and test behaviour
 * are kept.
 */
export function createBuiltinCardProcessor(options: {
  db: Kysely<Database>;
  clock: Clock;
}): CardProcessor {
  const { db, clock } = options;
  const today = () => calendarDateIn(EXPIRY_TIME_ZONE, clock.now());
  // A token's row never changes once written (nothing updates it; it goes only with its
  // institution, when a charge of it could not be written anyway), so a token found is kept:
  // every charge of a saved card read it again (a statement a payment).
  const knownTokens = new Map<string, CardTokenRow>();
  async function cardToken(institutionId: number, token: string) {
    const key = `${institutionId}|${token}`;
    const known = knownTokens.get(key);
    if (known) return known;
    const row = await findCardToken(db, institutionId, token);
    if (row) {
      if (knownTokens.size >= KNOWN_TOKENS) knownTokens.clear();
      knownTokens.set(key, row);
    }
    return row;
  }

  return {
    async tokenize({ institutionId, card }) {
      const number = normalizeCardNumber(card.number);
      const brand = detectCardType(number);
      if (cardNumberIssue(number, EVERY_BRAND) !== undefined || brand === undefined) {
        return { status: 'declined', error: 'InvalidInfo' };
      }
      const expirationIssue = cardExpirationIssue(card.expiration, today());
      if (expirationIssue === 'cardExpired') return { status: 'declined', error: 'Expired' };
      const expiration = parseCardExpiration(card.expiration);
      if (
        expirationIssue !== undefined ||
        expiration === undefined ||
        securityCodeIssue(card.securityCode, brand) !== undefined ||
        cardHolderNameIssue(card.holderFirstName) !== undefined ||
        cardHolderNameIssue(card.holderLastName) !== undefined ||
        cardZipCodeIssue(card.zipCode) !== undefined
      ) {
        return { status: 'declined', error: 'InvalidInfo' };
      }
      const testCard = TEST_CARDS[number];
      if (testCard === undefined) return { status: 'declined', error: 'Declined' };
      if (testCard.incorrectSecurityCode) return { status: 'declined', error: 'InvalidInfo' };

      const row: CardTokenRow = {
        token: randomId('tok_'),
        institution_id: institutionId,
        brand,
        funding: testCard.funding,
        last_four: lastFourOf(number),
        expiry_month: expiration.month,
        expiry_year: expiration.year,
        behaviour: testCard.behaviour,
        created_at: clock.now(),
      };
      await insertCardToken(db, row);
      return { status: 'approved', ...tokenizedCard(row) };
    },

    async charge({ institutionId, token, amountCents, idempotencyKey }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
        throw new RangeError(`A charge is a positive whole number of cents, not ${amountCents}`);
      }
      if (idempotencyKey === '' || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
        throw new RangeError(
          `An idempotency key has 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
        );
      }

      const repeat = async (): Promise<ChargeOutcome | undefined> => {
        const first = await findChargeByIdempotencyKey(db, institutionId, idempotencyKey);
        if (first === undefined) return undefined;
        if (first.token !== token || first.amount_cents !== amountCents) {
          return { status: 'idempotencyKeyReused' };
        }
        const card = await cardToken(institutionId, first.token);
        if (card === undefined) throw new Error('card_processor: a charge without its token');
        return chargeOutcome(first, card);
      };

      // The charge is written under its key first (insertChargeOnce: the key's unique index
      // decides); a key used before is read only when the write finds it taken. A first charge
      // is one statement once its token is known (the write), a repeat answers its first
      // outcome.
      const card = await cardToken(institutionId, token);
      if (card === undefined) {
        return (await repeat()) ?? { status: 'declined', error: 'InvalidInfo' };
      }
      const behaviour = oneOf(BEHAVIOURS, card.behaviour, 'behaviour');
      // A saved card can run out between saving and a scheduled payment's date.
      const lapsed = isCardExpired(expirationText(card.expiry_month, card.expiry_year), today());
      const error = lapsed ? 'Expired' : CHARGE_ERRORS[behaviour];

      const written = await insertChargeOnce(db, {
        charge_id: randomId('ch_'),
        institution_id: institutionId,
        idempotency_key: idempotencyKey,
        token,
        amount_cents: amountCents,
        status: error === undefined ? 'approved' : 'declined',
        error_key: error ?? null,
        created_at: clock.now(),
      });
      if (written) return chargeOutcome(written, card);
      // A concurrent duplicate wrote first: its outcome is the answer.
      const winner = await repeat();
      if (winner === undefined) throw new Error('card_processor: a charge vanished');
      return winner;
    },

    async refund({ institutionId, chargeId }) {
      const charge = await findCharge(db, institutionId, chargeId);
      if (charge === undefined) return { status: 'refused', reason: 'NotFound' };
      if (charge.status === 'approved' && charge.refunded_at === null) {
        const card = await cardToken(institutionId, charge.token);
        if (card && REFUND_REFUSED_CARDS.has(`${card.brand}|${card.last_four}`)) {
          return { status: 'refused', reason: 'ExpiredOrCanceledCard' };
        }
      }
      const refunded = await markChargeRefunded(db, institutionId, chargeId, clock.now());
      if (refunded?.refunded_at) {
        return {
          status: 'refunded',
          chargeId: refunded.charge_id,
          amountCents: refunded.amount_cents,
          refundedAt: refunded.refunded_at,
        };
      }
      return { status: 'refused', reason: 'NotApproved' };
    },

    async findCharge(institutionId, idempotencyKey) {
      const row = await findChargeByIdempotencyKey(db, institutionId, idempotencyKey);
      return row && chargeRecordOf(row);
    },

    async listCharges(institutionId, date, timeZone) {
      if (!isCalendarDate(date)) throw new RangeError(`'${date}' is not a date, YYYY-MM-DD`);
      if (!isTimeZone(timeZone)) throw new RangeError(`'${timeZone}' is not an IANA time zone`);
      const rows = await listChargesOfDay(db, institutionId, date, timeZone);
      return rows.map(chargeRecordOf);
    },
  };
}
