/**
 * What the portal accepts as an upload (spec 002 "File uploader"; the specs fix no limits, these
 * are the product's choices):
 *
 * - at most 10 MB a file: a phone photo or a scanned multi-page statement fits, and the whole
 *   file is held in memory while it is checked and stored;
 * - PDF, JPEG, PNG or TIFF, told by the file's first bytes (its "magic number"), never by its
 *   name or the type the browser claims: these are what borrowers scan or photograph and what a
 *   servicer's document system takes. HEIC is left out (browsers cannot show it from
 *   ViewDocument; iPhones send JPEG to a web page's file picker anyway); GIF, Word and the like
 *   are left out as not documents of record.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

interface Format {
  contentType: string;
  /** The first bytes every file of the format starts with (one of). */
  signatures: readonly (readonly number[])[];
}

const FORMATS: readonly Format[] = [
  { contentType: 'application/pdf', signatures: [[0x25, 0x50, 0x44, 0x46, 0x2d]] }, // %PDF-
  { contentType: 'image/jpeg', signatures: [[0xff, 0xd8, 0xff]] },
  {
    contentType: 'image/png',
    signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  },
  {
    contentType: 'image/tiff',
    signatures: [
      [0x49, 0x49, 0x2a, 0x00], // II*\0, little-endian
      [0x4d, 0x4d, 0x00, 0x2a], // MM\0*, big-endian
    ],
  },
];

/** The content type of an accepted file, from its first bytes; undefined for anything else. */
export function sniffContentType(bytes: Uint8Array): string | undefined {
  const format = FORMATS.find((candidate) =>
    candidate.signatures.some(
      (signature) =>
        bytes.length >= signature.length && signature.every((byte, at) => bytes[at] === byte),
    ),
  );
  return format?.contentType;
}

/**
 * The Message of each refusal (spec 002 section 8: the uploader shows a failed answer's Message).
 * The specs give only 'Choose a file type'; the others are the product's wording.
 */
export const UPLOAD_MESSAGES = {
  fileTypeRequired: 'Choose a file type',
  noFile: 'Choose a file to upload.',
  emptyFile: 'The file is empty.',
  tooLarge: 'The file is larger than 10 MB. Upload a smaller file.',
  unsupportedFormat: 'Only PDF, JPEG, PNG and TIFF files can be uploaded.',
  invalidRequest: 'The upload could not be read. Please try again.',
  accountNotFound: 'There is no such account.',
  applicationNotFound: 'There is no such application.',
  fileServicesOff: 'Document uploads are not available.',
} as const;
