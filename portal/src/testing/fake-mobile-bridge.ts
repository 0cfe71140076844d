import { onTestFinished, vi } from 'vitest';
import type { PortalMobileBridge } from '../lib/mobile/mobile-bridge';

/** The user agent of the mobile app wrapper at API version 2. */
export const MOBILE_APP_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 gacmobile/2';

export interface FakeMobileBridgeOptions {
  /** Null: an app too old to say its version. */
  appVersion?: string | null;
  deviceId?: string | null;
  biometricCapable?: boolean;
  /** The user's biometric choice on the device; null when never asked. */
  biometricOptIn?: boolean | null;
  /** The stored biometric token; null when there is none. */
  biometricToken?: string | null;
  userAgent?: string;
}

/** A stand-in for the native side of `window.PortalMobileBridge`, recording what it was asked. */
export interface FakeMobileBridge extends PortalMobileBridge {
  /** Method names in call order, with their arguments. */
  readonly calls: { method: keyof PortalMobileBridge; args: unknown[] }[];
  readonly state: {
    biometricOptIn: boolean | null;
    biometricToken: string | null;
    biometricTokenExpiresAt: string | null;
  };
}

/**
 * Runs the test inside the mobile app: the wrapper's user agent and a fake bridge with the given
 * device state. Only for tests; both are removed when the test finishes.
 */
export function installFakeMobileBridge(options: FakeMobileBridgeOptions = {}): FakeMobileBridge {
  const calls: FakeMobileBridge['calls'] = [];
  const state: FakeMobileBridge['state'] = {
    biometricOptIn: options.biometricOptIn ?? null,
    biometricToken: options.biometricToken ?? null,
    biometricTokenExpiresAt: null,
  };
  const record = (method: keyof PortalMobileBridge, ...args: unknown[]) => {
    calls.push({ method, args });
  };
  const bridge: FakeMobileBridge = {
    calls,
    state,
    getAppVersion() {
      record('getAppVersion');
      return options.appVersion === undefined ? '4.2.0' : options.appVersion;
    },
    getDeviceId() {
      record('getDeviceId');
      return options.deviceId === undefined ? 'device-1' : options.deviceId;
    },
    isBiometricCapable() {
      record('isBiometricCapable');
      return options.biometricCapable ?? true;
    },
    async getBiometricOptIn() {
      record('getBiometricOptIn');
      return state.biometricOptIn;
    },
    setBiometricOptIn(optedIn) {
      record('setBiometricOptIn', optedIn);
      state.biometricOptIn = optedIn;
    },
    async getBiometricToken() {
      record('getBiometricToken');
      return state.biometricToken;
    },
    storeBiometricToken(token, expiresAt) {
      record('storeBiometricToken', token, expiresAt);
      state.biometricToken = token;
      state.biometricTokenExpiresAt = expiresAt;
    },
    clearBiometricToken() {
      record('clearBiometricToken');
      state.biometricToken = null;
    },
    requestReview() {
      record('requestReview');
    },
    openStore(url) {
      record('openStore', url);
    },
  };
  const userAgent = vi
    .spyOn(window.navigator, 'userAgent', 'get')
    .mockReturnValue(options.userAgent ?? MOBILE_APP_USER_AGENT);
  window.PortalMobileBridge = bridge;
  onTestFinished(() => {
    delete window.PortalMobileBridge;
    userAgent.mockRestore();
  });
  return bridge;
}
