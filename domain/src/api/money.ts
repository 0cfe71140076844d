import { z } from 'zod';
import { centsToDollars, dollarsToCents } from '../rules/money';

/**
 * Money on the wire (issue 24): the specs' clients read decimal dollars (1234.56), and both apps
 * and the server handle integer cents only. These codecs are the one place that converts:
 *
 * - parsing decodes: the server's validator reads a request's dollars as cents, and the apps'
 *   API client reads an answer's dollars as cents;
 * - encoding goes back: the server's serializer (fastify-type-provider-zod encodes every answer
 *   through its schema) writes cents as dollars, and `toWire` does the same for a request body
 *   or query the apps send.
 *
 * A wire amount with a third decimal is refused, never rounded; cents that are not a safe
 * integer cannot be encoded.
 */

function hasWholeCents(dollars: number): boolean {
  try {
    dollarsToCents(dollars);
    return true;
  } catch {
    return false;
  }
}

/** Integer cents, as routes, services and components hold them. */
const WholeCents = z.number().int();

/** Money whose wire form is `dollars` (which sets the bounds, in dollars), held as cents. */
export function moneyOf(dollars: z.ZodNumber) {
  return z.codec(dollars.refine(hasWholeCents, 'At most two decimals'), WholeCents, {
    decode: (amount) => dollarsToCents(amount),
    encode: (cents) => centsToDollars(cents),
  });
}

/** Any amount, negative ones included (a balance in credit, a reversal). */
export const Money = moneyOf(z.number());

/** An amount of zero or more. */
export const NonNegativeMoney = moneyOf(z.number().min(0));

/** An amount in a query string ('12.50'): cents once parsed, dollars when encoded. */
export function queryMoneyOf(dollars: z.ZodNumber) {
  return z.codec(
    z.coerce.number().pipe(dollars.refine(hasWholeCents, 'At most two decimals')),
    WholeCents,
    {
      decode: (amount) => dollarsToCents(amount),
      encode: (cents) => centsToDollars(cents),
    },
  );
}

/**
 * What a request body or query looks like on the wire: the value the app holds (cents) encoded
 * through the call's schema (dollars). Throws when the value does not fit the schema.
 */
export function toWire<S extends z.ZodType>(schema: S, value: z.output<S>): z.input<S> {
  return z.encode(schema, value);
}
