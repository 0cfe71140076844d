import { describe, expect, it } from 'vitest';
import { centsColumn, dateColumn } from './columns';
import { cellContent } from './data-table-column';
import { sortRows } from './sort-rows';

interface Row {
  cents: number | null;
  date: string | undefined;
}

const rows: Row[] = [
  { cents: 1_234_56, date: '2026-03-14' },
  { cents: null, date: undefined },
  { cents: 5, date: '2025-12-01' },
];

describe('table columns', () => {
  it('shows cents by the money formatter, an unknown amount blank, and sorts by the amount', () => {
    const column = centsColumn<Row>('amount', 'Amount', (row) => row.cents);
    expect(rows.map((row) => cellContent(row, column))).toEqual(['$1,234.56', '', '$0.05']);
    expect(sortRows(rows, column, 'asc').map((row) => row.cents)).toEqual([5, 1_234_56, null]);
    expect(column.type).toBe('number');
  });

  it('shows calendar dates as MM/DD/YYYY, or as the render says, sorting by the date', () => {
    const column = dateColumn<Row>('date', 'Date', (row) => row.date);
    expect(rows.map((row) => cellContent(row, column))).toEqual(['03/14/2026', '', '12/01/2025']);
    expect(sortRows(rows, column, 'asc').map((row) => row.date)).toEqual([
      '2025-12-01',
      '2026-03-14',
      undefined,
    ]);
    const rendered = dateColumn<Row>(
      'date',
      'Date',
      (row) => row.date,
      () => 'today',
    );
    expect(rows.map((row) => cellContent(row, rendered))).toEqual(['today', 'today', 'today']);
  });
});
