import { describe, expect, it } from 'vitest';
import type { AgreementType } from '@portal/settings-schema';
import { agreementsNeededAtRegistration, isAgreementNeeded, isAskedAtLogin } from './agreements';

describe('isAgreementNeeded', () => {
  it('does not ask for terms dated in the future', () => {
    expect(isAgreementNeeded('2025-04-01', [], '2025-03-14')).toBe(false);
  });

  it('asks for terms of today or earlier that were never accepted', () => {
    expect(isAgreementNeeded('2025-03-14', [], '2025-03-14')).toBe(true);
  });

  it('asks again when the only acceptance is older than the terms', () => {
    expect(isAgreementNeeded('2025-01-01', ['2024-12-31'], '2025-03-14')).toBe(true);
  });

  it('does not ask when accepted on or after the date of the terms', () => {
    expect(isAgreementNeeded('2025-01-01', ['2025-01-01'], '2025-03-14')).toBe(false);
    expect(isAgreementNeeded('2025-01-01', ['2024-06-01', '2025-02-01'], '2025-03-14')).toBe(false);
  });
});

describe('isAskedAtLogin', () => {
  it('asks login agreements always and e-communication re-agree ones only while restricted', () => {
    expect(isAskedAtLogin(['login'], false)).toBe(true);
    expect(isAskedAtLogin(['ecommunicationreagree'], false)).toBe(false);
    expect(isAskedAtLogin(['ecommunicationreagree'], true)).toBe(true);
    expect(isAskedAtLogin(['registration', 'ach'], true)).toBe(false);
  });
});

describe('agreementsNeededAtRegistration', () => {
  const agreement = (hostNum: number, date: string, whenToAgree: AgreementType[]) => ({
    hostNum,
    date,
    whenToAgree,
    name: `Agreement ${hostNum}`,
    url: '',
  });

  it('asks the registration agreements dated on or before the institution today, in order', () => {
    const asked = agreementsNeededAtRegistration(
      [
        agreement(3, '2026-11-25', ['registration', 'login']),
        agreement(1, '2026-11-26', ['registration']),
        agreement(2, '2020-01-01', ['registration']),
      ],
      '2026-11-26',
    );
    expect(asked.map((item) => item.hostNum)).toEqual([3, 1, 2]);
  });

  it('does not ask an agreement dated after today', () => {
    expect(
      agreementsNeededAtRegistration([agreement(1, '2026-11-27', ['registration'])], '2026-11-26'),
    ).toEqual([]);
  });

  it('does not ask agreements of other moments', () => {
    expect(
      agreementsNeededAtRegistration(
        [agreement(1, '2026-01-01', ['login', 'ach', 'estatements', 'texting'])],
        '2026-11-26',
      ),
    ).toEqual([]);
  });
});
