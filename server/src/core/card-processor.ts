import type { CalendarDate, PaymentCardType } from '@portal/domain';

/**
 * The card errors a processor answers with, as spec 001 section 8 keys them: 'Transaction
 * Declined.', 'Card limit exceeded.', 'Card is expired.', 'Invalid information entered.'.
 */
export type CardErrorKey = 'Declined' | 'OverLimit' | 'Expired' | 'InvalidInfo';

/** Whether the issuer says the card draws on a bank account or a credit line. */
export type CardFunding = 'debit' | 'credit';

/**
 * A card as typed in the new-card form (spec 001 section 3 "New card payload"). The number and
 * security code exist only in memory during `tokenize`: a processor never stores, logs or
 * answers them.
 */
export interface CardDetails {
  /** Digits; spaces and dashes are ignored. */
  number: string;
  /** MM/YY */
  expiration: string;
  securityCode: string;
  holderFirstName: string;
  holderLastName: string;
  /** 5 digits or 5+4. */
  zipCode: string;
}

/** What a token stands for: what the portal may show and keep about a saved card. */
export interface TokenizedCard {
  /** Opaque, never holds a run of digits; the only handle on the card from now on. */
  token: string;
  brand: PaymentCardType;
  funding: CardFunding;
  lastFour: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
}

export type TokenizeOutcome =
  ({ status: 'approved' } & TokenizedCard) | { status: 'declined'; error: CardErrorKey };

export interface ChargeRequest {
  /** The merchant account: a token charges only under the institution that made it. */
  institutionId: number;
  token: string;
  /** A positive whole number of cents. */
  amountCents: number;
  /**
   * The caller's key for this charge (at most 200 characters). A repeat with the same key and
   * the same token and amount answers the first outcome and charges nothing more, also when the
   * two arrive at once on different server instances.
   */
  idempotencyKey: string;
}

export type ChargeOutcome =
  | {
      status: 'approved';
      chargeId: string;
      amountCents: number;
      card: TokenizedCard;
      chargedAt: Date;
    }
  | {
      status: 'declined';
      error: CardErrorKey;
      /** Absent when the processor did not know the token: nothing was attempted. */
      chargeId?: string;
    }
  /** The key was used before for a different token or amount; nothing was charged. */
  | { status: 'idempotencyKeyReused' };

/**
 * A charge as the processor's report of a day lists it (for the daily reconciliation): no card
 * data, not even the last four.
 */
export interface CardChargeRecord {
  /** The caller's key it was charged under (the portal payment's id). */
  idempotencyKey: string;
  chargeId: string;
  amountCents: number;
  status: 'approved' | 'declined';
  /** An approved charge refunded in full since (the money went back). */
  refunded: boolean;
  chargedAt: Date;
}

/**
 * Why a processor would not refund a charge: no such charge of the institution, a charge that was
 * not approved, or the card cannot take the money back (the issuer closed it or it has expired:
 * the money has to go back to the borrower another way).
 */
export type RefundRefusalReason = 'NotFound' | 'NotApproved' | 'ExpiredOrCanceledCard';

export type RefundOutcome =
  | { status: 'refunded'; chargeId: string; amountCents: number; refundedAt: Date }
  | { status: 'refused'; reason: RefundRefusalReason };

/**
 * The card processor (ARCHITECTURE "Card processor"): tokenizes a card in the same request and
 * charges tokens. The built-in one is a test-mode simulator keeping its own tables; a real
 * processor replaces it here by configuration. Outcomes are answers, not exceptions: an
 * exception means the processor could not be reached or the caller broke the contract.
 */
export interface CardProcessor {
  /**
   * Checks the card (number, expiry, security code) and answers a token for it, or the reason
   * it was refused. The institution's own rules (accepted brands, debit only, the billing
   * address) are the caller's; a processor supports visa, amex, master and discover.
   */
  tokenize(request: { institutionId: number; card: CardDetails }): Promise<TokenizeOutcome>;
  /** Charges a token once per idempotency key. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Refunds an approved charge in full; refunding it again answers the same refund. */
  refund(request: { institutionId: number; chargeId: string }): Promise<RefundOutcome>;
  /**
   * The charge made under the caller's key (approved or declined, refunded or not), or undefined
   * when none was: how a later refund finds the charge of a payment (its key is the payment's id)
   * without charging anything.
   */
  findCharge(institutionId: number, idempotencyKey: string): Promise<CardChargeRecord | undefined>;
  /**
   * The charges (approved or declined) the processor took for the institution on `date`, a
   * calendar day in `timeZone` (the institution's: the processor's merchant day), oldest first.
   */
  listCharges(
    institutionId: number,
    date: CalendarDate,
    timeZone: string,
  ): Promise<CardChargeRecord[]>;
}
