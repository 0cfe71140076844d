/** The URL if it is an absolute http(s) address, else undefined (no javascript: or data: links). */
export function safeExternalUrl(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Opens an external address in a new tab that cannot reach back into the portal. */
export function openInNewTab(value: string): void {
  const url = safeExternalUrl(value);
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * An address from settings that the portal may link or send the browser to: an absolute http(s)
 * address, or a path on this server (`/demo/idp`, `/cdn/harbor/agreements/terms.html`) resolved
 * against the portal's origin. Anything else (javascript:, data:, protocol-relative `//host`)
 * gives undefined.
 */
export function safeLinkUrl(value: string): string | undefined {
  const text = value.trim();
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) {
    try {
      return new URL(text, window.location.origin).toString();
    } catch {
      return undefined;
    }
  }
  return safeExternalUrl(text);
}
