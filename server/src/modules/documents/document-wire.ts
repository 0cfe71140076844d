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

/**
 * The Content-Disposition of a document sent: its display name with its format's extension, as
 * plain ASCII letters, digits, spaces, dots, dashes and underscores (anything else becomes `_`,
 * so no quote, slash or line break reaches the header), and in full as `filename*` (RFC 6266).
 */
export function contentDisposition(
  disposition: 'inline' | 'attachment',
  document: Pick<StoredDocument, 'displayName' | 'format'>,
): string {
  const name = `${document.displayName}.${document.format}`;
  const ascii = name.replace(/[^A-Za-z0-9 ._-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
