import { safeExternalUrl } from '../../../lib/external-link';

/**
 * The address of an agreement from the setup string: an absolute http(s) address, or a path on
 * this server (`/cdn/harbor/agreements/terms.html`); anything else (javascript:, data:, `//host`)
 * gives undefined.
 */
export function agreementLinkUrl(value: string): string | undefined {
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
