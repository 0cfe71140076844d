import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DocumentStore, StoredDocument, UploadTarget } from '../document-store';
import { findCustomerDocument, insertDocument, listDocuments } from './documents.repository';

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

/**
 * The formats the built-in store keeps, by the content type the portal found in the file's first
 * bytes: the ones a browser (or, for TIFF, the operating system's viewer) opens from ViewDocument.
 */
const FORMAT_OF_CONTENT_TYPE: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tif',
};

/** The longest display name kept; longer names are cut (the list shows one line per file). */
const MAX_DISPLAY_NAME = 120;

/**
 * The name the document lists show: the file's own name without its path, its extension (the
 * format is shown by the icon, and the stored format is the sniffed one) and control characters.
 */
export function displayNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  // eslint-disable-next-line no-control-regex
  const clean = withoutExtension.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, MAX_DISPLAY_NAME).trim() || 'Document';
}

function numbersOf(target: UploadTarget) {
  if (target.kind === 'account') return { account_number: target.number };
  if (target.kind === 'application') return { application_number: target.number };
  // A customer (profile) document is about neither: both numbers stay empty.
  return {};
}

/**
 * The built-in file services: documents kept in the portal's database (file_documents).
 *
 * File types are the institution's published `documentCenterOptions.fileTypes` setting (an
 * admin-only JSON list of {ID, Description} whose default is Identification, Income
 * Verification, Insurance, Correspondence, Other): staff edit, preview and publish them like any
 * other setting, with history, so they are not a table of their own. `settings` reads the
 * published settings (app.ts passes the institutions service's).
 */
export function createBuiltinDocumentStore(options: {
  db: Kysely<Database>;
  settings: (institutionId: number) => Promise<SettingsAccessor>;
}): DocumentStore {
  const { db, settings } = options;

  async function fileTypes(institutionId: number) {
    const list = (await settings(institutionId)).get('documentCenterOptions.fileTypes');
    return list.map((type) => ({ id: type.ID, description: type.Description }));
  }

  return {
    async accountDocuments(customer, accountNumber) {
      const rows = await listDocuments(db, customer, { accountNumber });
      return rows.map(toDocument);
    },

    async applicationDocuments(customer, applicationNumber) {
      const rows = await listDocuments(db, customer, { applicationNumber });
      return rows.map(toDocument);
    },

    async customerDocuments(customer) {
      const rows = await listDocuments(db, customer, { customer: true });
      return rows.map(toDocument);
    },

    async open(customer, fileId) {
      const id = Number(fileId);
      if (!/^\d{1,15}$/.test(fileId) || !Number.isSafeInteger(id) || id <= 0) return undefined;
      const row = await findCustomerDocument(db, customer, id);
      return row ? { document: toDocument(row), content: row.content } : undefined;
    },

    fileTypes,

    async upload(customer, target, file) {
      const types = await fileTypes(customer.institutionId);
      if (!types.some((type) => type.id === file.fileTypeId)) {
        return { stored: false, refusal: 'unknownFileType' };
      }
      const format = FORMAT_OF_CONTENT_TYPE[file.contentType];
      if (!format) return { stored: false, refusal: 'unsupportedFormat' };
      const row = await insertDocument(db, {
        institution_id: customer.institutionId,
        customer_id: customer.customerId,
        ...numbersOf(target),
        display_name: displayNameOf(file.name),
        file_format: format,
        content: file.bytes,
        uploaded_at: file.receivedAt,
        file_type_id: file.fileTypeId,
      });
      return { stored: true, document: toDocument(row) };
    },
  };
}
