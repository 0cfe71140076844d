import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  DocumentStore,
  KeptDocument,
  OpenedDocument,
  StoredDocument,
  UploadTarget,
} from '../document-store';
import {
  findCustomerDocument,
  findInstitutionDocument,
  insertFileDocument,
  listDocuments,
} from './documents.repository';

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

interface KeptRow {
  id: number;
  display_name: string;
  file_format: string;
  uploaded_at: Date;
  content: Uint8Array | null;
  storage_key: string | null;
  content_type: string;
  size_bytes: number;
  sha256: string;
}

function toKept(row: KeptRow): KeptDocument {
  return {
    ...toDocument(row),
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
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

/** Where files wait while they arrive: in the documents folder, so the rename stays on one disk. */
export const INCOMING_FOLDER = '.incoming';

/**
 * Writes the bytes to a new file as they come (never more than one chunk in memory), counting
 * them and hashing them, and makes the file durable before it is renamed into place.
 */
async function writeIncoming(
  path: string,
  content: AsyncIterable<Uint8Array>,
): Promise<{ sizeBytes: number; sha256: string }> {
  const handle = await open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let sizeBytes = 0;
  try {
    for await (const chunk of content) {
      hash.update(chunk);
      sizeBytes += chunk.byteLength;
      let offset = 0;
      while (offset < chunk.byteLength) {
        const { bytesWritten } = await handle.write(chunk, offset);
        offset += bytesWritten;
      }
    }
    await handle.datasync();
  } finally {
    await handle.close();
  }
  return { sizeBytes, sha256: hash.digest('hex') };
}

/**
 * The built-in file services: uploads as files under the server's documents folder (DOCUMENTS_DIR,
 * by default `<DATA_DIR>/documents`: outside the built apps and the uploaded branding, the only
 * folders the server serves), their rows in the portal's database (file_documents).
 *
 * An upload is written to `.incoming/<uuid>.part` as it arrives, made durable, then its row is
 * inserted and, in the same transaction, the caller's records (the work item, the audit entry);
 * the file is renamed to `<institution>/<xx>/<uuid>` last, before the commit. A refused, broken
 * off or failed upload removes its file: no file without a row is left, and no row without its
 * file (a crash between the rename and the commit can leave an unnamed file, never a row). Files
 * have no extension and are never served by a path: only by their row, with the row's type.
 *
 * Documents the institution put there itself (the demo seed's) and rows of before 0033 hold their
 * bytes in the row and are served from it.
 *
 * File types are the institution's published `documentCenterOptions.fileTypes` setting (an
 * admin-only JSON list of {ID, Description} whose default is Identification, Income
 * Verification, Insurance, Correspondence, Other): staff edit, preview and publish them like any
 * other setting, with history, so they are not a table of their own. `settings` reads the
 * published settings (app.ts passes the institutions service's).
 *
 * With several server instances, the documents folder is storage they share (a mounted volume),
 * as the uploaded branding is.
 */
export function createBuiltinDocumentStore(options: {
  db: Kysely<Database>;
  settings: (institutionId: number) => Promise<SettingsAccessor>;
  /** The documents folder (absolute, or from the process's directory). */
  directory: string;
}): DocumentStore {
  const { db, settings } = options;
  const root = resolve(options.directory);

  async function fileTypes(institutionId: number) {
    const list = (await settings(institutionId)).get('documentCenterOptions.fileTypes');
    return list.map((type) => ({ id: type.ID, description: type.Description }));
  }

  /** A stored key as a path, refusing one that would lead out of the folder. */
  function pathOf(storageKey: string): string {
    const path = resolve(root, storageKey);
    const inside = relative(root, path);
    if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) {
      throw new Error(`A document's storage key leads out of the documents folder`);
    }
    return path;
  }

  async function opened(row: KeptRow | undefined): Promise<OpenedDocument | undefined> {
    if (!row) return undefined;
    const document = toKept(row);
    if (row.storage_key === null) {
      return { document, content: Readable.from([Buffer.from(row.content ?? new Uint8Array())]) };
    }
    // Opened here, so a missing file fails the call before anything is sent.
    const handle = await open(pathOf(row.storage_key), 'r');
    return { document, content: handle.createReadStream() };
  }

  const idOf = (fileId: string): number | undefined => {
    const id = Number(fileId);
    return /^\d{1,15}$/.test(fileId) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
  };

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
      const id = idOf(fileId);
      return id === undefined ? undefined : opened(await findCustomerDocument(db, customer, id));
    },

    async openForInstitution(institutionId, fileId) {
      const id = idOf(fileId);
      return id === undefined
        ? undefined
        : opened(await findInstitutionDocument(db, institutionId, id));
    },

    fileTypes,

    async upload(customer, target, file, record) {
      const types = await fileTypes(customer.institutionId);
      if (!types.some((type) => type.id === file.fileTypeId)) {
        return { stored: false, refusal: 'unknownFileType' };
      }
      const format = FORMAT_OF_CONTENT_TYPE[file.contentType];
      if (!format) return { stored: false, refusal: 'unsupportedFormat' };

      const name = randomUUID();
      const incoming = join(root, INCOMING_FOLDER, `${name}.part`);
      const storageKey = [String(customer.institutionId), name.slice(0, 2), name].join('/');
      const final = pathOf(storageKey);
      try {
        await mkdir(join(root, INCOMING_FOLDER), { recursive: true });
        const written = await writeIncoming(incoming, file.content);
        await mkdir(join(final, '..'), { recursive: true });
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await insertFileDocument(trx, {
            institution_id: customer.institutionId,
            customer_id: customer.customerId,
            ...numbersOf(target),
            display_name: displayNameOf(file.name),
            file_format: format,
            uploaded_at: file.receivedAt,
            file_type_id: file.fileTypeId,
            storage_key: storageKey,
            content_type: file.contentType,
            size_bytes: written.sizeBytes,
            sha256: written.sha256,
          });
          await record?.(toKept(inserted), trx);
          await rename(incoming, final);
          return inserted;
        });
        return { stored: true, document: toKept(row) };
      } catch (error) {
        await rm(incoming, { force: true });
        await rm(final, { force: true });
        throw error;
      }
    },
  };
}
