import { describe, expect, it } from 'vitest';
import { accountCategory, displayedComment, isClosedComment, isOpenComment } from './accounts';

describe('account list rules (spec 002 section 3)', () => {
  it('groups the host type codes into the four lists', () => {
    expect([0, 9, 1, 3, 5, 6, 7, 8, 2].map(accountCategory)).toEqual([
      'loan',
      'lineOfCredit',
      'deposit',
      'deposit',
      'deposit',
      'deposit',
      'investment',
      'investment',
      undefined,
    ]);
  });

  it('reads open and closed comments in any case, and clears NOX$', () => {
    expect(['', 'NOX$', 'nox$', 'IRSO', ' irso '].every(isOpenComment)).toBe(true);
    expect(isOpenComment('CLOSED')).toBe(false);
    expect(isOpenComment('HOLD')).toBe(false);
    expect(['CLOSED', 'Closed 2021', 'account closed'].every(isClosedComment)).toBe(true);
    expect(isClosedComment('NOX$')).toBe(false);
    expect(displayedComment('nox$')).toBe('');
    expect(displayedComment('IRSO')).toBe('IRSO');
  });
});
