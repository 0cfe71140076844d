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
