/**
 * What the portal accepts as an upload (spec 002 "File uploader"; the specs fix no limits, these
 * are the product's choices), written once: the server decides with it, and the portal's uploader
 * checks a file's size and name with it before sending, so a borrower on a phone line is not made
 * to send 40 MB to hear it is too large.
 *
 * - At most the institution's limit a file (`documentCenterOptions.maxUploadMegabytes`, 10 MB
 *   unless set: a phone photo or a scanned multi-page statement fits), never more than
 *   MAX_UPLOAD_BYTES, the multipart parser's hard cap. The server streams a file to its store and
 *   counts the bytes as they come; it never holds one whole, so the cap bounds the disk and the
 *   time of one request, not the server's memory.
 * - PDF, JPEG, PNG or TIFF: what borrowers scan or photograph and what a servicer's document
 *   system takes. The format is told by the file's first bytes (its "magic number"), never by the
 *   type the browser claims, and the name's extension must say the same format: a PDF renamed
 *   `.png` and a program renamed `.pdf` are both refused. HEIC is left out (browsers cannot show
 *   it from ViewDocument; iPhones send JPEG to a web page's file picker anyway); GIF, Word and the
 *   like are left out as not documents of record.
 */

const MEGABYTE = 1024 * 1024;

/**
 * The largest limit an institution may set, in MB (the setting's maximum), and the parser's hard
 * cap. 25 MB: a long colour scan at 300 dpi (a tax return, a closing package) passes 10 MB, and
 * since the file streams to disk the cap costs no memory; more would be a document system's job,
 * and a phone on a 1 Mbit/s line already needs over three minutes for 25 MB.
 */
export const MAX_UPLOAD_MEGABYTES = 25;

/** The parser's hard cap in bytes: no institution's limit is above it. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * MEGABYTE;

/**
 * An institution's limit in bytes from its `documentCenterOptions.maxUploadMegabytes` (whole MB
 * of 1,024 KB; the settings' validator keeps it within 1 to MAX_UPLOAD_MEGABYTES, and so does
 * this, whatever it is given).
 */
export function uploadLimitBytes(megabytes: number): number {
  const whole = Number.isFinite(megabytes) ? Math.floor(megabytes) : MAX_UPLOAD_MEGABYTES;
  return Math.min(MAX_UPLOAD_MEGABYTES, Math.max(1, whole)) * MEGABYTE;
}

/** A limit in words: 10485760 as "10 MB". */
export function uploadLimitWords(limitBytes: number): string {
  const megabytes = limitBytes / MEGABYTE;
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

export interface UploadFormat {
  /** The stored format, as the document lists show it (DisplayFormat). */
  format: 'pdf' | 'jpg' | 'png' | 'tif';
  contentType: string;
  /** The extensions a file of the format may be named with (lower case, without the dot). */
  extensions: readonly string[];
  /** The first bytes every file of the format starts with (one of). */
  signatures: readonly (readonly number[])[];
}

export const UPLOAD_FORMATS: readonly UploadFormat[] = [
  {
    format: 'pdf',
    contentType: 'application/pdf',
    extensions: ['pdf'],
    signatures: [[0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  },
  {
    format: 'jpg',
    contentType: 'image/jpeg',
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    signatures: [[0xff, 0xd8, 0xff]],
  },
  {
    format: 'png',
    contentType: 'image/png',
    extensions: ['png'],
    signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  },
  {
    format: 'tif',
    contentType: 'image/tiff',
    extensions: ['tif', 'tiff'],
    signatures: [
      [0x49, 0x49, 0x2a, 0x00], // II*\0, little-endian
      [0x4d, 0x4d, 0x00, 0x2a], // MM\0*, big-endian
    ],
  },
];

/** How many first bytes tell a format: the longest signature. */
export const SNIFF_BYTES = Math.max(
  ...UPLOAD_FORMATS.flatMap((format) => format.signatures.map((signature) => signature.length)),
);

/** The extensions the uploader's file picker offers, and the content types (its `accept`). */
export const UPLOAD_ACCEPT = [
  ...UPLOAD_FORMATS.flatMap((format) => format.extensions.map((extension) => `.${extension}`)),
  ...UPLOAD_FORMATS.map((format) => format.contentType),
].join(',');

/** The format a file's first bytes show; undefined for anything not accepted. */
export function sniffUploadFormat(head: Uint8Array): UploadFormat | undefined {
  return UPLOAD_FORMATS.find((candidate) =>
    candidate.signatures.some(
      (signature) =>
        head.length >= signature.length && signature.every((byte, at) => head[at] === byte),
    ),
  );
}

/** A file name's extension, lower case without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return /\.([A-Za-z0-9]{1,10})$/.exec(base)?.[1]?.toLowerCase() ?? '';
}

/** The format a file's name says (by its extension); undefined for a name of no accepted format. */
export function uploadFormatOfName(fileName: string): UploadFormat | undefined {
  const extension = extensionOf(fileName);
  return UPLOAD_FORMATS.find((format) => format.extensions.includes(extension));
}

/** Why a file's content is refused: not an accepted format, or not the one its name says. */
export type UploadContentRefusal = 'unsupportedFormat' | 'formatMismatch';

/**
 * The format of a file from its name and first bytes, or why it is refused: a name of no accepted
 * format, or content of none, is `unsupportedFormat`; a PNG named `.pdf` is `formatMismatch`.
 */
export function checkUploadContent(
  fileName: string,
  head: Uint8Array,
): { format: UploadFormat } | { refusal: UploadContentRefusal } {
  const named = uploadFormatOfName(fileName);
  const sniffed = sniffUploadFormat(head);
  if (!named || !sniffed) return { refusal: 'unsupportedFormat' };
  if (named.format !== sniffed.format) return { refusal: 'formatMismatch' };
  return { format: sniffed };
}

/**
 * What the uploader can tell before sending (the server decides again from the bytes): an empty
 * file, one over the institution's limit (`uploadLimitBytes`), or a name of no accepted format.
 */
export function uploadFileIssue(
  file: { name: string; size: number },
  limitBytes: number,
): 'emptyFile' | 'tooLarge' | 'unsupportedFormat' | undefined {
  if (file.size === 0) return 'emptyFile';
  if (file.size > limitBytes) return 'tooLarge';
  return uploadFormatOfName(file.name) ? undefined : 'unsupportedFormat';
}

/**
 * The Message of each refusal (spec 002 section 8: the uploader shows a failed answer's Message).
 * The specs give only 'Choose a file type'; the others are the product's wording. A file over the
 * limit is told the limit: `uploadTooLargeMessage`.
 */
export const UPLOAD_MESSAGES = {
  fileTypeRequired: 'Choose a file type',
  noFile: 'Choose a file to upload.',
  emptyFile: 'The file is empty.',
  unsupportedFormat: 'Only PDF, JPEG, PNG and TIFF files can be uploaded.',
  formatMismatch:
    'The file is not what its name says: its content must be the format of its extension (.pdf, .jpg, .png or .tif).',
  invalidRequest: 'The upload could not be read. Please try again.',
  accountNotFound: 'There is no such account.',
  applicationNotFound: 'There is no such application.',
  fileServicesOff: 'Document uploads are not available.',
} as const;

/** The Message of a file over the institution's limit, naming the limit. */
export function uploadTooLargeMessage(limitBytes: number): string {
  return `The file is larger than ${uploadLimitWords(limitBytes)}. Upload a smaller file.`;
}

/**
 * The Message of an upload refused by the per-user hourly limit (429), saying when to try again
 * in whole minutes (at least one).
 */
export function tooManyUploadsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have uploaded many files in the last hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
