/**
 * The mobile app wrapper (spec 000 section 1): the portal runs inside a web view of the
 * institution's app, which adds `gacmobile/<API version>` to the user agent, for example
 * `Mozilla/5.0 (Linux; Android 14) ... gacmobile/2`. The behaviour of this portal needs API
 * version 2 or later (the JavaScript bridge of `mobile-bridge.ts`).
 */
export const MOBILE_AGENT_TEXT = 'gacmobile';
export const MOBILE_API_VERSION = 2;

const AGENT = /gacmobile[\s/:=_-]*(?:api[\s_-]?version[\s/:=_-]*)?v?(\d+)/i;

/** The API version the wrapper announces, or undefined outside the app (or without a version). */
export function mobileApiVersion(userAgent: string): number | undefined {
  const version = AGENT.exec(userAgent)?.[1];
  return version === undefined ? undefined : Number(version);
}

function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** True inside the mobile app wrapper: agent text gacmobile with API version 2 (or later). */
export function isMobileApp(userAgent: string = currentUserAgent()): boolean {
  const version = mobileApiVersion(userAgent);
  return version !== undefined && version >= MOBILE_API_VERSION;
}

/**
 * Whether the portal runs in the mobile app, for screens that behave differently there: no Print
 * button, no drag-and-drop zone (spec 000 section 1). The user agent does not change while the
 * page lives, so this needs no state.
 */
export function useIsMobileApp(): boolean {
  return isMobileApp();
}

export type MobilePlatform = 'android' | 'ios';

/** The app's platform from the user agent; Android unless it names an Apple device. */
export function mobilePlatform(userAgent: string = currentUserAgent()): MobilePlatform {
  return /iphone|ipad|ipod|ios|macintosh/i.test(userAgent) && !/android/i.test(userAgent)
    ? 'ios'
    : 'android';
}
