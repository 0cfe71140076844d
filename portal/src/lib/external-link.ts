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
