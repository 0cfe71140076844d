/**
 * Changing the secret question and answer on the profile (spec 002 section 5): the question is
 * one of the institution's (or a custom one that matches the allowed-characters pattern), and a
 * question that differs from the saved one needs a new answer. The portal's form and the
 * server's update judge a change by this.
 */
export interface SecretQuestionRules {
  /** registrationOptions.useCustomSecurityQuestionOption: the question is typed. */
  customQuestion: boolean;
  /** The questions offered (registrationRulesOf: the configured ones matching the pattern). */
  questions: readonly string[];
  /** securityQuestionOptions.secretAnswerAllowedCharactersPattern. */
  answerPattern: RegExp;
}

export type SecretQuestionIssue = 'questionNotOffered' | 'answerRequired' | 'answerInvalid';

export interface SecretQuestionChange {
  /** Whether the form asks for a change at all (a new question, or a new answer). */
  changes: boolean;
  /** The question to keep (trimmed; the saved one when none was typed). */
  question: string;
  answer: string;
  issues: SecretQuestionIssue[];
}

export function secretQuestionChange(
  typed: { question: string; answer: string },
  saved: { question: string },
  rules: SecretQuestionRules,
): SecretQuestionChange {
  const question = typed.question.trim() || saved.question;
  const answer = typed.answer.trim();
  const newQuestion = question !== saved.question;
  const changes = newQuestion || answer !== '';
  const issues: SecretQuestionIssue[] = [];
  if (!changes) return { changes, question, answer, issues };
  // A saved question stays acceptable with a new answer even if the list changed since.
  if (newQuestion) {
    const offered = rules.customQuestion
      ? rules.answerPattern.test(question)
      : rules.questions.includes(question);
    if (!offered) issues.push('questionNotOffered');
  }
  if (answer === '') issues.push('answerRequired');
  else if (!rules.answerPattern.test(answer)) issues.push('answerInvalid');
  return { changes, question, answer, issues };
}
