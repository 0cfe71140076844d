import { describe, expect, it } from 'vitest';
import { logonNameIssues, logonRuleProblems, type LogonNameRules } from './logon-name';

const RULES: LogonNameRules = {
  minimumLength: 8,
  maximumLength: 12,
  pattern: /^[A-Za-z0-9._]*$/,
  rules: [],
};

describe('login name rule', () => {
  it('needs a name within the institution length limits', () => {
    expect(logonNameIssues('', RULES)).toEqual(['required']);
    expect(logonNameIssues('   ', RULES)).toEqual(['required']);
    expect(logonNameIssues('jordan', RULES)).toEqual(['tooShort']);
    expect(logonNameIssues('jordan.r', RULES)).toEqual([]);
    expect(logonNameIssues('jordan.rivers', RULES)).toEqual(['tooLong']);
    expect(logonNameIssues(' jordan.rive ', RULES)).toEqual([]);
  });

  it("refuses characters outside the specs' set and outside the institution's pattern", () => {
    expect(logonNameIssues('jordan rivr', RULES)).toEqual(['invalidCharacters']);
    // '+' is one of the specs' characters but not this institution's.
    expect(logonNameIssues('jordan+riv', RULES)).toEqual(['invalidCharacters']);
    expect(logonNameIssues('jordan+riv', { ...RULES, pattern: /^[\s\S]*$/ })).toEqual([]);
  });

  it('applies the logon rules of the institution, and only the ones of a name', () => {
    const rules: LogonNameRules = {
      ...RULES,
      rules: [
        { ValidationRuleType: 0, ValidationRegex: null, RegexMatchMeansError: false },
        { ValidationRuleType: 3, ValidationRegex: null, RegexMatchMeansError: false },
        { ValidationRuleType: 7, ValidationRegex: null, RegexMatchMeansError: false },
        { ValidationRuleType: 6, ValidationRegex: null, RegexMatchMeansError: false },
      ],
    };
    expect(logonNameIssues('jordan.riv', rules)).toEqual(['missingCapitalLetter', 'missingNumber']);
    expect(logonNameIssues('Jordan.riv1', rules)).toEqual([]);
    expect(logonRuleProblems('A1@b.co', rules.rules, { email: 'a1@B.co' })).toEqual([
      'matchesEmail',
    ]);
  });
});
