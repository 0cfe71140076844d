import { formatUsd, formatUsDate } from '@portal/domain';
import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table-column';

/*
 * The portal's tables (accounts, history, balances, deposits, applications) show their money and
 * dates the same way: these make those columns, so each table names only its id, header and
 * value, and the one money formatter and the one date formatter show every cell.
 */

/**
 * A column of integer cents (every amount the API client hands over, its schemas having decoded
 * the wire's dollars): sorts by the amount, shows '$1,234.56' (blank when unknown).
 */
export function centsColumn<Row>(
  id: string,
  header: string,
  cents: (row: Row) => number | null | undefined,
): DataTableColumn<Row> {
  return {
    id,
    header,
    type: 'number',
    getValue: cents,
    renderCell: (row) => {
      const value = cents(row);
      return value === null || value === undefined ? '' : formatUsd(value);
    },
  };
}

/**
 * A column of calendar dates ('YYYY-MM-DD'): sorts by the date, shows 'MM/DD/YYYY', or what
 * `render` makes of the row (a date with its time).
 */
export function dateColumn<Row>(
  id: string,
  header: string,
  date: (row: Row) => string | null | undefined,
  render?: (row: Row) => ReactNode,
): DataTableColumn<Row> {
  return {
    id,
    header,
    type: 'date',
    getValue: date,
    renderCell: render ?? ((row) => formatUsDate(date(row))),
  };
}
