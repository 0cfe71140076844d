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

/** A kind of document a customer may upload (spec 002 "File type": ID, Description). */
export interface FileType {
  id: number;
  description: string;
}

/** What an upload is about: one of the customer's accounts or applications, or the customer. */
export type UploadTarget =
  { kind: 'account' | 'application'; number: string } | { kind: 'customer'; number?: undefined };

/** One uploaded file, as the portal received it and checked it (upload-policy.ts). */
export interface UploadedFile {
  /** The name the customer's browser gave (display only; never a path). */
  name: string;
  /** The type the portal found from the file's first bytes, not the one the browser claimed. */
  contentType: string;
  bytes: Uint8Array;
  fileTypeId: number;
  /** When the portal received it (the app's clock). */
  receivedAt: Date;
}

/**
 * Why a store turned an upload down; nothing was kept. `unknownFileType`: the FileTypeID is not
 * one of the institution's file types; `unsupportedFormat`: the store does not keep this kind of
 * file.
 */
export type UploadRefusal = 'unknownFileType' | 'unsupportedFormat';

export type UploadResult =
  { stored: true; document: StoredDocument } | { stored: false; refusal: UploadRefusal };

/**
 * The institution's file services (the specs' "file services" option): the documents kept about
 * a customer's accounts and loan applications. The built-in store keeps them in the portal's database; a bank's own
 * document system replaces it here. Every call answers only for the customer's own documents.
 */
export interface DocumentStore {
  /** The documents about one of the customer's accounts, newest first. */
  accountDocuments(customer: CustomerRef, accountNumber: string): Promise<StoredDocument[]>;
  /** The documents about one of the customer's loan applications, newest first. */
  applicationDocuments(customer: CustomerRef, applicationNumber: string): Promise<StoredDocument[]>;
  /** The customer's own documents (the profile's), about no account or application, newest first. */
  customerDocuments(customer: CustomerRef): Promise<StoredDocument[]>;
  /** The document's bytes, if the customer has it. */
  open(
    customer: CustomerRef,
    fileId: string,
  ): Promise<{ document: StoredDocument; content: Uint8Array } | undefined>;
  /** The kinds of document the institution's customers may upload, in the order to offer them. */
  fileTypes(institutionId: number): Promise<FileType[]>;
  /**
   * Keeps an uploaded file about the target. The caller has checked that the account or
   * application is the customer's, and the file's size and format (the portal's upload policy);
   * the store refuses a file type it does not know, and keeps nothing then.
   */
  upload(customer: CustomerRef, target: UploadTarget, file: UploadedFile): Promise<UploadResult>;
}
