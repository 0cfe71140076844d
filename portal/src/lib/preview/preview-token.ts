/**
 * The admin preview's token, from the page address (`/?previewToken=...#/route`). It stays in the
 * address, so reloading the frame keeps the preview; it is never stored.
 */
export function previewTokenFrom(search: string): string | undefined {
  const token = new URLSearchParams(search).get('previewToken');
  return token && token.length <= 200 ? token : undefined;
}

/** The current page's preview token, or undefined for every normal (borrower) page. */
export function currentPreviewToken(): string | undefined {
  return typeof window === 'undefined' ? undefined : previewTokenFrom(window.location.search);
}
