import type { SettingsAccessor } from '@portal/settings-schema';
import { daysInMonth, isCalendarDate, type CalendarDate } from '../rules/calendar';

/**
 * The new-ACH and new-card forms of the Payment Details modal (spec 001 section 5 "ACH form" and
 * "Card form", limits of section 9). The portal guides with these; the server decides with them
 * on AddAchPaymentMethod, ValidateAchPaymentMethod, AddCardPaymentMethod and single-use methods.
 * Institution settings arrive as plain parameters; each names its settings key.
 */

/** Section 9: routing number 9 digits; account up to 17; card 16 (amex 15); CVV 3 (amex 4). */
export const PAYMENT_FORM_LIMITS = {
  routingNumberDigits: 9,
  achAccountNumberMaxDigits: 17,
  cardNumberDigits: 16,
  amexCardNumberDigits: 15,
  securityCodeDigits: 3,
  amexSecurityCodeDigits: 4,
  zipDigits: 5,
  zipPlusFourDigits: 4,
  expirationLength: 5,
} as const;

/** Section 7: the bank lookup runs after a 300 ms pause once 9 digits are typed. */
export const ROUTING_LOOKUP_DELAY_MS = 300;

/** The card expiration input, MM/YY, as a digit mask for `applyDigitMask`. */
export const CARD_EXPIRATION_MASK = '00/00';

// ---------------------------------------------------------------------------------------------
// Names (ACH owner, card holder)

const NAME_WORD = /^[\p{L}.'’-]+$/u;
const LETTER = /\p{L}/u;
// The same non-letter twice in a row: '--', "''", '..', two spaces.
const REPEATED_NON_LETTER = /(\P{L})\1/u;

/**
 * A person's name as the forms take it: letters of any alphabet, with . ' ’ - inside words and
 * single spaces between them; every word holds a letter; no non-letter doubled ('--', '..',
 * two spaces). Ends are trimmed first. ’ is iOS's apostrophe.
 */
export function isPersonName(text: string, minimumWords = 1): boolean {
  const name = text.trim();
  if (name === '' || REPEATED_NON_LETTER.test(name)) return false;
  const words = name.split(' ');
  return (
    words.length >= minimumWords && words.every((word) => NAME_WORD.test(word) && LETTER.test(word))
  );
}

// ---------------------------------------------------------------------------------------------
// ACH

export const ACH_ACCOUNT_TYPES = ['Checking', 'Savings'] as const;
export type AchAccountType = (typeof ACH_ACCOUNT_TYPES)[number];
export const DEFAULT_ACH_ACCOUNT_TYPE: AchAccountType = 'Checking';

/**
 * The account types offered, Checking first (the default).
 * @param allowSavings `achPaymentOptions.allowSavingsAccountOption`
 */
export function achAccountTypeChoices(allowSavings: boolean): readonly AchAccountType[] {
  return allowSavings ? ACH_ACCOUNT_TYPES : [DEFAULT_ACH_ACCOUNT_TYPE];
}

/**
 * The ABA checksum: digits weighted 3, 7, 1 repeating sum to a multiple of 10. Nine digits only.
 * '000000000' passes; `isAbaRoutingNumber` also checks the prefix.
 */
export function passesAbaChecksum(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let index = 0; index < 9; index += 1) {
    sum += Number(routingNumber[index]) * (weights[index % 3] ?? 0);
  }
  return sum % 10 === 0;
}

/**
 * A routing number an ACH debit can use: 9 digits, the ABA checksum, and a first two digits the
 * Federal Reserve assigns to ACH participants: 01-12 (banks), 21-32 (thrifts), 61-72 (electronic).
 * 00 (US Government) and 80 (traveler's checks) are not borrowers' accounts, and the prefix rule
 * keeps '000000000', which passes the checksum, out.
 */
export function isAbaRoutingNumber(routingNumber: string): boolean {
  if (!passesAbaChecksum(routingNumber)) return false;
  const prefix = Number(routingNumber.slice(0, 2));
  return (
    (prefix >= 1 && prefix <= 12) ||
    (prefix >= 21 && prefix <= 32) ||
    (prefix >= 61 && prefix <= 72)
  );
}

