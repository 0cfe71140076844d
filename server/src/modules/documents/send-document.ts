import type { FastifyReply } from 'fastify';
import type { OpenedDocument } from '../../core/document-store';
import { contentDisposition } from './document-wire';

/**
 * A document's bytes as a stream, never read whole: with its own type and length, a safe file
 * name, no caching, and no content sniffing by the browser (a document is only what its type
 * says).
 */
export function sendDocument(
  reply: FastifyReply,
  opened: OpenedDocument,
  disposition: 'inline' | 'attachment',
) {
  const { document } = opened;
  return reply
    .header('content-type', document.contentType)
    .header('content-length', String(document.sizeBytes))
    .header('content-disposition', contentDisposition(disposition, document))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(opened.content);
}
