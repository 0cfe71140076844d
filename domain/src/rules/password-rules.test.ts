import { describe, expect, it } from 'vitest';
import {
  credentialMaximumLength,
  displayedPasswordRules,
  evaluatePasswordRules,
  isEmailCandidate,
  normaliseSsnCandidate,
  passwordProblems,
  type PasswordLimits,
  type PasswordValidationRule,
} from './password-rules';

const rule = (
  type: number,
  regex: string | null = null,
  matchMeansError = false,
): PasswordValidationRule => ({
  ValidationRuleType: type,
  ValidationRegex: regex,
  RegexMatchMeansError: matchMeansError,
});
const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((type) => rule(type));

function failed(password: string, context = {}, rules = ALL, minimum = 8) {
  return evaluatePasswordRules(password, rules, minimum, context)
    .filter((outcome) => outcome.passed === false)
    .map((outcome) => outcome.errorKey);
}

describe('password rules', () => {
  it('passes a password that meets every rule', () => {
    expect(
      failed('Harbor!2024x', {
        logon: 'jordan.rivers',
        ssn: '123-45-6789',
        email: 'j@x.test',
        previousPasswordMatches: false,
      }),
    ).toEqual([]);
  });

  it('reports each missing character class', () => {
    expect(failed('harbor!!2024')).toEqual(['missingCapitalLetter']);
    expect(failed('HARBOR!!2024')).toEqual(['missingLowercaseLetter']);
    expect(failed('!#!#2024#')).toEqual([
      'missingCapitalLetter',
      'missingLowercaseLetter',
      'missingLetter',
    ]);
    expect(failed('Harbor!!Bay')).toEqual(['missingNumber']);
    expect(failed('Harbor2024x')).toEqual(['missingSpecialCharacter']);
  });

  it('checks the minimum length', () => {
    expect(failed('Ab1!', {}, ALL, 8)).toContain('doesNotMeetMinimumLength');
    expect(failed('Ab1!efgh', {}, ALL, 8)).not.toContain('doesNotMeetMinimumLength');
  });

  it('rejects three or more consecutive identical characters', () => {
    expect(failed('Harbor!!!2024')).toEqual(['containsThreeOrMoreConsecutiveIdenticalCharacters']);
    expect(failed('Harbor!!2024')).toEqual([]);
  });

  it('rejects a password that is a portion of the logon or contains it, ignoring case', () => {
    expect(failed('Rivers!1', { logon: 'jordan.RIVERS!1x' })).toContain('equalsPortionOfLogon');
    expect(failed('xJordan.Rivers!1', { logon: 'jordan.rivers' })).toContain('containsLogon');
  });

  it('leaves the SSN, e-mail and reuse rules undecided without the server facts', () => {
    const outcomes = evaluatePasswordRules('Harbor!2024x', ALL, 8, {});
    expect(
      outcomes.filter((outcome) => outcome.passed === undefined).map((outcome) => outcome.errorKey),
    ).toEqual(['matchesSSN', 'matchesEmail', 'passwordReused']);
  });

  it('decides them with the facts', () => {
    expect(failed('Ab!123456789', { ssn: '123-45-6789' })).toContain('matchesSSN');
    expect(failed('J@X.test1', { email: 'j@x.test1' })).toContain('matchesEmail');
    expect(failed('Harbor!2024x', { previousPasswordMatches: true })).toEqual(['passwordReused']);
  });

  it('uses an institution regex and its match-means-error flag', () => {
    const noSpaces = rule(4, '\\s', true);
    expect(failed('has space1A', {}, [noSpaces])).toEqual(['missingSpecialCharacter']);
    expect(failed('nospace1A', {}, [noSpaces])).toEqual([]);
  });

  it('ignores a broken institution regex rather than locking everyone out', () => {
    expect(failed('anything', {}, [rule(0, '([')])).toEqual([]);
  });

  it('lists minimum length only above zero and "a letter" only without capital or lowercase rules', () => {
    const shown = (rules: PasswordValidationRule[], minimum: number) =>
      displayedPasswordRules(rules, minimum).map((r) => r.ValidationRuleType);
    expect(shown([rule(6), rule(2), rule(0)], 0)).toEqual([0]);
    expect(shown([rule(6), rule(2), rule(3)], 8)).toEqual([6, 2, 3]);
  });

  it('allows 128 characters with customer credentials, else 12', () => {
    expect(credentialMaximumLength(true)).toBe(128);
    expect(credentialMaximumLength(false)).toBe(12);
  });

  it('recognises SSN and e-mail candidates', () => {
    expect(normaliseSsnCandidate('123-45-6789')).toBe('123456789');
    expect(normaliseSsnCandidate('12345678')).toBeUndefined();
    expect(isEmailCandidate('a@b')).toBe(true);
    expect(isEmailCandidate('@b')).toBe(false);
    expect(isEmailCandidate('a@')).toBe(false);
  });
});