/**
 * Whether the bank lookup (GET /api/ACHRoutingData) is worth calling yet: 9 digits that pass
 * the routing rules (a number failing them cannot be found, so it costs no call).
 */
export function isRoutingNumberReadyForLookup(text: string): boolean {
  return isAbaRoutingNumber(text.trim());
}

/** The account number as the form keeps it after blur: digits only. */
export function cleanAchAccountNumber(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * 1 to 17 digits, not all zeros, not one digit repeated ('1111'). A single non-zero digit passes:
 * the spec allows 1 digit, and "all the same character" cannot mean every 1-digit number.
 */
export function isAchAccountNumber(accountNumber: string): boolean {
  if (!/^\d+$/.test(accountNumber)) return false;
  if (accountNumber.length > PAYMENT_FORM_LIMITS.achAccountNumberMaxDigits) return false;
  if (/^0+$/.test(accountNumber)) return false;
  return accountNumber.length === 1 || !/^(\d)\1+$/.test(accountNumber);
}

/** What the bank lookup said: found, not found (BankExists false), or the call failed. */
export type RoutingLookupOutcome = 'found' | 'notFound' | 'failed';

export interface NewAchForm {
  OwnerName: string;
  RoutingNumber: string;
  AccountNumber: string;
  /** Form-only; never sent. */
  ConfirmAccountNumber?: string;
  AccountType: string;
}

export interface AchFormOptions {
  /** `achPaymentOptions.allowSavingsAccountOption` */
  allowSavings: boolean;
  /**
   * `achPaymentOptions.hideConfirmAccountNumberOption`. The server, which never receives the
   * confirmation, passes true.
   */
  hideConfirmAccountNumber: boolean;
  /** `achPaymentOptions.achRoutingPreCheckOption`: the bank lookup must find the bank. */
  routingPreCheck: boolean;
  /** The lookup's answer for this routing number; undefined while none has come. */
  routingLookup?: RoutingLookupOutcome;
}

export type AchFormField =
  'OwnerName' | 'RoutingNumber' | 'AccountNumber' | 'ConfirmAccountNumber' | 'AccountType';

export type AchFormIssue =
  | 'ownerNameRequired'
  | 'ownerNameInvalid'
  | 'routingNumberRequired'
  | 'routingNumberInvalid'
  | 'routingNumberNotFound'
  | 'routingNumberLookupFailed'
  | 'routingNumberNotVerified'
  | 'accountNumberRequired'
  | 'accountNumberInvalid'
  | 'confirmAccountNumberRequired'
  | 'accountNumbersDoNotMatch'
  | 'accountTypeInvalid';

/**
 * The wording of each ACH form issue: section 5 where it gives one, section 8 for the lookup.
 * The spec gives none for a lookup still under way or a refused account type; those are ours.
 */
export const ACH_FORM_MESSAGES: Readonly<Record<AchFormIssue, string>> = {
  ownerNameRequired: 'Owner Name is required',
  ownerNameInvalid: 'Owner Name is invalid',
  routingNumberRequired: 'Routing Number is required',
  routingNumberInvalid: 'Routing Number is invalid',
  routingNumberNotFound: 'Invalid routing number.',
  // The spec's spelling.
  routingNumberLookupFailed: 'An error has occured while verifying the routing number',
  routingNumberNotVerified: 'Verifying the routing number',
  accountNumberRequired: 'Account Number is required',
  accountNumberInvalid: 'Please contact your bank to confirm your bank account information',
  confirmAccountNumberRequired: 'Confirm Account Number is required',
  accountNumbersDoNotMatch: 'Account Numbers Do Not Match',
  accountTypeInvalid: 'Account Type is invalid',
};

export function ownerNameIssue(text: string): AchFormIssue | undefined {
  if (text.trim() === '') return 'ownerNameRequired';
  return isPersonName(text, 2) ? undefined : 'ownerNameInvalid';
}

export function routingNumberIssue(
  text: string,
  options: Pick<AchFormOptions, 'routingPreCheck' | 'routingLookup'>,
): AchFormIssue | undefined {
  const routingNumber = text.trim();
  if (routingNumber === '') return 'routingNumberRequired';
  if (!isAbaRoutingNumber(routingNumber)) return 'routingNumberInvalid';
  if (!options.routingPreCheck) return undefined;
  switch (options.routingLookup) {
    case 'found':
      return undefined;
    case 'notFound':
      return 'routingNumberNotFound';
    case 'failed':
      return 'routingNumberLookupFailed';
    default:
      return 'routingNumberNotVerified';
  }
}

/** The account number as typed (cleaned to digits first, as on blur). */
export function achAccountNumberIssue(text: string): AchFormIssue | undefined {
  if (text.trim() === '') return 'accountNumberRequired';
  return isAchAccountNumber(cleanAchAccountNumber(text)) ? undefined : 'accountNumberInvalid';
}

/** Compared after the same digits-only cleaning both fields get on blur. */
export function confirmAccountNumberIssue(
  accountNumber: string,
  confirmation: string,
): AchFormIssue | undefined {
  if (confirmation.trim() === '') return 'confirmAccountNumberRequired';
  return cleanAchAccountNumber(confirmation) === cleanAchAccountNumber(accountNumber)
    ? undefined
    : 'accountNumbersDoNotMatch';
}

/** @param allowSavings `achPaymentOptions.allowSavingsAccountOption` */
export function achAccountTypeIssue(
  accountType: string,
  allowSavings: boolean,
): AchFormIssue | undefined {
  return achAccountTypeChoices(allowSavings).some((choice) => choice === accountType)
    ? undefined
    : 'accountTypeInvalid';
}

/** Each field's first problem; an empty record when the ACH form may be sent. */
export function achFormIssues(
  form: NewAchForm,
  options: AchFormOptions,
): Partial<Record<AchFormField, AchFormIssue>> {
  const issues: Partial<Record<AchFormField, AchFormIssue>> = {};
  const ownerName = ownerNameIssue(form.OwnerName);
  if (ownerName) issues.OwnerName = ownerName;
  const routingNumber = routingNumberIssue(form.RoutingNumber, options);
  if (routingNumber) issues.RoutingNumber = routingNumber;
  const accountNumber = achAccountNumberIssue(form.AccountNumber);
  if (accountNumber) issues.AccountNumber = accountNumber;
  if (!options.hideConfirmAccountNumber) {
    const confirmation = confirmAccountNumberIssue(
      form.AccountNumber,
      form.ConfirmAccountNumber ?? '',
    );
    if (confirmation) issues.ConfirmAccountNumber = confirmation;
  }
  const accountType = achAccountTypeIssue(form.AccountType, options.allowSavings);
  if (accountType) issues.AccountType = accountType;
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Cards

/** The CardType values of the new card payload (section 3). */
export const PAYMENT_CARD_TYPES = ['visa', 'amex', 'master', 'discover'] as const;
export type PaymentCardType = (typeof PAYMENT_CARD_TYPES)[number];

export const PAYMENT_CARD_TYPE_NAMES: Readonly<Record<PaymentCardType, string>> = {
  visa: 'Visa',
  amex: 'American Express',
  master: 'Mastercard',
  discover: 'Discover',
};

/**
 * The brands an institution accepts, one flag per brand: `cardPaymentOptions.allowVisaOption`,
 * `.allowAmexOption`, `.allowMasterCardOption`, `.allowDiscoverOption`.
 */
export type AcceptedCardTypes = Readonly<Record<PaymentCardType, boolean>>;

/** Whether the institution accepts this brand; an unknown brand never is. */
export function isCardBrandAccepted(
  brand: string | undefined,
  accepted: AcceptedCardTypes,
): boolean {
  const type = PAYMENT_CARD_TYPES.find((choice) => choice === brand);
  return type !== undefined && accepted[type];
}

export const DEBIT_CREDIT_TYPES = ['DebitCard', 'CreditCard'] as const;
export type DebitCreditType = (typeof DEBIT_CREDIT_TYPES)[number];
export const DEFAULT_DEBIT_CREDIT_TYPE: DebitCreditType = 'DebitCard';

/**
 * The debit or credit choices: both (shown as a choice, DebitCard preselected), or DebitCard only
 * (not shown) when `cardPaymentOptions.debitCardsOnlyOption` is on.
 */
export function debitCreditChoices(debitOnly: boolean): readonly DebitCreditType[] {
  return debitOnly ? [DEFAULT_DEBIT_CREDIT_TYPE] : DEBIT_CREDIT_TYPES;
}

// Inclusive prefix ranges (section 5 "Card type detection"). Amex adds 34, the brand's other
// prefix, to the spec's 32 and 37.
const CARD_PREFIXES: readonly { type: PaymentCardType; from: string; to: string }[] = [
  { type: 'visa', from: '4', to: '4' },
  { type: 'amex', from: '32', to: '32' },
  { type: 'amex', from: '34', to: '34' },
  { type: 'amex', from: '37', to: '37' },
  { type: 'master', from: '2221', to: '2720' },
  { type: 'master', from: '51', to: '55' },
  { type: 'discover', from: '6011', to: '6011' },
  { type: 'discover', from: '65', to: '65' },
  { type: 'discover', from: '644', to: '649' },
  { type: 'discover', from: '622126', to: '622925' },
];

/** The card number as sent: spaces (and the dashes some people type) removed. */
export function normalizeCardNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * The card type of a (possibly partly typed) number by its prefix; undefined until the digits
 * decide it ('2' or '62212' may still become a supported card) or when no supported prefix fits.
 */
export function detectCardType(text: string): PaymentCardType | undefined {
  const digits = normalizeCardNumber(text);
  if (!/^\d+$/.test(digits)) return undefined;
  for (const { type, from, to } of CARD_PREFIXES) {
    if (digits.length < from.length) continue;
    const prefix = Number(digits.slice(0, from.length));
    if (prefix >= Number(from) && prefix <= Number(to)) return type;
  }
  return undefined;
}

export function cardNumberLength(type: PaymentCardType): number {
  return type === 'amex'
    ? PAYMENT_FORM_LIMITS.amexCardNumberDigits
    : PAYMENT_FORM_LIMITS.cardNumberDigits;
}

export function securityCodeLength(type: PaymentCardType): number {
  return type === 'amex'
    ? PAYMENT_FORM_LIMITS.amexSecurityCodeDigits
    : PAYMENT_FORM_LIMITS.securityCodeDigits;
}

/** The Luhn (mod 10) check digit test, on digits only. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let offset = 0; offset < digits.length; offset += 1) {
    let digit = Number(digits[digits.length - 1 - offset]);
    if (offset % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A number as typed, grouped as on the card: 4-4-4-4, or 4-6-5 for amex. */
export function formatCardNumberInput(text: string): string {
  const digits = text.replace(/\D/g, '');
  const type = detectCardType(digits);
  const groups = type === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const limit = type ? cardNumberLength(type) : PAYMENT_FORM_LIMITS.cardNumberDigits;
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= Math.min(digits.length, limit)) break;
    parts.push(digits.slice(start, Math.min(start + size, limit)));
    start += size;
  }
  return parts.join(' ');
}

