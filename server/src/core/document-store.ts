import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CustomerRef } from './servicing-core';

/** A document the file services keep for a customer (spec 002 "Document"). */
export interface StoredDocument {
  fileId: string;
  displayName: string;
  /** The file's extension: 'pdf', 'png', 'jpg', 'tif'. */
  format: string;
  /** When it was uploaded (an instant). */
  uploadedAt: Date;
}

/** A document as the store kept it: what its bytes are, how many, and their SHA-256 (hex). */
export interface KeptDocument extends StoredDocument {
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** A document to send: what it is and its bytes, read from the store as they are sent. */
export interface OpenedDocument {
  document: KeptDocument;
  content: Readable;
}

/** A kind of document a customer may upload (spec 002 "File type": ID, Description). */
export interface FileType {
  id: number;
  description: string;
}

/** What an upload is about: one of the customer's accounts or applications, or the customer. */
export type UploadTarget =
  { kind: 'account' | 'application'; number: string } | { kind: 'customer'; number?: undefined };

/**
 * One uploaded file as the portal receives it: checked already (upload-policy.ts: its format from
 * its first bytes, its name), its bytes still arriving.
 */
export interface UploadedFile {
  /** The name the customer's browser gave (display only; never a path). */
  name: string;
  /** The type the portal found from the file's first bytes, not the one the browser claimed. */
  contentType: string;
  /**
   * The bytes, read once, as they arrive. The iteration fails when the portal refuses the file on
   * the way (too large) or the request breaks off: the store then keeps nothing and rejects with
   * that error.
   */
  content: AsyncIterable<Uint8Array>;
  fileTypeId: number;
  /** When the portal received it (the app's clock). */
  receivedAt: Date;
}

/**
 * The portal's own records of an upload (its work item, its audit entry), written before the
 * upload counts as kept. A store whose rows live in the portal's database (the built-in one)
 * calls it in the transaction of its row and passes that transaction: the document, the work item
 * and the audit entry exist together or not at all. A store elsewhere calls it once it has the
 * file, with no transaction, and lets the file go if it throws.
 */
export type RecordUpload = (
  document: KeptDocument,
  transaction: Kysely<Database> | undefined,
) => Promise<void>;

/**
 * Why a store turned an upload down; nothing was kept. `unknownFileType`: the FileTypeID is not
 * one of the institution's file types; `unsupportedFormat`: the store does not keep this kind of
 * file.
 */
export type UploadRefusal = 'unknownFileType' | 'unsupportedFormat';

export type UploadResult =
  { stored: true; document: KeptDocument } | { stored: false; refusal: UploadRefusal };

/**
 * The institution's file services (the specs' "file services" option): the documents kept about
 * a customer's accounts and loan applications. The built-in store keeps uploads as files under
 * the server's documents folder and their rows in the portal's database; a bank's own document
 * system replaces it here. Every call but `openForInstitution` answers only for the customer's
 * own documents. Bytes travel as streams both ways: a store never needs a file whole in memory.
 */
export interface DocumentStore {
  /** The documents about one of the customer's accounts, newest first. */
  accountDocuments(customer: CustomerRef, accountNumber: string): Promise<StoredDocument[]>;
  /** The documents about one of the customer's loan applications, newest first. */
  applicationDocuments(customer: CustomerRef, applicationNumber: string): Promise<StoredDocument[]>;
  /** The customer's own documents (the profile's), about no account or application, newest first. */
  customerDocuments(customer: CustomerRef): Promise<StoredDocument[]>;
  /** The document and its bytes, if the customer has it. */
  open(customer: CustomerRef, fileId: string): Promise<OpenedDocument | undefined>;
  /**
   * A document of any of the institution's customers, for the institution's staff (the work
   * queue's document items); undefined for another institution's, or none.
   */
  openForInstitution(institutionId: number, fileId: string): Promise<OpenedDocument | undefined>;
  /** The kinds of document the institution's customers may upload, in the order to offer them. */
  fileTypes(institutionId: number): Promise<FileType[]>;
  /**
   * Keeps an uploaded file about the target, reading its bytes as they arrive. The caller has
   * checked that the account or application is the customer's, and the file's format (the
   * portal's upload policy), and counts its size on the way; the store refuses a file type it
   * does not know, and keeps nothing then, nor when the bytes fail or `record` throws.
   */
  upload(
    customer: CustomerRef,
    target: UploadTarget,
    file: UploadedFile,
    record?: RecordUpload,
  ): Promise<UploadResult>;
}
