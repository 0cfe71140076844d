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

/** The configured questions that match the permitted-character pattern (spec 000 section 2.5). */
export function offeredSecretQuestions(settings: SettingsAccessor): string[] {
  const pattern = secretAnswerPattern(settings);
  const list: unknown = settings.get('securityQuestionOptions.secretQuestionList');
  if (!Array.isArray(list)) return [];
  return list.filter(
    (question): question is string =>
      typeof question === 'string' && question.trim() !== '' && pattern.test(question),
  );
}
