import { adminPath } from '../api-client';

/**
 * `GET /admin-api/institutions/:slug/export?from=`: the server answers with the document as an
 * attachment (`<slug>-<from>.json`), so the download is a plain same-origin link.
 */
export function exportPath(slug: string, from: 'published' | 'draft' | number): string {
  const query = new URLSearchParams({ from: String(from) });
  return `${adminPath('institutions', slug, 'export')}?${query}`;
}
