import {
  checkUploadContent,
  SNIFF_BYTES,
  type UploadContentRefusal,
  type UploadFormat,
} from '@portal/domain';
import type { Readable } from 'node:stream';

/**
 * The upload policy (domain `documents/upload-policy.ts`: the institution's size limit, PDF,
 * JPEG, PNG or TIFF whose content is the format its name says) applied to a file as it arrives:
 * its first bytes are looked at before anything is stored, then the bytes pass on to the store
 * one chunk at a time, counted. Nothing here holds more than the first chunk and the one passing.
 */

/** The file part of an upload as the multipart parser gives it; `truncated` once it hit its limit. */
export type IncomingFileStream = Readable & { truncated?: boolean };

/** The file passed the limit on the way: the store keeps nothing. */
export class UploadTooLarge extends Error {
  constructor() {
    super('The file is larger than the upload limit');
    this.name = 'UploadTooLarge';
  }
}

/** The request broke off or was malformed around the file: the store keeps nothing. */
export class UploadBrokenOff extends Error {
  constructor(cause: unknown) {
    super('The upload request was broken off or could not be read', { cause });
    this.name = 'UploadBrokenOff';
  }
}

export type IncomingFileCheck =
  | {
      ok: true;
      format: UploadFormat;
      content: AsyncIterable<Uint8Array>;
      /** Stops reading the stream (whether or not `content` was read), leaving it whole. */
      release(): Promise<void>;
    }
  | { ok: false; refusal: 'emptyFile' | UploadContentRefusal };

function bytesOf(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  throw new TypeError('A file part gave something other than bytes');
}

/**
 * Reads the file's first bytes and checks them with its name (refusing an empty file, one of no
 * accepted format, or one whose content is not the format its name says). When it passes, its
 * content is the bytes from the start, counted on the way: past `limitBytes` (or when the parser
 * cut the file at its own limit) the iteration fails with UploadTooLarge. It ends only once
 * `bodyRead` settles, so a request that turns out broken after the file (a second file, a cut-off
 * end) fails the iteration with UploadBrokenOff and the store keeps nothing.
 *
 * The stream is read without being destroyed when the reading stops: the caller releases it
 * (`release`, also when `content` was never read) and resumes it to let the rest of the request
 * through (the multipart parser waits for each part to be read).
 */
export async function checkIncomingFile(
  file: { name: string; stream: IncomingFileStream; bodyRead: Promise<void> },
  limitBytes: number,
): Promise<IncomingFileCheck> {
  const { stream } = file;
  const chunks = stream.iterator({ destroyOnReturn: false });
  const read = async (): Promise<Uint8Array | undefined> => {
    try {
      const next = await chunks.next();
      return next.done ? undefined : bytesOf(next.value);
    } catch (error) {
      throw new UploadBrokenOff(error);
    }
  };

  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const chunk = await read();
    if (!chunk) {
      ended = true;
      break;
    }
    head.push(chunk);
    headBytes += chunk.byteLength;
  }
  const stop = async (refusal: 'emptyFile' | UploadContentRefusal): Promise<IncomingFileCheck> => {
    await chunks.return?.();
    return { ok: false, refusal };
  };
  if (headBytes === 0) return stop('emptyFile');
  const checked = checkUploadContent(file.name, Buffer.concat(head).subarray(0, SNIFF_BYTES));
  if ('refusal' in checked) return stop(checked.refusal);

  async function* content(): AsyncGenerator<Uint8Array> {
    let received = 0;
    const counted = (chunk: Uint8Array): Uint8Array => {
      received += chunk.byteLength;
      if (received > limitBytes) throw new UploadTooLarge();
      return chunk;
    };
    try {
      for (const chunk of head) yield counted(chunk);
      for (let chunk = ended ? undefined : await read(); chunk; chunk = await read()) {
        yield counted(chunk);
      }
      if (stream.truncated) throw new UploadTooLarge();
      // The store sees the end of the bytes only once the whole request was read well.
      try {
        await file.bodyRead;
      } catch (error) {
        throw new UploadBrokenOff(error);
      }
    } finally {
      await chunks.return?.();
    }
  }
  return {
    ok: true,
    format: checked.format,
    content: content(),
    release: async () => {
      await chunks.return?.();
    },
  };
}
