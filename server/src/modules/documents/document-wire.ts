import type { AccountDocument } from '@portal/domain';
import type { StoredDocument } from '../../core/document-store';

/** A stored document on the wire (spec 002 "Document"); the portal picks the icon by format. */
export function toAccountDocument(document: StoredDocument): AccountDocument {
  return {
    FileId: document.fileId,
    DisplayName: document.displayName,
    DisplayFormat: document.format,
    ImageUrl: '',
    DateUploaded: document.uploadedAt.toISOString(),
    Name: `${document.displayName}.${document.format}`,
  };
}
