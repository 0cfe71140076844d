import Button from '@mui/material/Button';
import type { LoginResponse } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import type { DialogStack } from '../../../components/dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { ApiError } from '../../../lib/api-client';
import {
  appStoreUrl,
  clearBiometricToken,
  getAppVersion,
  getBiometricOptIn,
  getBiometricToken,
  getDeviceId,
  isBiometricCapable,
  openStore,
  setBiometricOptIn,
  storeBiometricToken,
} from '../../../lib/mobile/mobile-bridge';

function UpdateAppDialog({ settings }: { settings: SettingsAccessor }) {
  const storeUrl = appStoreUrl({
    android: settings.get('mobileAppOptions.androidAppStoreId'),
    ios: settings.get('mobileAppOptions.iosAppStoreId'),
  });
  return (
    <PortalDialog
      title={settings.get('mobileAppTexts.updateAppText')}
      width={DIALOG_WIDTH.narrow}
      actions={
        <Button
          variant="contained"
          disabled={!storeUrl}
          onClick={() => {
            if (storeUrl) void openStore(storeUrl);
          }}
        >
          {settings.get('mobileAppTexts.updateNowButtonText')}
        </Button>
      }
    />
  );
}

/**
 * The app must say its version; an app that cannot is too old for this portal and gets the
 * non-closable update modal (spec 000 section 2.4). False while the app needs the update.
 */
export async function ensureAppIsCurrent(
  dialogs: DialogStack,
  settings: SettingsAccessor,
): Promise<boolean> {
  if (await getAppVersion()) return true;
  // The app's own notice, about no page: it stays whatever route the app is on.
  dialogs.open(() => <UpdateAppDialog settings={settings} />, { dismissible: false, scope: 'app' });
  return false;
}

export interface BiometricSignIn {
  /** Set when the user opted in on a capable device: sent as deviceId / DeviceID. */
  deviceId: string | null;
  /** The stored token after the device's biometric prompt, for token sign-in. */
  token: string | null;
}

const NO_BIOMETRICS: BiometricSignIn = { deviceId: null, token: null };

/**
 * Biometric sign-in (spec 000 section 2.4): on a capable device, a user who never answered is
 * asked to opt in (a "no" is remembered, so the question does not come back at every start; the
 * profile can change it); an opted-in user with a stored token signs in with it.
 */
export async function prepareBiometricSignIn(
  dialogs: DialogStack,
  settings: SettingsAccessor,
): Promise<BiometricSignIn> {
  if (!settings.get('mobileAppOptions.allowBiometricSignInOption')) return NO_BIOMETRICS;
  if (!(await isBiometricCapable())) return NO_BIOMETRICS;
  const deviceId = await getDeviceId();
  if (!deviceId) return NO_BIOMETRICS;
  let optedIn = await getBiometricOptIn();
  if (optedIn === null) {
    const answer = await dialogs.open<boolean>((close) => (
      <ConfirmDialog
        title={settings.get('mobileAppTexts.enableBiometricsPromptText')}
        width={DIALOG_WIDTH.narrow}
        onAnswer={close}
      />
    )).result;
    optedIn = answer === true;
    await setBiometricOptIn(optedIn);
  }
  if (!optedIn) return NO_BIOMETRICS;
  return { deviceId, token: await getBiometricToken() };
}

/** Keeps the biometric token a sign-in with a device id issued, for the next biometric sign-in. */
export async function keepBiometricToken(response: LoginResponse): Promise<void> {
  if (response.BiometricsToken) {
    await storeBiometricToken(response.BiometricsToken, response.BiometricsTokenExpiration);
  }
}

/** A token the server refused will not work next time either. */
export async function forgetRefusedBiometricToken(error: unknown): Promise<void> {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    await clearBiometricToken();
  }
}
