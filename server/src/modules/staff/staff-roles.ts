import type { StaffRole } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isStaffRole } from './staff-auth.service';
import type { StaffPrincipal } from './staff-principal';
import { findMembershipRole } from './staff.repository';

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
