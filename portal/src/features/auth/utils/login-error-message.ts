import { ENVELOPE_CODES } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { ApiError } from '../../../lib/api-client';

export interface LoginErrorNotice {
  text: string;
  /** Offline for maintenance: the sign-in form is hidden (spec 000 section 2.4). */
  offline: boolean;
}

/**
 * The message for a failed sign-in (spec 000 section 8), by the first error of a 403 answer; any
 * other failure means the service is down, shown as offline for maintenance with the form hidden.
 */
export function loginErrorNotice(error: unknown, settings: SettingsAccessor): LoginErrorNotice {
  const offline = { text: settings.get('loginTexts.offlineForMaintenanceText'), offline: true };
  if (!(error instanceof ApiError)) return offline;
  if (error.status === 429 || error.code === ENVELOPE_CODES.tooManyRequests) {
    return { text: settings.get('loginTexts.tooManyRequestsText'), offline: false };
  }
  if (error.status !== 403) return offline;
  const shown = (text: string) => ({ text, offline: false });
  switch (error.code) {
    case 'LockedOnBadPassword':
    case 'MaxAttemptsReached':
      return shown(settings.get('loginTexts.maxLoginAttemptsText'));
    case 'Invalid':
      return shown(settings.get('loginTexts.invalidCredentialsText'));
    case 'LogonNotAllowed':
    case 'Restricted':
      return shown(settings.get('loginTexts.credentialValidationErrorText'));
    case 'maintenanceModeEnabled':
    case 'ServerError':
      return offline;
    case 'MFANoEmail':
      return shown(settings.get('loginTexts.mfaNoEmailText'));
    case 'SignInCheckRequired':
      // Asked for and solved once already (useUserLogin), yet refused: expired or unsolvable.
      return shown(settings.get('loginTexts.signInCheckFailedText'));
    default:
      return shown(settings.get('loginTexts.notAuthorizedBannerText'));
  }
}
