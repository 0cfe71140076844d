import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findStaffByEmail, listStaffWithMemberships, setStaffDisabled } from './staff.repository';

/*
 * Staff accounts as the operators' command on the server's machine manages them (server/src/cli):
 * through the database alone, without the data key the sign-in service needs.
 */

/** Whether a staff account has this e-mail address (case-insensitive). */
export async function staffAccountExists(db: Kysely<Database>, email: string): Promise<boolean> {
  return (await findStaffByEmail(db, email)) !== undefined;
}

/** One staff account with its memberships, as stored (no secret). */
export type StaffAccountListing = Awaited<ReturnType<typeof listStaffWithMemberships>>[number];

/** Every staff account by e-mail, with whether it is disabled and its memberships by slug. */
export function listStaffAccounts(db: Kysely<Database>): Promise<StaffAccountListing[]> {
  return listStaffWithMemberships(db);
}

/**
 * Disables or re-enables the account of an e-mail address; false when there is none. Disabling
 * ends the account's sessions and preview tokens for good, so enabling it again later never
 * brings back a session someone else may hold.
 */
export function setStaffAccountDisabled(
  db: Kysely<Database>,
  change: { email: string; disabled: boolean; at: Date },
): Promise<boolean> {
  return setStaffDisabled(db, change.email, change.disabled, change.at);
}
