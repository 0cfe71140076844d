import { ASSET_SETTING_KEYS } from '@portal/domain';

/**
 * Where the admin app reads a branding file: the server serves `/cdn/<folder>/…` only on the
 * institution's own hosts, so a file of the cdn folder is read through the admin API; any other
 * address (an https image) is shown as it is.
 */
export function brandingFileUrl(slug: string, cdnFolder: string, path: string): string {
  const prefix = `${cdnFolder.replace(/\/+$/, '')}/branding/`;
  return path.startsWith(prefix)
    ? `/admin-api/institutions/${encodeURIComponent(slug)}/branding/${path.slice(prefix.length)}`
    : path;
}

const LOGO_KEYS: ReadonlySet<string> = new Set([
  ASSET_SETTING_KEYS.logoFull,
  ASSET_SETTING_KEYS.logoIcon,
]);

/**
 * The image a logo setting's value names, for review and history (undefined for any other key
 * or an empty value): a logo setting holds its file inside the cdn folder.
 */
export function logoImageOf(
  institution: { slug: string; cdnFolder: string },
  key: string,
  value: string,
): string | undefined {
  if (!LOGO_KEYS.has(key) || value.trim() === '') return undefined;
  const address = `${institution.cdnFolder.replace(/\/+$/, '')}/${value.trim()}`;
  return brandingFileUrl(institution.slug, institution.cdnFolder, address);
}
