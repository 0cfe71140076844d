import type { BranchInput, StaffBranch } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  closeBranchGap,
  deleteBranch,
  findBranch,
  insertBranch,
  listBranches,
  lockBranchList,
  nextBranchPosition,
  setBranchPosition,
  updateBranch,
  type BranchColumns,
  type BranchRow,
} from './branches.repository';

/**
 * Each institution's branches (issue 22), kept by its staff: the list in their order (position 0
 * first, no gaps), a new branch at the end, a removal closing its gap, a move one place up or
 * down. The writes take the transaction to run in (the staff side writes its audit entry in the
 * same one) and hold the institution's list for it (`lockBranchList`).
 */
export interface BranchesService {
  list(institutionId: number): Promise<StaffBranch[]>;
  /** The branch, or undefined when it is not the institution's. */
  find(institutionId: number, id: string): Promise<StaffBranch | undefined>;
  add(trx: Kysely<Database>, institutionId: number, input: BranchInput): Promise<StaffBranch>;
  /** The branch as saved, with what it was; undefined when it is not the institution's. */
  change(
    trx: Kysely<Database>,
    institutionId: number,
    id: string,
    input: BranchInput,
  ): Promise<{ before: StaffBranch; after: StaffBranch } | undefined>;
  /** The removed branch; undefined when it is not the institution's. */
  remove(
    trx: Kysely<Database>,
    institutionId: number,
    id: string,
  ): Promise<StaffBranch | undefined>;
  /**
   * Swaps the branch with its neighbour above or below: the branch at its new place, and the
   * place it had (`from`; the same when it was already first going up, or last going down, and
   * nothing changed). Undefined when it is not the institution's.
   */
  move(
    trx: Kysely<Database>,
    institutionId: number,
    id: string,
    direction: 'up' | 'down',
  ): Promise<{ branch: StaffBranch; from: number } | undefined>;
}

function hoursOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((line) => typeof line === 'string') : [];
}

/** A row as the admin API shows it. */
function staffBranchOf(row: BranchRow): StaffBranch {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    streetAddress: row.street_address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phoneNumber: row.phone_number,
    hours: hoursOf(row.hours),
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

function columnsOf(input: BranchInput): BranchColumns {
  return {
    name: input.name,
    street_address: input.streetAddress,
    city: input.city,
    state: input.state,
    zip: input.zip,
    phone_number: input.phoneNumber,
    hours: JSON.stringify(input.hours),
    latitude: input.latitude,
    longitude: input.longitude,
  };
}

export function createBranchesService(deps: {
  db: Kysely<Database>;
  clock: Clock;
}): BranchesService {
  const { db, clock } = deps;
  return {
    async list(institutionId) {
      return (await listBranches(db, institutionId)).map(staffBranchOf);
    },

    async find(institutionId, id) {
      const row = await findBranch(db, institutionId, id);
      return row ? staffBranchOf(row) : undefined;
    },

    async add(trx, institutionId, input) {
      await lockBranchList(trx, institutionId);
      const position = await nextBranchPosition(trx, institutionId);
      const row = await insertBranch(trx, {
        ...columnsOf(input),
        institution_id: institutionId,
        position,
        now: clock.now(),
      });
      return staffBranchOf(row);
    },

    async change(trx, institutionId, id, input) {
      await lockBranchList(trx, institutionId);
      const before = await findBranch(trx, institutionId, id);
      if (!before) return undefined;
      const after = await updateBranch(trx, { institutionId, id }, columnsOf(input), clock.now());
      return after ? { before: staffBranchOf(before), after: staffBranchOf(after) } : undefined;
    },

    async remove(trx, institutionId, id) {
      await lockBranchList(trx, institutionId);
      const removed = await deleteBranch(trx, { institutionId, id });
      if (!removed) return undefined;
      await closeBranchGap(trx, institutionId, removed.position);
      return staffBranchOf(removed);
    },

    async move(trx, institutionId, id, direction) {
      await lockBranchList(trx, institutionId);
      const rows = await listBranches(trx, institutionId);
      const from = rows.findIndex((row) => row.id === id);
      const branch = rows[from];
      if (!branch) return undefined;
      const to = direction === 'up' ? from - 1 : from + 1;
      const neighbour = rows[to];
      if (!neighbour) return { branch: staffBranchOf(branch), from };
      // The places are the list's indexes (no gaps): the two swap.
      await setBranchPosition(trx, { institutionId, id: neighbour.id }, from);
      await setBranchPosition(trx, { institutionId, id }, to);
      return { branch: { ...staffBranchOf(branch), position: to }, from };
    },
  };
}
