/**
 * Money is integer cents everywhere inside the server; the wire carries decimal dollars
 * (1234.56) because that is what the specs' clients read. This is the one place that converts.
 */
export function centsToDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Amount in cents must be a safe integer, got ${cents}`);
  }
  // IEEE division is correctly rounded, so this is exactly the number JSON.parse('1234.56') gives.
  return cents / 100;
}
