import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_TYPES,
  agreementTypeCode,
  formatAgreementSetup,
  parseAgreementSetup,
} from './agreements';
import { AgreementSetupError } from './errors';

const entry = (index: number, types = 'login') =>
  `https://bank.test/terms-${index}.pdf|2024-03-0${index + 1}|Terms ${index}|${types}`;

describe('agreement setup strings', () => {
  it('reads URL, date, name and when-to-agree types of each entry', () => {
    expect(
      parseAgreementSetup(
        'https://bank.test/esign.pdf|2024-05-01|E-Sign Consent|login-registration-estatements',
      ),
    ).toEqual([
      {
        url: 'https://bank.test/esign.pdf',
        date: '2024-05-01',
        name: 'E-Sign Consent',
        hostNum: 11337,
        whenToAgree: ['login', 'registration', 'estatements'],
      },
    ]);
  });

  it('numbers hosts 11337 plus the entry index', () => {
    const agreements = parseAgreementSetup([0, 1, 2, 3, 4].map((index) => entry(index)).join('\n'));
    expect(agreements.map((agreement) => agreement.hostNum)).toEqual([
      11337, 11338, 11339, 11340, 11341,
    ]);
  });

  it('allows up to five entries and refuses a sixth', () => {
    const six = [0, 1, 2, 3, 4, 5].map((index) => entry(index % 5)).join('\n');
    expect(() => parseAgreementSetup(six)).toThrow('At most 5 agreements can be set up; found 6');
  });

  it('needs exactly four non-empty parts', () => {
    for (const bad of [
      'a|2024-01-01|Name',
      'a|2024-01-01|Name|login|extra',
      'a||Name|login',
      ' |2024-01-01|Name|login',
    ]) {
      expect(() => parseAgreementSetup(bad), bad).toThrow(AgreementSetupError);
      expect(() => parseAgreementSetup(bad), bad).toThrow('needs exactly four non-empty parts');
    }
  });

  it("answers 'Invalid agreement type' for an unknown when-to-agree name", () => {
    let caught: unknown;
    try {
      parseAgreementSetup('https://x.test|2024-01-01|Terms|login-checkout');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AgreementSetupError);
    expect(caught).toMatchObject({ message: 'Invalid agreement type', entryIndex: 0 });
  });

  it('maps the when-to-agree codes 0 login to 5 ecommunicationreagree', () => {
    expect(AGREEMENT_TYPES.map((type) => [type, agreementTypeCode(type)])).toEqual([
      ['login', 0],
      ['registration', 1],
      ['ach', 2],
      ['estatements', 3],
      ['texting', 4],
      ['ecommunicationreagree', 5],
    ]);
  });

  it('accepts US dates and normalises them; refuses impossible dates', () => {
    expect(parseAgreementSetup('/u|1/5/2024|T|ach')[0]?.date).toBe('2024-01-05');
    expect(() => parseAgreementSetup('/u|2024-02-30|T|ach')).toThrow('invalid date');
    expect(() => parseAgreementSetup('/u|soon|T|ach')).toThrow('invalid date');
  });

  it('refuses an address that is neither http(s) nor a path of this site', () => {
    expect(parseAgreementSetup('/cdn/x/terms.html|2024-01-01|T|login')[0]?.url).toBe(
      '/cdn/x/terms.html',
    );
    for (const url of ['terms.pdf', 'javascript:alert(1)', '//evil.example/x', 'ftp://x.test/a']) {
      expect(() => parseAgreementSetup(`${url}|2024-01-01|T|login`), url).toThrow(/address/);
    }
  });

  it('lists every problem of the setup with its row, not only the first', () => {
    const setup = [
      'https://ok.test/a|2024-01-01|Fine|login',
      'nowhere|2024-13-01|Bad|login',
      'https://ok.test/b|2024-01-01|Bad type|login-checkout',
    ].join('\n');
    let caught: unknown;
    try {
      parseAgreementSetup(setup);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AgreementSetupError);
    const problems = caught instanceof AgreementSetupError ? caught.problems : [];
    expect(problems.map((problem) => problem.entryIndex)).toEqual([1, 1, 2]);
    expect(problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^Agreement 2: the address "nowhere"/),
      expect.stringMatching(/^Agreement 2: invalid date/),
      'Agreement 3: Invalid agreement type',
    ]);
  });

  it('ignores blank lines and reads an empty setup as no agreements', () => {
    expect(parseAgreementSetup('')).toEqual([]);
    expect(parseAgreementSetup(`\n${entry(0)}\n\n`)).toHaveLength(1);
  });

  it('formats agreements into a string that parses back to the same agreements', () => {
    const setup = [entry(0, 'ach'), entry(1, 'texting-ecommunicationreagree')].join('\n');
    const parsed = parseAgreementSetup(setup);
    expect(formatAgreementSetup(parsed)).toBe(setup);
    expect(parseAgreementSetup(formatAgreementSetup(parsed))).toEqual(parsed);
  });

  it('refuses to format a part that would break the format', () => {
    expect(() =>
      formatAgreementSetup([{ url: 'a|b', date: '2024-01-01', name: 'T', whenToAgree: ['login'] }]),
    ).toThrow(AgreementSetupError);
  });
});
