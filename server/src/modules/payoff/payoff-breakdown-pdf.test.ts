import { describe, expect, it } from 'vitest';
import { perDiemText } from './payoff-breakdown-pdf';

describe('the breakdown’s per-diem sentence', () => {
  it('says each calendar day adds the per diem or a cent more under an actual day count', () => {
    for (const dayCount of [undefined, 'actual/365', 'actual/360'] as const) {
      expect(perDiemText({ perDiemCents: 177, asOf: '2025-03-20', dayCount })).toBe(
        'Interest accrues at $1.77 a day, to the cent below; the fractions of a cent carry from ' +
          'day to day, so each day after 03/20/2025 adds $1.77 or $1.78 to the payoff. Fees ' +
          'charged or payments made before then change the amount.',
      );
    }
  });

  it('says which days add it under 30/360, where a 31st adds none and the end of February several', () => {
    expect(perDiemText({ perDiemCents: 177, asOf: '2025-03-20', dayCount: '30/360' })).toBe(
      'Interest accrues at $1.77 a day, counting every month as 30 days (a 31st adds none; the ' +
        'end of February adds the days up to the 30th), to the cent below; the fractions of a ' +
        'cent carry from day to day, so each such day after 03/20/2025 adds $1.77 or $1.78 to ' +
        'the payoff. Fees charged or payments made before then change the amount.',
    );
  });
});