/** MM/YY read as month (1-12) and four-digit year (20YY); undefined when not that shape. */
export function parseCardExpiration(text: string): { month: number; year: number } | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** The last day a card of MM/YY can pay: the expiry month's last day ('02/28' -> 2028-02-29). */
export function cardExpirationLastDay(text: string): CalendarDate | undefined {
  const expiration = parseCardExpiration(text);
  if (!expiration) return undefined;
  const { month, year } = expiration;
  return `${year}-${String(month).padStart(2, '0')}-${String(daysInMonth(year, month)).padStart(2, '0')}`;
}

/**
 * Whether the card is expired on `today` (the institution's calendar date): a card is good
 * through the last day of its month. An unreadable expiration counts as expired.
 */
export function isCardExpired(text: string, today: CalendarDate): boolean {
  if (!isCalendarDate(today)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${today}`);
  const lastDay = cardExpirationLastDay(text);
  return lastDay === undefined || lastDay < today;
}

/** 5 digits or 5+4 ('04101' or '04101-1234'). */
export function isZipOrZipPlusFour(text: string): boolean {
  return /^\d{5}(?:-\d{4})?$/.test(text.trim());
}

/** The characters the address fields refuse (section 5 "Card form"). */
export const FORBIDDEN_ADDRESS_CHARACTERS = ['~', '<', '>', '{', '}', '^', '[', ']'] as const;

export function hasForbiddenAddressCharacters(text: string): boolean {
  return /[~<>{}^[\]]/.test(text);
}

// ---------------------------------------------------------------------------------------------
// Whether a card may pay

/** The card settings that decide whether a card may pay. */
export interface CardAcceptance {
  /** `cardPaymentOptions.allowVisaOption`, `.allowAmexOption`, `.allowMasterCardOption`, `.allowDiscoverOption` */
  acceptedCardTypes: AcceptedCardTypes;
  /** `cardPaymentOptions.debitCardsOnlyOption` */
  debitOnly: boolean;
}

/** The institution's card settings as `cardUse` reads them; the only reader of these keys. */
export function cardAcceptanceOf(settings: Pick<SettingsAccessor, 'get'>): CardAcceptance {
  return {
    acceptedCardTypes: {
      visa: settings.get('cardPaymentOptions.allowVisaOption'),
      amex: settings.get('cardPaymentOptions.allowAmexOption'),
      master: settings.get('cardPaymentOptions.allowMasterCardOption'),
      discover: settings.get('cardPaymentOptions.allowDiscoverOption'),
    },
    debitOnly: settings.get('cardPaymentOptions.debitCardsOnlyOption'),
  };
}

/** A card's funding as the card processor reports it (README "Test cards"). */
export type CardFunding = 'debit' | 'credit';

/** The funding a DebitCreditType stands for (a saved card's is the processor's word). */
export function fundingOfDebitCreditType(debitCreditType: string): CardFunding {
  return debitCreditType === 'CreditCard' ? 'credit' : 'debit';
}

export interface CardToUse {
  /** The brand (a CardType: visa, amex, master, discover); anything else is not accepted. */
  brand: string | undefined;
  /** Debit or credit as the processor reported it; it alone decides the debit-only refusal. */
  funding: CardFunding;
  /** MM/YY */
  expiration: string;
}

/**
 * Why a card may not pay, as the spec's error keys: InvalidInfo ('Invalid information entered.')
 * for a brand the institution does not accept (or an expiration that is not MM/YY),
 * CreditCardsNotAccepted ('We do not accept Credit Cards.') for a credit card under
 * `debitCardsOnlyOption`, Expired ('Card is expired.').
 */
export type CardUseError = 'InvalidInfo' | 'CreditCardsNotAccepted' | 'Expired';

export type CardUse = { usable: true } | { usable: false; error: CardUseError };

/**
 * Whether a card may pay on `today` (the institution's calendar date; for a scheduled payment,
 * the day it is charged): its brand is accepted, it is not a credit card where only debit cards
 * are, and it is good through the last day of its expiry month. The first failing rule, in that
 * order, answers. Adding a card, paying with a saved or new one and the portal's card form all
 * decide with this.
 */
export function cardUse(card: CardToUse, acceptance: CardAcceptance, today: CalendarDate): CardUse {
  if (!isCalendarDate(today)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${today}`);
  if (!isCardBrandAccepted(card.brand, acceptance.acceptedCardTypes)) {
    return { usable: false, error: 'InvalidInfo' };
  }
  if (acceptance.debitOnly && card.funding === 'credit') {
    return { usable: false, error: 'CreditCardsNotAccepted' };
  }
  if (!parseCardExpiration(card.expiration)) return { usable: false, error: 'InvalidInfo' };
  return isCardExpired(card.expiration, today)
    ? { usable: false, error: 'Expired' }
    : { usable: true };
}

