import { registrationRulesOf } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';

/**
 * The permitted characters of secret answers and typed questions: the one rule the server applies
 * too (`registrationRulesOf` in domain; a pattern that does not compile falls back to the specs'
 * character set rather than locking users out).
 */
export function secretAnswerPattern(settings: SettingsAccessor): RegExp {
  return registrationRulesOf(settings).answerPattern;
}

/**
 * The questions offered (spec 000 section 2.5): domain's list, the one the server accepts (not
 * blank, matching the permitted-character pattern).
 */
export function offeredSecretQuestions(settings: SettingsAccessor): string[] {
  return registrationRulesOf(settings).questions;
}
