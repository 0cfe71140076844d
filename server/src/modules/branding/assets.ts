import { createHash } from 'node:crypto';
import { ASSET_FILE_TYPES, ASSET_KINDS, type AssetImageType } from '@portal/domain';
import { escapeHtml } from '../../lib/html';

export type AssetKind = (typeof ASSET_KINDS)[number];
export type ImageType = AssetImageType;

export function isAssetKind(value: string): value is AssetKind {
  return ASSET_KINDS.some((kind) => kind === value);
}

/** What each kind may be (the types are the domain's, which the admin's file picker offers). */
export const ASSET_RULES: Readonly<
  Record<AssetKind, { types: readonly ImageType[]; maxBytes: number }>
> = {
  logoFull: { types: ASSET_FILE_TYPES.logoFull, maxBytes: 512 * 1024 },
  logoIcon: { types: ASSET_FILE_TYPES.logoIcon, maxBytes: 256 * 1024 },
  footerImage: { types: ASSET_FILE_TYPES.footerImage, maxBytes: 1024 * 1024 },
  background: { types: ASSET_FILE_TYPES.background, maxBytes: 2 * 1024 * 1024 },
};

/** The largest upload any kind allows (the body limit of the upload route). */
export const MAX_ASSET_BYTES = Math.max(...Object.values(ASSET_RULES).map((rule) => rule.maxBytes));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Buffer, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

/** The type by the file's first bytes (never by its name or the browser's claim). */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  const head = bytes
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // XML declaration, comments and a doctype may come before the root element.
  const rest = head.replace(/^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '');
  if (/^<svg[\s>]/i.test(rest)) return 'svg';
  return undefined;
}

const EXTENSIONS: Readonly<Record<ImageType, string>> = {
  svg: 'svg',
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
};

/** Where an upload goes inside the institution's cdn folder. */
export function assetRelativePath(
  kind: AssetKind,
  type: ImageType,
  bytes: Buffer,
  fileName: string,
): string {
  // Content-addressed, never overwritten: an upload changes nothing live (the draft's setting
  // names the file, and publishing makes it live), an earlier version's file is still there when
  // that version is restored, and a replaced file is never served stale.
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  if (kind === 'logoFull' || kind === 'logoIcon') return `branding/logos/${kind}-${hash}.svg`;
  const base =
    fileName
      .replace(/\.[^.]*$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || kind;
  const folder = kind === 'footerImage' ? 'branding/footer' : 'branding/backgrounds';
  return `${folder}/${base}-${hash}.${EXTENSIONS[type]}`;
}

/** A plain logo for a new institution: its name in white, until a real logo is uploaded. */
export function placeholderLogoSvg(name: string, icon: boolean): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  const text = escapeHtml(icon ? initials : name);
  const width = icon ? 64 : Math.max(120, Math.min(480, name.length * 13 + 24));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64" role="img"><title>${escapeHtml(name)}</title><text x="${width / 2}" y="42" fill="#ffffff" font-family="Arial, Helvetica, sans-serif" font-size="${icon ? 28 : 22}" font-weight="700" text-anchor="middle">${text}</text></svg>\n`;
}
