import { describe, expect, it } from 'vitest';
import { nextSort, sortRows, type SortKey } from './sort-rows';

interface Loan {
  id: string;
  name?: string | null;
  balanceCents?: number | null;
  dueDate?: string | null;
}

const byName: SortKey<Loan> = { type: 'string', getValue: (loan) => loan.name };
const byBalance: SortKey<Loan> = { type: 'number', getValue: (loan) => loan.balanceCents };
const byDueDate: SortKey<Loan> = { type: 'date', getValue: (loan) => loan.dueDate };

const ids = (loans: readonly Loan[]) => loans.map((loan) => loan.id);

describe('sortRows', () => {
  it('orders numbers by value, not as text', () => {
    const loans: Loan[] = [
      { id: 'a', balanceCents: 1000 },
      { id: 'b', balanceCents: 99 },
      { id: 'c', balanceCents: -250 },
      { id: 'd', balanceCents: 0 },
    ];
    expect(ids(sortRows(loans, byBalance, 'asc'))).toEqual(['c', 'd', 'b', 'a']);
    expect(ids(sortRows(loans, byBalance, 'desc'))).toEqual(['a', 'b', 'd', 'c']);
  });

  it('orders YYYY-MM-DD dates by calendar date', () => {
    const loans: Loan[] = [
      { id: 'a', dueDate: '2026-02-01' },
      { id: 'b', dueDate: '2025-12-31' },
      { id: 'c', dueDate: '2026-01-15' },
    ];
    expect(ids(sortRows(loans, byDueDate, 'asc'))).toEqual(['b', 'c', 'a']);
    expect(ids(sortRows(loans, byDueDate, 'desc'))).toEqual(['a', 'c', 'b']);
  });

  it('orders text with numbers in numeric order and ignores case and accents', () => {
    const loans: Loan[] = [
      { id: 'a', name: 'Loan 10' },
      { id: 'b', name: 'loan 9' },
      { id: 'c', name: 'Auto' },
      { id: 'd', name: 'équipement' },
      { id: 'e', name: 'Loan 100' },
    ];
    expect(ids(sortRows(loans, byName, 'asc'))).toEqual(['c', 'd', 'b', 'a', 'e']);
    expect(ids(sortRows(loans, byName, 'desc'))).toEqual(['e', 'a', 'b', 'd', 'c']);
  });

  it('keeps rows with equal values in their original order in both directions', () => {
    const loans: Loan[] = [
      { id: 'a', name: 'Heloc', balanceCents: 5 },
      { id: 'b', name: 'HELOC', balanceCents: 5 },
      { id: 'c', name: 'heloc', balanceCents: 1 },
      { id: 'd', name: 'Auto', balanceCents: 5 },
    ];
    expect(ids(sortRows(loans, byName, 'asc'))).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(sortRows(loans, byName, 'desc'))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(sortRows(loans, byBalance, 'asc'))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(sortRows(loans, byBalance, 'desc'))).toEqual(['a', 'b', 'd', 'c']);
  });

  it('puts empty values last in both directions, in their original order', () => {
    const loans: Loan[] = [
      { id: 'none', dueDate: null, name: null, balanceCents: null },
      { id: 'late', dueDate: '2026-03-01', name: 'Zed', balanceCents: 300 },
      { id: 'blank', dueDate: '', name: '', balanceCents: Number.NaN },
      { id: 'early', dueDate: '2026-01-01', name: 'Amy', balanceCents: 0 },
      { id: 'missing' },
    ];
    for (const key of [byDueDate, byName, byBalance]) {
      expect(ids(sortRows(loans, key, 'asc'))).toEqual([
        'early',
        'late',
        'none',
        'blank',
        'missing',
      ]);
      expect(ids(sortRows(loans, key, 'desc'))).toEqual([
        'late',
        'early',
        'none',
        'blank',
        'missing',
      ]);
    }
  });

  it('returns a new array and leaves the rows as they were', () => {
    const loans: Loan[] = [
      { id: 'a', balanceCents: 2 },
      { id: 'b', balanceCents: 1 },
    ];
    const sorted = sortRows(loans, byBalance, 'asc');
    expect(ids(sorted)).toEqual(['b', 'a']);
    expect(ids(loans)).toEqual(['a', 'b']);
  });
});

describe('nextSort', () => {
  it('sorts a newly chosen column ascending, then flips the direction on each click', () => {
    const first = nextSort(null, 'balance');
    expect(first).toEqual({ columnId: 'balance', direction: 'asc' });
    const second = nextSort(first, 'balance');
    expect(second).toEqual({ columnId: 'balance', direction: 'desc' });
    expect(nextSort(second, 'balance')).toEqual({ columnId: 'balance', direction: 'asc' });
    expect(nextSort(second, 'dueDate')).toEqual({ columnId: 'dueDate', direction: 'asc' });
  });
});
