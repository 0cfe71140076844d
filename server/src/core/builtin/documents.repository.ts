import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

const LISTED = ['id', 'display_name', 'file_format', 'uploaded_at'] as const;

/**
 * The customer's documents about one of their accounts, one of their applications, or about the
 * customer (both numbers empty: the profile's documents).
 */
export async function listDocuments(
  db: Db,
  owner: { institutionId: number; customerId: string },
  about: { accountNumber: string } | { applicationNumber: string } | { customer: true },
) {
  return db
    .selectFrom('file_documents')
    .select(LISTED)
    .where('institution_id', '=', owner.institutionId)
    .where('customer_id', '=', owner.customerId)
    .where((eb) => {
      if ('accountNumber' in about) return eb('account_number', '=', about.accountNumber);
      if ('applicationNumber' in about) {
        return eb('application_number', '=', about.applicationNumber);
      }
      return eb.and([eb('account_number', '=', ''), eb('application_number', '=', '')]);
    })
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findCustomerDocument(
  db: Db,
  owner: { institutionId: number; customerId: string },
  id: number,
) {
  return db
    .selectFrom('file_documents')
    .select([...LISTED, 'content'])
    .where('institution_id', '=', owner.institutionId)
    .where('customer_id', '=', owner.customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertDocument(
  db: Db,
  document: {
    institution_id: number;
    customer_id: string;
    account_number?: string;
    application_number?: string;
    display_name: string;
    file_format: string;
    content: Uint8Array;
    uploaded_at: Date;
    file_type_id?: number;
  },
) {
  return db
    .insertInto('file_documents')
    .values(document)
    .returning(LISTED)
    .executeTakeFirstOrThrow();
}