export interface NewCardForm {
  CardHolderFirstName: string;
  CardHolderLastName: string;
  CardNumber: string;
  /** MM/YY */
  ExpirationDate: string;
  SecurityCode: string;
  DebitCreditType: string;
  BillingAddress: {
    ZipCode: string;
    Address1: string;
    Address2: string;
    City: string;
    State: string;
  };
}

export interface CardFormOptions extends CardAcceptance {
  /** `cardPaymentOptions.requireFullBillingAddressOption`: Address 1, City and State required. */
  requireFullAddress: boolean;
  /** The institution's calendar date, for the expiration. */
  today: CalendarDate;
}

export type CardFormField =
  | 'CardHolderFirstName'
  | 'CardHolderLastName'
  | 'CardNumber'
  | 'ExpirationDate'
  | 'SecurityCode'
  | 'DebitCreditType'
  | 'ZipCode'
  | 'Address1'
  | 'Address2'
  | 'City'
  | 'State';

export type CardFormIssue =
  | 'nameRequired'
  | 'nameInvalid'
  | 'cardNumberRequired'
  | 'cardNumberInvalid'
  | 'cardTypeUnsupported'
  | 'expirationRequired'
  | 'expirationInvalid'
  | 'cardExpired'
  | 'securityCodeRequired'
  | 'securityCodeInvalid'
  | 'creditCardsNotAccepted'
  | 'debitCreditTypeInvalid'
  | 'zipCodeRequired'
  | 'zipCodeInvalid'
  | 'address1Required'
  | 'address1Invalid'
  | 'address2Invalid'
  | 'cityRequired'
  | 'cityInvalid'
  | 'stateRequired'
  | 'stateInvalid';

