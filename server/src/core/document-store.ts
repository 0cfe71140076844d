import type { CustomerRef } from './servicing-core';

/** A document the file services keep for a customer (spec 002 "Document"). */
export interface StoredDocument {
  fileId: string;
  displayName: string;
  /** The file's extension: 'pdf', 'png', 'jpg'. */
  format: string;
  /** When it was uploaded (an instant). */
  uploadedAt: Date;
}

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
  /** The document's bytes, if the customer has it. */
  open(
    customer: CustomerRef,
    fileId: string,
  ): Promise<{ document: StoredDocument; content: Uint8Array } | undefined>;
}
