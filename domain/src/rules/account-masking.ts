/**
 * The last four digits of a card, bank account or loan number: the only digits of it the product
 * keeps after the first use or shows. Anything but digits (a loan number's dashes, a card's
 * spaces) is dropped first, so '001-100235-2' gives '2352'; a number of fewer than four digits
 * gives all of them.
 */
export function lastFourOf(number: string): string {
  return number.replace(/\D/g, '').slice(-4);
}

/**
 * A number as screens and e-mails show it masked: four asterisks and its last four digits
 * ('001-100235-2' is '****2352'). Takes a whole number or the last four an answer carries
 * (a saved card's '4242' is '****4242').
 */
export function maskAccountNumber(number: string): string {
  return `****${lastFourOf(number)}`;
}

/**
 * The longest run of digits a staff note may hold: a check number, a last four, a date written
 * '2026-12-02' (eight, joined across its dashes). Card numbers have thirteen or more digits; bank
 * account numbers mostly nine or more.
 */
export const NOTE_DIGITS_MAX = 8;

/** Staff's words when a note holds what could be a card or bank account number. */
export const NOTE_NUMBER_MESSAGE =
  'Leave out card and bank account numbers: write at most their last four digits.';

/**
 * Whether free text (a note staff write into a payment's timeline and the audit log) holds what
 * could be a whole card or bank account number: a run of more than eight digits, counting digits
 * split by spaces or dashes as one run ('4111 1111 1111 1111'). Card numbers and account numbers
 * must never reach the database or a log whole; a check number ('Check 1042'), a date
 * ('12/02/2026', '2026-12-02') and a last four pass.
 */
export function holdsLongNumber(text: string): boolean {
  const joined = text.replace(/(?<=\d)[\s-]+(?=\d)/g, '');
  return new RegExp(`\\d{${NOTE_DIGITS_MAX + 1}}`).test(joined);
}
