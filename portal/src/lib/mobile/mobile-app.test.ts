import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeMobileBridge, MOBILE_APP_USER_AGENT } from '../../testing/fake-mobile-bridge';
import { isMobileApp, mobileApiVersion, mobilePlatform } from './mobile-app';
import {
  appStoreUrl,
  BIOMETRIC_CHECK_DELAY_MS,
  getAppVersion,
  isBiometricCapable,
} from './mobile-bridge';
import { mobileCapabilities } from './mobile-capabilities';

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 gacmobile/2';

describe('mobile app detection', () => {
  it('recognises the wrapper by the agent text gacmobile with API version 2', () => {
    expect(mobileApiVersion(MOBILE_APP_USER_AGENT)).toBe(2);
    expect(isMobileApp(MOBILE_APP_USER_AGENT)).toBe(true);
    expect(isMobileApp(IPHONE_APP)).toBe(true);
    expect(isMobileApp(`${DESKTOP} gacmobile/3`)).toBe(true);
  });

  it('does not treat a browser, or a wrapper older than API version 2, as the app', () => {
    expect(isMobileApp(DESKTOP)).toBe(false);
    expect(isMobileApp(`${DESKTOP} gacmobile/1`)).toBe(false);
    expect(isMobileApp(`${DESKTOP} gacmobile`)).toBe(false);
  });

  it('tells the platform apart for the store link', () => {
    expect(mobilePlatform(MOBILE_APP_USER_AGENT)).toBe('android');
    expect(mobilePlatform(IPHONE_APP)).toBe('ios');
  });

  it('has no Print button and no drag-and-drop zone in the app only', () => {
    expect(mobileCapabilities(MOBILE_APP_USER_AGENT)).toEqual({
      canPrint: false,
      canDragAndDrop: false,
    });
    expect(mobileCapabilities(DESKTOP)).toEqual({ canPrint: true, canDragAndDrop: true });
  });
});

describe('store links', () => {
  const ids = { android: 'com.harbor.bank', ios: 'id123456789' };

  it('opens the platform store page from the configured identifiers', () => {
    expect(appStoreUrl(ids, 'android')).toBe(
      'https://play.google.com/store/apps/details?id=com.harbor.bank',
    );
    expect(appStoreUrl(ids, 'ios')).toBe('https://apps.apple.com/app/id123456789');
  });

  it('has no link without an identifier for the platform', () => {
    expect(appStoreUrl({ android: '', ios: '' }, 'android')).toBeUndefined();
    expect(appStoreUrl({ android: 'x', ios: ' ' }, 'ios')).toBeUndefined();
  });
});

describe('the bridge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 50 ms before reading the biometric capability', async () => {
    vi.useFakeTimers();
    const bridge = installFakeMobileBridge({ biometricCapable: true });
    const answer = isBiometricCapable();
    await vi.advanceTimersByTimeAsync(BIOMETRIC_CHECK_DELAY_MS - 1);
    expect(bridge.calls.map((call) => call.method)).not.toContain('isBiometricCapable');
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe(true);
    expect(BIOMETRIC_CHECK_DELAY_MS).toBe(50);
  });

  it('counts a missing bridge or a failing method as unknown', async () => {
    expect(await getAppVersion()).toBeNull();
    const bridge = installFakeMobileBridge();
    bridge.getAppVersion = () => {
      throw new Error('native failure');
    };
    expect(await getAppVersion()).toBeNull();
  });
});