/**
 * The wording of each card form issue, from section 5 ('We do not accept Credit Cards.' from
 * section 8). An expired card reads 'Expiration invalid' as the form rule says; its own key lets
 * a caller say more. The spec gives no wording for refused address characters: ours, in its style.
 */
export const CARD_FORM_MESSAGES: Readonly<Record<CardFormIssue, string>> = {
  nameRequired: 'Name is required',
  nameInvalid: 'Invalid',
  cardNumberRequired: 'Card Number is required',
  cardNumberInvalid: 'Card Number is invalid',
  cardTypeUnsupported: "The card number you've entered does not appear to be a supported type.",
  expirationRequired: 'Expiration required',
  expirationInvalid: 'Expiration invalid',
  cardExpired: 'Expiration invalid',
  securityCodeRequired: 'CVV/CVC required',
  securityCodeInvalid: 'CVV/CVC invalid',
  creditCardsNotAccepted: 'We do not accept Credit Cards.',
  debitCreditTypeInvalid: 'Invalid',
  zipCodeRequired: 'Zip Code required',
  zipCodeInvalid: 'Zip Code invalid',
  address1Required: 'Address 1 is required',
  address1Invalid: 'Address 1 is invalid',
  address2Invalid: 'Address 2 is invalid',
  cityRequired: 'City is required',
  cityInvalid: 'City is invalid',
  stateRequired: 'State is required',
  stateInvalid: 'State is invalid',
};

