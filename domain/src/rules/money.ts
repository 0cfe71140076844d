/**
 * Money is integer cents inside both apps and the server; the wire carries decimal dollars
 * (1234.56) because that is what the specs' clients read, and people read "$1,234.56". This is
 * the one module that converts between the three. The dollar conversions are the domain's own
 * (the package's index leaves them out): the API schemas' money codecs (api/money.ts) and the
 * settings' dollar amounts (payments/payment-rules.ts settingCents) are their only callers.
 */

/** An amount of US money in whole cents. */
export type Cents = number;

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Amount in cents must be a safe integer, got ${cents}`);
  }
}

/** Cents to the wire's decimal dollars: 123456 -> 1234.56. */
export function centsToDollars(cents: Cents): number {
  assertCents(cents);
  // IEEE division is correctly rounded, so this is exactly the number JSON.parse('1234.56') gives.
  return cents / 100;
}

/**
 * The wire's decimal dollars to cents: 1234.56 -> 123456. Refuses values with more than two
 * decimals (a rounding the caller did not ask for) and values that are not finite.
 */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount: ${dollars}`);
  const cents = Math.round(dollars * 100);
  // 1234.56 * 100 is 123455.99999999999; a third decimal leaves a real remainder.
  if (Math.abs(cents - dollars * 100) > 1e-6 * Math.max(1, Math.abs(cents))) {
    throw new RangeError(`Amount has more than two decimals: ${dollars}`);
  }
  assertCents(cents);
  return cents;
}

const AMOUNT_TEXT = /^(-)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;

/**
 * What a person typed into an amount field, in cents: "1234.5", "$1,234.56", "0.07", ".5".
 * Undefined for anything else: three decimals, misplaced commas, letters, an empty text, a
 * negative amount unless `allowNegative`.
 */
export function parseUsd(
  text: string,
  options: { allowNegative?: boolean } = {},
): Cents | undefined {
  const match = AMOUNT_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, minus, whole, fraction] = match;
  if (whole === undefined && (fraction === undefined || fraction === '')) return undefined;
  if (minus && !options.allowNegative) return undefined;
  const dollars = Number((whole ?? '0').replaceAll(',', ''));
  const cents = dollars * 100 + Number((fraction ?? '').padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return undefined;
  return minus ? -cents : cents;
}

/**
 * "$1,234.56" (and "-$1,234.56"): two decimals always, grouped thousands.
 *
 * Written out rather than with Intl.NumberFormat: a browser's first currency formatter loads its
 * locale data, 60 to 80 ms of a mid-range phone's main thread on the first screen with an amount
 * (the dashboard, the loan and payment pages; issue 23), for output that whole cents fix exactly.
 * money.test.ts checks it against Intl's en-US USD format over random amounts.
 */
export function formatUsd(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234.56": two decimals, no symbol or grouping (for an input's value). */
export function formatUsdPlain(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
