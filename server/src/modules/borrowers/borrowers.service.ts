import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findBorrowerById } from './users.repository';

/** A borrower as other modules need one: the online user and the customer whose accounts it holds. */
export interface Borrower {
  userId: string;
  customerId: string;
}

/**
 * The borrowers (online users and their customers) as other modules reach them: through this
 * service, never through the repositories of this folder.
 */
export interface BorrowersService {
  /** The institution's borrower with this user id; undefined for an unknown or another's. */
  findById(institutionId: number, userId: string): Promise<Borrower | undefined>;
}

export function createBorrowersService(options: { db: Kysely<Database> }): BorrowersService {
  const { db } = options;
  return {
    async findById(institutionId, userId) {
      const row = await findBorrowerById(db, institutionId, userId);
      return row && { userId: row.id, customerId: row.customer_id };
    },
  };
}