/** A card holder's first or last name (one or more words). */
export function cardHolderNameIssue(text: string): CardFormIssue | undefined {
  if (text.trim() === '') return 'nameRequired';
  return isPersonName(text) ? undefined : 'nameInvalid';
}

/**
 * Digits only, a supported type the institution accepts, that type's length, the Luhn check.
 * @param accepted `cardPaymentOptions.allow{Visa,Amex,MasterCard,Discover}Option`
 */
export function cardNumberIssue(
  text: string,
  accepted: AcceptedCardTypes,
): CardFormIssue | undefined {
  const digits = normalizeCardNumber(text);
  if (digits === '') return 'cardNumberRequired';
  if (!/^\d+$/.test(digits)) return 'cardNumberInvalid';
  const type = detectCardType(digits);
  if (type === undefined || !isCardBrandAccepted(type, accepted)) return 'cardTypeUnsupported';
  if (digits.length !== cardNumberLength(type)) return 'cardNumberInvalid';
  return passesLuhn(digits) ? undefined : 'cardNumberInvalid';
}

export function cardExpirationIssue(text: string, today: CalendarDate): CardFormIssue | undefined {
  if (text.trim() === '') return 'expirationRequired';
  if (text.trim().length !== PAYMENT_FORM_LIMITS.expirationLength) return 'expirationInvalid';
  if (!parseCardExpiration(text)) return 'expirationInvalid';
  return isCardExpired(text, today) ? 'cardExpired' : undefined;
}

