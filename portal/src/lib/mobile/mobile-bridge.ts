import { mobilePlatform, type MobilePlatform } from './mobile-app';

type MaybePromise<T> = T | Promise<T>;

/**
 * The JavaScript bridge the mobile app injects into its web view as `window.PortalMobileBridge`
 * before the portal loads. Every method may answer directly or with a promise (Android's
 * `addJavascriptInterface` answers directly, an iOS `WKScriptMessageHandlerWithReply` with a
 * promise). The portal never assumes a method exists: an app without the bridge, or whose method
 * throws, counts as "not known" / "not capable".
 */
export interface PortalMobileBridge {
  /** The app's version, e.g. `'4.2.0'`; null or empty when unknown (the app must be updated). */
  getAppVersion(): MaybePromise<string | null>;
  /** A stable id of this installation, sent as `deviceId` / `DeviceID` with biometric sign-in. */
  getDeviceId(): MaybePromise<string | null>;
  /** Whether the device can use biometrics now (sensor present and enrolled). */
  isBiometricCapable(): MaybePromise<boolean>;
  /** The user's biometric sign-in choice on this device: true, false, or null when never asked. */
  getBiometricOptIn(): MaybePromise<boolean | null>;
  setBiometricOptIn(optedIn: boolean): MaybePromise<void>;
  /**
   * Shows the device's biometric prompt and, when the user passes it, answers the stored sign-in
   * token; null when there is none or the user cancelled.
   */
  getBiometricToken(): MaybePromise<string | null>;
  /** Keeps the token in the device's secure storage with its expiry (ISO date-time or null). */
  storeBiometricToken(token: string, expiresAt: string | null): MaybePromise<void>;
  /** Forgets the stored token (it was refused). */
  clearBiometricToken(): MaybePromise<void>;
  /** Asks the platform for an in-app store review; the platform decides whether it shows. */
  requestReview(): MaybePromise<void>;
  /** Opens a store page in the platform's store app. */
  openStore(url: string): MaybePromise<void>;
}

declare global {
  interface Window {
    PortalMobileBridge?: Partial<PortalMobileBridge>;
  }
}

/** How long the capability check waits before reading the device (spec 000 section 9). */
export const BIOMETRIC_CHECK_DELAY_MS = 50;

function bridge(): Partial<PortalMobileBridge> | undefined {
  return typeof window === 'undefined' ? undefined : window.PortalMobileBridge;
}

/** Calls the bridge; no bridge, a missing method or one that throws gives undefined. */
async function ask(call: (bridge: Partial<PortalMobileBridge>) => unknown): Promise<unknown> {
  const native = bridge();
  if (!native) return undefined;
  try {
    return await call(native);
  } catch {
    return undefined;
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The app version, or null when the app cannot tell (no bridge, or an old app). */
export async function getAppVersion(): Promise<string | null> {
  return text(await ask((native) => native.getAppVersion?.()));
}

export async function getDeviceId(): Promise<string | null> {
  return text(await ask((native) => native.getDeviceId?.()));
}

/** Reads the biometric capability after the 50 ms the native side needs to settle. */
export async function isBiometricCapable(): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, BIOMETRIC_CHECK_DELAY_MS));
  return (await ask((native) => native.isBiometricCapable?.())) === true;
}

export async function getBiometricOptIn(): Promise<boolean | null> {
  const choice = await ask((native) => native.getBiometricOptIn?.());
  return typeof choice === 'boolean' ? choice : null;
}

export async function setBiometricOptIn(optedIn: boolean): Promise<void> {
  await ask((native) => native.setBiometricOptIn?.(optedIn));
}

export async function getBiometricToken(): Promise<string | null> {
  return text(await ask((native) => native.getBiometricToken?.()));
}

export async function storeBiometricToken(token: string, expiresAt: string | null): Promise<void> {
  await ask((native) => native.storeBiometricToken?.(token, expiresAt));
}

export async function clearBiometricToken(): Promise<void> {
  await ask((native) => native.clearBiometricToken?.());
}

export async function requestReview(): Promise<void> {
  await ask((native) => native.requestReview?.());
}

/** The store page of the institution's app for the platform, from the configured identifiers. */
export function appStoreUrl(
  ids: { android: string; ios: string },
  platform: MobilePlatform = mobilePlatform(),
): string | undefined {
  if (platform === 'ios') {
    const id = ids.ios.trim().replace(/^id/i, '');
    return id ? `https://apps.apple.com/app/id${encodeURIComponent(id)}` : undefined;
  }
  const id = ids.android.trim();
  return id ? `https://play.google.com/store/apps/details?id=${encodeURIComponent(id)}` : undefined;
}

/** Opens the store page through the bridge, or in a new window where the app has no bridge. */
export async function openStore(url: string): Promise<void> {
  if (typeof bridge()?.openStore === 'function') {
    await ask((native) => native.openStore?.(url));
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
