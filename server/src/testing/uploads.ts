import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { PORTAL_WRITE_HEADERS, type SignedIn, type TestApp } from './test-app';

/** Bytes that start with a format's signature, then something recognisable. */
export function fileOf(signature: readonly number[], size = 2048): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 1) bytes[at] = (at * 31 + 7) % 251;
  bytes.set(signature, 0);
  return bytes;
}

export const PDF_SIGNATURE = [...Buffer.from('%PDF-1.7\n')];
export const PDF = fileOf(PDF_SIGNATURE);
export const PNG = fileOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const JPEG = fileOf([0xff, 0xd8, 0xff, 0xe0]);
export const TIFF = fileOf([0x4d, 0x4d, 0x00, 0x2a]);
/** A Windows program's first bytes ("MZ"). */
export const EXECUTABLE = fileOf([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

export interface UploadPart {
  name?: string;
  bytes: Uint8Array;
  type?: string;
}

/**
 * A multipart/form-data body as a browser's FormData sends it: the fields in order, then the
 * files (or the files first, with `filesFirst`).
 */
export async function multipartBody(
  fields: Record<string, string>,
  files: UploadPart[] = [],
  options: { filesFirst?: boolean } = {},
) {
  const form = new FormData();
  const appendFields = () => {
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
  };
  if (!options.filesFirst) appendFields();
  for (const file of files) {
    form.append(
      'file',
      new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'scan.pdf',
    );
  }
  if (options.filesFirst) appendFields();
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** Sends an upload as the portal's uploader does (multipart, CSRF header, the session cookie). */
export async function uploadAs(
  test: TestApp,
  who: SignedIn | undefined,
  url: string,
  fields: Record<string, string>,
  files: UploadPart[] = [],
  options: { headers?: Record<string, string>; filesFirst?: boolean } = {},
) {
  const body = await multipartBody(fields, files, options);
  return test.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(options.headers ?? PORTAL_WRITE_HEADERS),
      ...(who ? { cookie: who.cookie } : {}),
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

/** Every file under a folder, by its path inside it (sub-folders walked; folders not listed). */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(folder, name)).isFile())
    .sort();
}

/**
 * Sends an upload over a real connection to a listening app, its body written 64 KB at a time
 * as a browser streams it (app.inject hands the parser the whole body at once, so a part nobody
 * reads never holds it up there). Answers the status and the body's text.
 */
export async function uploadOverConnection(
  address: string,
  who: SignedIn,
  url: string,
  fields: Record<string, string>,
  files: UploadPart[],
): Promise<{ status: number; body: string }> {
  const body = await multipartBody(fields, files);
  return new Promise((resolve, reject) => {
    const sent = request(
      new URL(url, address),
      {
        method: 'POST',
        headers: {
          ...PORTAL_WRITE_HEADERS,
          cookie: who.cookie,
          'content-type': body.contentType,
          'content-length': String(body.payload.byteLength),
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    sent.on('error', reject);
    void (async () => {
      for (let at = 0; at < body.payload.byteLength; at += 64 * 1024) {
        if (!sent.write(body.payload.subarray(at, at + 64 * 1024))) {
          await new Promise((drained) => sent.once('drain', drained));
        }
      }
      sent.end();
    })();
  });
}