/**
 * 3 digits, 4 for amex. With no type known yet (the card number carries that error) 3 or 4 pass.
 */
export function securityCodeIssue(
  text: string,
  type: PaymentCardType | undefined,
): CardFormIssue | undefined {
  const code = text.trim();
  if (code === '') return 'securityCodeRequired';
  if (!/^\d+$/.test(code)) return 'securityCodeInvalid';
  const fits =
    type === undefined
      ? code.length === PAYMENT_FORM_LIMITS.securityCodeDigits ||
        code.length === PAYMENT_FORM_LIMITS.amexSecurityCodeDigits
      : code.length === securityCodeLength(type);
  return fits ? undefined : 'securityCodeInvalid';
}

/** @param debitOnly `cardPaymentOptions.debitCardsOnlyOption` */
export function debitCreditTypeIssue(
  debitCreditType: string,
  debitOnly: boolean,
): CardFormIssue | undefined {
  if (debitCreditChoices(debitOnly).some((choice) => choice === debitCreditType)) return undefined;
  return debitCreditType === 'CreditCard' ? 'creditCardsNotAccepted' : 'debitCreditTypeInvalid';
}

export function cardZipCodeIssue(text: string): CardFormIssue | undefined {
  if (text.trim() === '') return 'zipCodeRequired';
  return isZipOrZipPlusFour(text) ? undefined : 'zipCodeInvalid';
}

function addressTextIssue<T extends CardFormIssue>(
  text: string,
  required: boolean,
  requiredIssue: T,
  invalidIssue: T,
): T | undefined {
  if (text.trim() === '') return required ? requiredIssue : undefined;
  return hasForbiddenAddressCharacters(text) ? invalidIssue : undefined;
}

/** Each field's first problem; an empty record when the card form may be sent. */
export function cardFormIssues(
  form: NewCardForm,
  options: CardFormOptions,
): Partial<Record<CardFormField, CardFormIssue>> {
  const issues: Partial<Record<CardFormField, CardFormIssue>> = {};
  const set = (field: CardFormField, issue: CardFormIssue | undefined) => {
    if (issue) issues[field] = issue;
  };
  const address = form.BillingAddress;
  const full = options.requireFullAddress;
  set('CardHolderFirstName', cardHolderNameIssue(form.CardHolderFirstName));
  set('CardHolderLastName', cardHolderNameIssue(form.CardHolderLastName));
  set('CardNumber', cardNumberIssue(form.CardNumber, options.acceptedCardTypes));
  set('ExpirationDate', cardExpirationIssue(form.ExpirationDate, options.today));
  set('SecurityCode', securityCodeIssue(form.SecurityCode, detectCardType(form.CardNumber)));
  set('DebitCreditType', debitCreditTypeIssue(form.DebitCreditType, options.debitOnly));
  set('ZipCode', cardZipCodeIssue(address.ZipCode));
  set('Address1', addressTextIssue(address.Address1, full, 'address1Required', 'address1Invalid'));
  set('Address2', addressTextIssue(address.Address2, false, 'address2Invalid', 'address2Invalid'));
  set('City', addressTextIssue(address.City, full, 'cityRequired', 'cityInvalid'));
  set('State', addressTextIssue(address.State, full, 'stateRequired', 'stateInvalid'));
  return issues;
}