describe('password problems (the one rule of the portal field and the server)', () => {
  const limits = (rules: PasswordValidationRule[] = [], minimumLength = 8): PasswordLimits => ({
    minimumLength,
    maximumLength: 128,
    rules,
  });
  const jordan = { logon: 'jordan.rivers', ssn: '123-45-6789', email: 'jordan@harbor.test' };

  it('accepts a password that meets the built-in checks and every listed rule', () => {
    expect(passwordProblems('Harbor!2024x', limits(), jordan)).toEqual([]);
    expect(passwordProblems('Harbor!2024x', limits(ALL), jordan)).toEqual([]);
  });

  it('reports only "required" for an empty password', () => {
    expect(passwordProblems('', limits(ALL), jordan)).toEqual(['required']);
  });

  it('applies the built-in checks without a rule list', () => {
    expect(passwordProblems('Ab1', limits())).toEqual(['tooShort']);
    expect(passwordProblems('harborbay', limits())).toEqual(['needsLetterNumber']);
    expect(passwordProblems('12345678', limits())).toEqual(['needsLetterNumber']);
    expect(passwordProblems('xJordan.Rivers1', limits(), jordan)).toEqual(['sameAsLogin']);
    expect(passwordProblems('a123-45-6789', limits(), jordan)).toEqual(['sameAsSsn']);
    expect(passwordProblems('a1'.repeat(65), limits())).toEqual(['tooLong']);
  });

  it('applies the built-in checks with a rule list too (spec 000 section 5)', () => {
    const capitalAndSpecial = limits([rule(0), rule(4)]);
    // Both pass the listed rules; the server always refused them, so the portal must too.
    expect(passwordProblems('ABCDEFGH!!', capitalAndSpecial, jordan)).toEqual([
      'needsLetterNumber',
    ]);
    expect(passwordProblems('Jordan.rivers1!', capitalAndSpecial, jordan)).toEqual(['sameAsLogin']);
    expect(passwordProblems('Ab1!', capitalAndSpecial, jordan)).toEqual(['tooShort']);
  });

  it('adds the listed rules on top of the built-in checks, in a stable order', () => {
    expect(passwordProblems('harbor', limits([rule(0), rule(4), rule(6)]))).toEqual([
      'tooShort',
      'needsLetterNumber',
      'missingCapitalLetter',
      'missingSpecialCharacter',
      'doesNotMeetMinimumLength',
    ]);
  });

  it('reports nothing a left-out fact would decide', () => {
    // No logon, SSN, e-mail or history known: only what the password alone shows.
    expect(passwordProblems('jordanrivers1', limits(ALL))).toEqual([
      'missingCapitalLetter',
      'missingSpecialCharacter',
    ]);
    expect(passwordProblems('Jordan@harbor.test1', limits([rule(7)]), jordan)).toEqual([]);
    expect(
      passwordProblems('jordan@harbor.test', limits([rule(7)]), { email: jordan.email }),
    ).toEqual(['needsLetterNumber', 'matchesEmail']);
  });

  it('decides the SSN, e-mail and history rules from the facts the server has', () => {
    expect(passwordProblems('Ab!123456789', limits([rule(5)]), jordan)).toEqual([
      'sameAsSsn',
      'matchesSSN',
    ]);
    expect(passwordProblems('Harbor!2024x', limits([rule(11)]), { isPrevious: true })).toEqual([
      'passwordReused',
    ]);
    expect(passwordProblems('Harbor!2024x', limits([rule(11)]), { isPrevious: false })).toEqual([]);
  });

  it('refuses the current password, and a remembered one with or without rule 11', () => {
    expect(passwordProblems('Harbor!2024x', limits(), { isCurrent: true })).toEqual([
      'sameAsCurrent',
    ]);
    expect(passwordProblems('Harbor!2024x', limits(), { isPrevious: true })).toEqual([
      'passwordReused',
    ]);
  });
});
