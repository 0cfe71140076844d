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

/** A path on this server: one slash first, never `//host` or `/\\host` (another host). */
function isServerPath(text: string): boolean {
  return text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\');
}

/**
 * Whether `safeLinkUrl` gives an address for the value, decided without the page's origin: the
 * same answer on the server, which renders the first paint without a `window`, as in the
 * browser (a render that read `safeLinkUrl` itself differed there, and hydration failed).
 */
export function isSafeLinkValue(value: string): boolean {
  const text = value.trim();
  if (isServerPath(text)) {
    try {
      new URL(text, 'http://origin.invalid');
      return true;
    } catch {
      return false;
    }
  }
  return safeExternalUrl(text) !== undefined;
}

/**
 * An address from settings that the portal may link or send the browser to: an absolute http(s)
 * address, or a path on this server (`/demo/idp`, `/cdn/harbor/agreements/terms.html`) resolved
 * against the portal's origin. Anything else (javascript:, data:, protocol-relative `//host`)
 * gives undefined.
 */
export function safeLinkUrl(value: string): string | undefined {
  const text = value.trim();
  if (isServerPath(text)) {
    try {
      return new URL(text, window.location.origin).toString();
    } catch {
      return undefined;
    }
  }
  return safeExternalUrl(text);
}
