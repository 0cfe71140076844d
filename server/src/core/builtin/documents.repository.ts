import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

const LISTED = ['id', 'display_name', 'file_format', 'uploaded_at'] as const;
/** What opening a document reads besides the listed columns: where its bytes are, and what. */
const KEPT = [...LISTED, 'content', 'storage_key', 'content_type', 'size_bytes', 'sha256'] as const;

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

/** One of the customer's documents, with its bytes or the name of its file. */
export async function findCustomerDocument(
  db: Db,
  owner: { institutionId: number; customerId: string },
  id: number,
) {
  return db
    .selectFrom('file_documents')
    .select(KEPT)
    .where('institution_id', '=', owner.institutionId)
    .where('customer_id', '=', owner.customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One document of any of the institution's customers (for its staff). */
export async function findInstitutionDocument(db: Db, institutionId: number, id: number) {
  return db
    .selectFrom('file_documents')
    .select(KEPT)
    .where('institution_id', '=', institutionId)
    .where('id', '=', id)
    .executeTakeFirst();
}

interface NewDocumentRow {
  institution_id: number;
  customer_id: string;
  account_number?: string;
  application_number?: string;
  display_name: string;
  file_format: string;
  uploaded_at: Date;
  file_type_id?: number;
}

/**
 * A document whose bytes are kept in its row (the institution's own, such as the demo seed's
 * notes and letters); its size and SHA-256 are taken from the bytes.
 */
export async function insertDocument(
  db: Db,
  document: NewDocumentRow & { content: Uint8Array; content_type: string },
) {
  return db
    .insertInto('file_documents')
    .values({
      ...document,
      size_bytes: document.content.byteLength,
      sha256: createHash('sha256').update(document.content).digest('hex'),
    })
    .returning(KEPT)
    .executeTakeFirstOrThrow();
}

/** A document whose bytes are in a file of the documents folder (an upload). */
export async function insertFileDocument(
  db: Db,
  document: NewDocumentRow & {
    storage_key: string;
    content_type: string;
    size_bytes: number;
    sha256: string;
  },
) {
  return db.insertInto('file_documents').values(document).returning(KEPT).executeTakeFirstOrThrow();
}
