import type { z } from 'zod';

/**
 * An answer's JSON as it came over the wire, after checking that the call's schema reads it.
 * Money stays decimal dollars (1234.56) here: `schema.parse` would give the apps' view instead,
 * every money field decoded to integer cents (domain api/money.ts). Tests of the wire read this.
 */
export function wireOf<S extends z.ZodType>(schema: S, json: unknown): z.input<S> {
  schema.parse(json);
  return json as z.input<S>;
}
