import type { StaffRole } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isStaffRole } from './staff-auth.service';
import type { StaffPrincipal } from './staff-principal';
import { findMembershipRole, listMemberships } from './staff.repository';

/**
 * A staff member's role in an institution: implementers are publishers everywhere, others have
 * the role of their membership, or none.
 */
export async function roleIn(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  institutionId: number,
): Promise<StaffRole | undefined> {
  if (staff.isImplementer) return 'publisher';
  const role = await findMembershipRole(db, staff.staffId, institutionId);
  return role !== undefined && isStaffRole(role) ? role : undefined;
}

/** The roles a staff member's memberships give, by institution id (an implementer's aside). */
export async function membershipRoles(
  db: Kysely<Database>,
  staffId: string,
): Promise<Map<number, StaffRole>> {
  const roles = new Map<number, StaffRole>();
  for (const membership of await listMemberships(db, staffId)) {
    if (isStaffRole(membership.role)) roles.set(membership.institutionId, membership.role);
  }
  return roles;
}

/**
 * Whether a staff member still belongs to an institution, whatever the role: implementers belong
 * to every institution, others through a membership.
 */
export async function belongsTo(
  db: Kysely<Database>,
  staff: Pick<StaffPrincipal, 'staffId' | 'isImplementer'>,
  institutionId: number,
): Promise<boolean> {
  if (staff.isImplementer) return true;
  return (await findMembershipRole(db, staff.staffId, institutionId)) !== undefined;
}
