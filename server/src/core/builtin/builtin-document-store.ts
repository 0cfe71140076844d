import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DocumentStore, StoredDocument } from '../document-store';
import { findCustomerDocument, listDocuments } from './documents.repository';

function toDocument(row: {
  id: number;
  display_name: string;
  file_format: string;
  uploaded_at: Date;
}): StoredDocument {
  return {
    fileId: String(row.id),
    displayName: row.display_name,
    format: row.file_format,
    uploadedAt: row.uploaded_at,
  };
}

/** The built-in file services: documents kept in the portal's database (file_documents). */
export function createBuiltinDocumentStore(options: { db: Kysely<Database> }): DocumentStore {
  const { db } = options;
  return {
    async accountDocuments(customer, accountNumber) {
      const rows = await listDocuments(db, customer, { accountNumber });
      return rows.map(toDocument);
    },

    async applicationDocuments(customer, applicationNumber) {
      const rows = await listDocuments(db, customer, { applicationNumber });
      return rows.map(toDocument);
    },

    async open(customer, fileId) {
      const id = Number(fileId);
      if (!/^\d{1,15}$/.test(fileId) || !Number.isSafeInteger(id) || id <= 0) return undefined;
      const row = await findCustomerDocument(db, customer, id);
      return row ? { document: toDocument(row), content: row.content } : undefined;
    },
  };
}
