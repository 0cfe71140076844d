import type { SettingsAccessor } from '@portal/settings-schema';
import { ApiError } from '../../../lib/api-client';

/** The message for a failed sign-in (spec 000 section 8): by the first error of a 403, else offline. */
export function loginErrorMessage(error: unknown, settings: SettingsAccessor): string {
  if (!(error instanceof ApiError) || error.status !== 403) {
    return settings.get('loginTexts.offlineForMaintenanceText');
  }
  switch (error.code) {
    case 'LockedOnBadPassword':
    case 'MaxAttemptsReached':
      return settings.get('loginTexts.maxLoginAttemptsText');
    case 'Invalid':
      return settings.get('loginTexts.invalidCredentialsText');
    case 'LogonNotAllowed':
    case 'Restricted':
      return settings.get('loginTexts.credentialValidationErrorText');
    case 'maintenanceModeEnabled':
    case 'ServerError':
      return settings.get('loginTexts.offlineForMaintenanceText');
    case 'MFANoEmail':
      return settings.get('loginTexts.mfaNoEmailText');
    default:
      return settings.get('loginTexts.notAuthorizedBannerText');
  }
}
