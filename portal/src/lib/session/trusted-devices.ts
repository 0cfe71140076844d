import { z } from 'zod';

/**
 * Trusted-device tokens, user name → token, kept in localStorage as the specs say (spec 000
 * section 3). They only let a device skip the security code; the server stores them hashed and
 * they never sign anyone in by themselves.
 */
export const TRUSTED_DEVICES_STORAGE_KEY = 'portal.trustedDeviceTokens';

const TrustedDeviceTokens = z.record(z.string(), z.string());

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off (private mode, policy): the device is simply never trusted.
    return undefined;
  }
}

function readAll(): Record<string, string> {
  const text = storage()?.getItem(TRUSTED_DEVICES_STORAGE_KEY);
  if (!text) return {};
  try {
    const parsed = TrustedDeviceTokens.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * The tokens to send with a sign-in: only the entry of the user signing in (user names compared
 * without case), so one person's token is never sent with another person's sign-in.
 */
export function trustedDeviceTokensFor(username: string): Record<string, string> | undefined {
  const wanted = username.trim().toLowerCase();
  const entries = Object.entries(readAll()).filter(([name]) => name.toLowerCase() === wanted);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Keeps the token the security code step returned for this user. */
export function rememberTrustedDevice(username: string, token: string): void {
  if (!username || !token) return;
  const others = Object.entries(readAll()).filter(
    ([name]) => name.toLowerCase() !== username.toLowerCase(),
  );
  const tokens = { ...Object.fromEntries(others), [username]: token };
  try {
    storage()?.setItem(TRUSTED_DEVICES_STORAGE_KEY, JSON.stringify(tokens));
  } catch {
    // A full or blocked storage only means the code is asked again next time.
  }
}
