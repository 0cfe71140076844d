import { z } from 'zod';

/**
 * Shapes several calls share, in a module of their own that imports nothing else of the
 * contract: the portal's start-up needs the profile (which has them) and, were they in
 * account-details.ts, would build every schema of the accounts and payments calls before the
 * sign-in page could be used (zod builds a schema when its module loads; issue 23).
 */

export const PostalAddress = z.object({
  Address1: z.string(),
  City: z.string(),
  State: z.string(),
  ZipCode: z.string(),
});
export type PostalAddress = z.infer<typeof PostalAddress>;

/** A document attached to an account (spec 002 "Document"). */
export const AccountDocument = z.object({
  FileId: z.string(),
  DisplayName: z.string(),
  DisplayFormat: z.string(),
  ImageUrl: z.string(),
  DateUploaded: z.string(),
  Name: z.string(),
});
export type AccountDocument = z.infer<typeof AccountDocument>;
