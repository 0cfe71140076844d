import { describe, expect, it } from 'vitest';
import { secretQuestionChange, type SecretQuestionRules } from './secret-question';

const RULES: SecretQuestionRules = {
  customQuestion: false,
  questions: ['What was the name of your first boat?', 'Where were you born?'],
  answerPattern: /^[A-Za-z0-9 ]*$/,
};
const SAVED = { question: 'What was the name of your first boat?' };

describe('changing the secret question', () => {
  it('is no change while the question is the saved one and no answer is typed', () => {
    expect(secretQuestionChange({ question: '', answer: '' }, SAVED, RULES).changes).toBe(false);
    expect(
      secretQuestionChange({ question: SAVED.question, answer: ' ' }, SAVED, RULES).changes,
    ).toBe(false);
  });

  it('needs a new answer for a new question', () => {
    const change = secretQuestionChange(
      { question: 'Where were you born?', answer: '' },
      SAVED,
      RULES,
    );
    expect(change).toMatchObject({ changes: true, issues: ['answerRequired'] });
  });

  it('takes a new answer to the saved question', () => {
    expect(secretQuestionChange({ question: '', answer: 'Anchor' }, SAVED, RULES)).toEqual({
      changes: true,
      question: SAVED.question,
      answer: 'Anchor',
      issues: [],
    });
  });

  it('offers only the listed questions, or custom ones of allowed characters', () => {
    const typed = { question: 'My own question?', answer: 'Anchor' };
    expect(secretQuestionChange(typed, SAVED, RULES).issues).toEqual(['questionNotOffered']);
    const custom = { ...RULES, customQuestion: true, answerPattern: /^[A-Za-z0-9 ?]*$/ };
    expect(secretQuestionChange(typed, SAVED, custom).issues).toEqual([]);
    expect(
      secretQuestionChange({ question: 'Mine <b>?', answer: 'Anchor' }, SAVED, custom).issues,
    ).toEqual(['questionNotOffered']);
  });

  it('refuses an answer with characters outside the pattern', () => {
    expect(secretQuestionChange({ question: '', answer: 'Anchor!' }, SAVED, RULES).issues).toEqual([
      'answerInvalid',
    ]);
  });
});
