/** What a column's sort value is, by column type. Dates are 'YYYY-MM-DD' calendar strings. */
export interface ColumnValueByType {
  string: string;
  number: number;
  date: string;
}

export type ColumnType = keyof ColumnValueByType;

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

/** How to read a row's sort value; `null`, `undefined`, '' and NaN count as empty. */
export type SortKey<Row> = {
  [Type in ColumnType]: {
    type: Type;
    getValue: (row: Row) => ColumnValueByType[Type] | null | undefined;
  };
}[ColumnType];

const COLLATOR = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function hasValue<Value>(value: Value | null | undefined): value is Value {
  return (
    value !== null &&
    value !== undefined &&
    value !== '' &&
    !(typeof value === 'number' && Number.isNaN(value))
  );
}

function sortByValue<Row, Value>(
  rows: readonly Row[],
  getValue: (row: Row) => Value | null | undefined,
  compare: (a: Value, b: Value) => number,
  direction: SortDirection,
): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  // Each value is read once; the index keeps equal values in their original order.
  return rows
    .map((row, index) => ({ row, index, value: getValue(row) }))
    .sort((a, b) => {
      if (hasValue(a.value) && hasValue(b.value)) {
        return sign * compare(a.value, b.value) || a.index - b.index;
      }
      return Number(hasValue(b.value)) - Number(hasValue(a.value)) || a.index - b.index;
    })
    .map(({ row }) => row);
}

const compareNumbers = (a: number, b: number) => a - b;
// 'YYYY-MM-DD' strings order like the dates they name.
const compareDates = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareStrings = (a: string, b: string) => COLLATOR.compare(a, b);

/**
 * Returns a sorted copy of `rows`. The sort is stable (equal values keep their order in both
 * directions) and empty values go last in both directions.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  key: SortKey<Row>,
  direction: SortDirection,
): Row[] {
  switch (key.type) {
    case 'number':
      return sortByValue(rows, key.getValue, compareNumbers, direction);
    case 'date':
      return sortByValue(rows, key.getValue, compareDates, direction);
    case 'string':
      return sortByValue(rows, key.getValue, compareStrings, direction);
  }
}

/** The sort after a click on a column's header: ascending first, then it flips each time. */
export function nextSort(current: SortState | null, columnId: string): SortState {
  if (current?.columnId === columnId) {
    return { columnId, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { columnId, direction: 'asc' };
}
