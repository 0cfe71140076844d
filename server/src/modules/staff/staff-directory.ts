import type { StaffRole } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isStaffRole } from './staff-auth.service';
import { findStaffById, findStaffNames, listInstitutionStaff } from './staff.repository';

/** A staff member as other staff see them: in an assignment, beside an item. */
export interface StaffMemberRef {
  id: string;
  name: string;
  email: string;
}

/** The roles that act on an institution's work (editors and publishers), not only read it. */
const ACTING_ROLES: readonly StaffRole[] = ['editor', 'publisher'];

/**
 * The staff of an institution who may act on its work: enabled members whose role there is
 * editor or publisher, by name. Implementers, who serve every institution, are not listed for
 * others to pick; an implementer may still take work of any institution themselves.
 */
export async function actingStaffOf(
  db: Kysely<Database>,
  institutionId: number,
): Promise<(StaffMemberRef & { role: StaffRole })[]> {
  const members = await listInstitutionStaff(db, institutionId);
  return members.flatMap((member) =>
    !member.disabled && isStaffRole(member.role) && ACTING_ROLES.includes(member.role)
      ? [{ id: member.id, name: member.name, email: member.email, role: member.role }]
      : [],
  );
}

/**
 * The staff member by id if they may act on the institution's work (enabled, and an implementer
 * or an editor or publisher there); undefined otherwise.
 */
export async function actingStaffMember(
  db: Kysely<Database>,
  staffId: string,
  institutionId: number,
): Promise<StaffMemberRef | undefined> {
  const account = await findStaffById(db, staffId);
  if (!account || account.disabled) return undefined;
  const ref = { id: account.id, name: account.name, email: account.email };
  if (account.is_implementer) return ref;
  const acting = await actingStaffOf(db, institutionId);
  return acting.some((member) => member.id === staffId) ? ref : undefined;
}

/** Names and addresses by id, for the staff ids work records (an unknown id is left out). */
export async function staffNamesById(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, StaffMemberRef>> {
  const unique = [...new Set(ids)];
  const rows = await findStaffNames(db, unique);
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, email: row.email }]));
}
