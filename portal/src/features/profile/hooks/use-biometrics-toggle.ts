import { useEffect, useState } from 'react';
import { isMobileApp } from '../../../lib/mobile/mobile-app';
import { isBiometricCapable } from '../../../lib/mobile/mobile-bridge';
import { useSettings } from '../../../lib/settings/settings-context';

/**
 * Whether the profile offers the biometrics toggle (spec 002 section 6): only inside the mobile
 * app, on a device that can use biometrics, and where the institution offers biometric sign-in.
 */
export function useBiometricsOffered(): boolean {
  const settings = useSettings();
  const allowed = settings.get('mobileAppOptions.allowBiometricSignInOption') && isMobileApp();
  const [capable, setCapable] = useState(false);
  useEffect(() => {
    if (!allowed) return undefined;
    let active = true;
    void isBiometricCapable().then(
      (answer) => {
        if (active) setCapable(answer);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [allowed]);
  return allowed && capable;
}
