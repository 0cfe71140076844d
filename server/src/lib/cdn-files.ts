import { readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';

/**
 * Uploaded branding is served as data, never as a page: an SVG or HTML file opened directly runs
 * no script, reaches no other page of the host and loads nothing from anywhere (the upload check
 * of SVGs refuses external addresses; this holds if some CSS trick ever passed it). Inline styles
 * and embedded rasters (`data:`) are what a logo may use.
 */
export const CDN_CONTENT_SECURITY_POLICY =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The folder under the cdn roots that holds an institution's files ('/cdn/harbor' → 'harbor'). */
export function cdnFolderName(cdnFolder: string): string {
  return cdnFolder.replace(/^\/+cdn\/+/, '').replace(/^\/+|\/+$/g, '');
}

/** The content types branding files may have; anything else is not served. */
export const BRANDING_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

export function brandingTypeOf(path: string): string | undefined {
  return BRANDING_TYPES[extname(path).toLowerCase()];
}

/**
 * One file of an institution's cdn folder, from the first root that has it; undefined when none
 * does, or when the path would climb out of the folder.
 */
export async function readCdnFile(
  roots: readonly string[],
  cdnFolder: string,
  path: string,
): Promise<Buffer | undefined> {
  const folder = cdnFolderName(cdnFolder);
  if (folder === '') return undefined;
  for (const root of roots) {
    const base = join(root, folder);
    const file = join(base, path);
    // Neither a folder name from the database nor a requested path may climb out.
    const inside = relative(base, file);
    if (inside === '' || inside.startsWith('..') || relative(root, file).startsWith('..')) continue;
    try {
      return await readFile(file);
    } catch {
      // not in this root
    }
  }
  return undefined;
}
