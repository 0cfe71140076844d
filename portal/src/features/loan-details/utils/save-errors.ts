import type { SettingsAccessor } from '@portal/settings-schema';
import { ApiError } from '../../../lib/api-client';

/** The wording of each error code a loan page save can answer (spec 002 section 8). */
const WORDING = {
  CorrectErrors: 'loanDetailsTexts.correctErrorsText',
  NightError: 'loanDetailsTexts.nightErrorText',
  ZipCityNoMatch: 'loanDetailsTexts.zipCityNoMatchText',
  EStatementAgreementNeeded: 'profileErrorTexts.agreementErrorText',
  EmailRequired: 'eStatementTexts.emailPromptText',
} as const;

/**
 * What a failed save of the loan page says: the answer's errors in the settings' words (an
 * unknown code as the general save error), or the single 'Error' of a network failure.
 */
export function loanSaveErrors(failure: unknown, settings: SettingsAccessor): string[] {
  if (!(failure instanceof ApiError) || failure.status === 0 || failure.errors.length === 0) {
    return [settings.get('loanDetailsTexts.networkSaveErrorText')];
  }
  const texts = failure.errors.map((code) =>
    settings.get(
      code in WORDING ? WORDING[code as keyof typeof WORDING] : 'loanDetailsTexts.saveErrorText',
    ),
  );
  return [...new Set(texts)];
}

/**
 * What a list that failed to load says: the nightly processing text when the core is in its
 * night window, else the list's own error text (a read has no "saving" to speak of).
 */
export function loanLoadError(
  failure: unknown,
  settings: SettingsAccessor,
  errorKey: 'eStatementTexts.listErrorText',
): string {
  if (failure instanceof ApiError && failure.errors.includes('NightError')) {
    return settings.get('loanDetailsTexts.nightErrorText');
  }
  return settings.get(errorKey);
}
