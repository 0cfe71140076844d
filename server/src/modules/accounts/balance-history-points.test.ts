import { describe, expect, it } from 'vitest';
import { monthlyPoints, oldestFirst } from './account-details.service';

describe('the balance chart’s points', () => {
  it('ends a day on its newest line when several share its date and time (two returns of one day)', () => {
    // As the core lists them: newest first (ServicingCore.history).
    const newestFirst = [
      { id: 4, date: '2026-12-07', time: '', principalBalanceCents: 6_414_492 },
      { id: 3, date: '2026-12-07', time: '', principalBalanceCents: 6_300_167 },
      { id: 2, date: '2026-12-02', time: '10:15', principalBalanceCents: 6_150_167 },
      { id: 1, date: '2026-12-02', time: '09:30', principalBalanceCents: 6_300_167 },
    ];
    const ordered = oldestFirst(newestFirst);
    expect(ordered.map((line) => line.id)).toEqual([1, 2, 3, 4]);
    expect(monthlyPoints(ordered).map((line) => line.principalBalanceCents)).toEqual([6_414_492]);
  });

  it('orders by date and time whatever order lines of different times come in', () => {
    const lines = [
      { id: 1, date: '2026-11-02', time: '09:00' },
      { id: 2, date: '2026-12-02', time: '08:00' },
      { id: 3, date: '2026-12-02', time: '11:00' },
    ];
    expect(oldestFirst(lines).map((line) => line.id)).toEqual([1, 2, 3]);
  });
});
