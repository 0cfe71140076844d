import type { BranchInput, StaffBranch, StaffBranchListResponse } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../admin/admin-errors';
import type { AccessibleInstitution, AdminService } from '../admin/admin.service';
import type { AuditAction, AuditLog } from '../audit/audit.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import type { BranchesService } from './branches.service';

/**
 * The staff side of the branches, for the admin API: who may do what, and the audit log.
 *
 * - Every role of the institution reads the list; editors and publishers (implementers act as
 *   publishers) add, change, remove and move branches. A viewer who writes gets 403; staff of
 *   another institution get 404 for its list and its branches alike.
 * - Each change is written with its audit entry in one transaction (`branch.*`, the comment
 *   naming the branch and what changed). Reading is not audited, as reading the configuration
 *   is not.
 */
export interface BranchesStaffDeps {
  db: Kysely<Database>;
  admin: Pick<AdminService, 'access'>;
  branches: BranchesService;
  auditLog: AuditLog;
}

export type BranchesStaffService = ReturnType<typeof createBranchesStaffService>;

const notInList = () => notFound('There is no such branch among this institution’s branches.');

/** The fields an update may change, with their names in the audit log, in the form's order. */
const FIELDS: readonly (readonly [keyof BranchInput, string])[] = [
  ['name', 'name'],
  ['streetAddress', 'street address'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip', 'ZIP code'],
  ['phoneNumber', 'phone number'],
  ['hours', 'hours'],
  ['latitude', 'latitude'],
  ['longitude', 'longitude'],
];

function fieldText(branch: BranchInput, field: keyof BranchInput): string {
  const value = branch[field];
  return Array.isArray(value) ? value.join('; ') : String(value);
}

/** What an update changed, field by field, for the audit log; null when it changed nothing. */
function changesOf(before: StaffBranch, after: StaffBranch): string | null {
  const changed = FIELDS.filter(([field]) => fieldText(before, field) !== fieldText(after, field));
  if (changed.length === 0) return null;
  return changed
    .map(
      ([field, label]) => `${label} “${fieldText(before, field)}” → “${fieldText(after, field)}”`,
    )
    .join(', ');
}

function named(branch: StaffBranch): string {
  return `Branch ${branch.id} (“${branch.name}”, ${branch.city}, ${branch.state})`;
}

export function createBranchesStaffService(deps: BranchesStaffDeps) {
  const { db, admin, branches, auditLog } = deps;

  /** The institution if the staff member may read its branches (404 for another's). */
  const reading = (staff: StaffPrincipal, slug: string) => admin.access(staff, slug, 'read');

  /** The institution if the staff member may change its branches: editors and publishers. */
  async function writing(staff: StaffPrincipal, slug: string): Promise<AccessibleInstitution> {
    const institution = await reading(staff, slug);
    if (institution.role === 'viewer') {
      throw forbidden('Your role (viewer) can read the branches but not change them.');
    }
    return institution;
  }

  /**
   * The change and its audit entry in one transaction (no entry when the comment is null:
   * nothing changed); 404 when the branch is not there.
   */
  async function audited<T>(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
    action: AuditAction,
    change: (trx: Kysely<Database>) => Promise<{ result: T; comment: string | null } | undefined>,
  ): Promise<T> {
    const done = await db.transaction().execute(async (trx) => {
      const outcome = await change(trx);
      if (outcome && outcome.comment !== null) {
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action,
          comment: outcome.comment,
        });
      }
      return outcome;
    });
    if (!done) throw notInList();
    return done.result;
  }

  return {
    /** The branches in the order borrowers see them. */
    async list(staff: StaffPrincipal, slug: string): Promise<StaffBranchListResponse> {
      const institution = await reading(staff, slug);
      return { branches: await branches.list(institution.id) };
    },

    /** Adds the branch at the end of the list. */
    async create(staff: StaffPrincipal, slug: string, input: BranchInput): Promise<StaffBranch> {
      const institution = await writing(staff, slug);
      return audited(staff, institution, 'branch.create', async (trx) => {
        const branch = await branches.add(trx, institution.id, input);
        return {
          result: branch,
          comment: `${named(branch)}: added at place ${branch.position + 1}`,
        };
      });
    },

    async update(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      input: BranchInput,
    ): Promise<StaffBranch> {
      const institution = await writing(staff, slug);
      return audited(staff, institution, 'branch.update', async (trx) => {
        const changed = await branches.change(trx, institution.id, id, input);
        if (!changed) return undefined;
        // Saved as it was: nothing changed, nothing audited.
        const changes = changesOf(changed.before, changed.after);
        return {
          result: changed.after,
          comment: changes === null ? null : `${named(changed.after)}: changed ${changes}`,
        };
      });
    },

    /** Removes the branch; the list as it is after. */
    async remove(
      staff: StaffPrincipal,
      slug: string,
      id: string,
    ): Promise<StaffBranchListResponse> {
      const institution = await writing(staff, slug);
      await audited(staff, institution, 'branch.delete', async (trx) => {
        const removed = await branches.remove(trx, institution.id, id);
        return removed && { result: removed, comment: `${named(removed)}: removed` };
      });
      return { branches: await branches.list(institution.id) };
    },

    /** Moves the branch one place up or down; the list as it is after. */
    async move(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      direction: 'up' | 'down',
    ): Promise<StaffBranchListResponse> {
      const institution = await writing(staff, slug);
      await audited(staff, institution, 'branch.move', async (trx) => {
        const outcome = await branches.move(trx, institution.id, id, direction);
        if (!outcome) return undefined;
        const { branch, from } = outcome;
        // The first branch moved up (or the last down) stays: nothing changed, nothing audited.
        return {
          result: branch,
          comment:
            branch.position === from
              ? null
              : `${named(branch)}: moved ${direction} from place ${from + 1} to ${branch.position + 1}`,
        };
      });
      return { branches: await branches.list(institution.id) };
    },
  };
}
