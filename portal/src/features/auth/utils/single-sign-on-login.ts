import type { SettingsAccessor } from '@portal/settings-schema';
import { isSafeLinkValue, safeLinkUrl } from '../../../lib/external-link';

/** Why the portal sends the user to the single sign-on login (spec 000 section 4). */
export type SingleSignOnReturnReason = 'notLoggedIn' | 'error' | 'userCancelled';

/**
 * The single sign-on login address with the optional code and the reason as query parameters
 * (`code`, `reason`; the specs leave their names open). Undefined when no valid http(s) address or server path
 * is configured, which the screens show as 'No SSO URL defined!'.
 */
export function singleSignOnLoginUrl(
  settings: SettingsAccessor,
  reason?: SingleSignOnReturnReason,
): string | undefined {
  const address = safeLinkUrl(settings.get('ssoOptions.ssoLoginURLOption'));
  if (!address) return undefined;
  const url = new URL(address);
  const code = settings.get('ssoOptions.ssoLoginCode').trim();
  if (code) url.searchParams.set('code', code);
  if (reason) url.searchParams.set('reason', reason);
  return url.toString();
}

/**
 * Whether a single sign-on login address is configured (what `singleSignOnLoginUrl` gives one
 * for), the same on the server's first paint as in the browser: what a render decides by.
 */
export function hasSingleSignOnLoginUrl(settings: SettingsAccessor): boolean {
  return isSafeLinkValue(settings.get('ssoOptions.ssoLoginURLOption'));
}

/** Leaves the portal for the single sign-on login; false when there is no address to go to. */
export function leaveForSingleSignOn(
  settings: SettingsAccessor,
  reason?: SingleSignOnReturnReason,
): boolean {
  const url = singleSignOnLoginUrl(settings, reason);
  if (!url) return false;
  // `window.open` with `_self` navigates this tab like `location.assign`.
  window.open(url, '_self');
  return true;
}
