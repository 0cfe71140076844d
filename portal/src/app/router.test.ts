import { describe, expect, it } from 'vitest';
import { firstReadsOf } from './router';

describe('firstReadsOf', () => {
  it('names the loan’s data load for a loan’s page, as the page itself asks for it', () => {
    expect(firstReadsOf('#/myaccount/loanDetails/001-100234-1')).toEqual([
      'api/AccountData?accountNumber=001-100234-1',
    ]);
    expect(firstReadsOf('#/myaccount/loanDetails/a%20b?x=1')).toEqual([
      'api/AccountData?accountNumber=a%20b',
    ]);
  });

  it('names nothing for a screen without early reads, or a loan page without a loan', () => {
    expect(firstReadsOf('#/myaccount/dashboard')).toEqual([]);
    expect(firstReadsOf('#/myaccount/loanDetails')).toEqual([]);
    expect(firstReadsOf('')).toEqual([]);
  });
});
