import { safeExternalUrl } from '../../../lib/external-link';

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
