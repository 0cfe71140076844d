import type { SettingsAccessor } from '@portal/settings-schema';
import { ApiError } from '../../../lib/api-client';

/** The answer that means maintenance started: the user goes to the login page. */
export const MAINTENANCE_CODE = 'maintenanceModeEnabled';

export function isMaintenanceError(error: unknown): boolean {
  return error instanceof ApiError && error.code === MAINTENANCE_CODE;
}

/**
 * The message of a failed recovery call (spec 000 section 8): status 500 or above is Error500;
 * otherwise the first error message picks BadQuestion, Invalid, RecoveryFailed or
 * RecoveryMaxAttempts, and anything else is the generic Error.
 */
export function recoveryErrorMessage(error: unknown, settings: SettingsAccessor): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return settings.get('recoveryTexts.serverErrorText');
    switch (error.code) {
      case 'BadQuestion':
        return settings.get('recoveryTexts.badQuestionText');
      case 'Invalid':
        return settings.get('recoveryTexts.invalidText');
      case 'RecoveryFailed':
        return settings.get('recoveryTexts.recoveryFailedText');
      case 'RecoveryMaxAttempts':
        return settings.get('recoveryTexts.maxAttemptsText');
      default:
        break;
    }
  }
  return settings.get('recoveryTexts.errorText');
}
