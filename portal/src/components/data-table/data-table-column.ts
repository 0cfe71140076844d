import type { ReactNode } from 'react';
import type { SortKey, SortState } from './sort-rows';

/**
 * A column of a `DataTable`. `type` says how `getValue` sorts: `string` (by the collator,
 * numbers inside text in numeric order, case ignored), `number` (e.g. integer cents) or `date`
 * ('YYYY-MM-DD'). Empty values (`null`, `undefined`, '') sort last in both directions.
 */
export type DataTableColumn<Row> = SortKey<Row> & {
  id: string;
  /** The header text; also the label of the value in the card layout. */
  header: string;
  /** The cell's content; by default the value of `getValue`. */
  renderCell?: (row: Row) => ReactNode;
  /** Defaults to true. */
  sortable?: boolean;
  /** Defaults to right for numbers, left otherwise. */
  align?: 'left' | 'center' | 'right';
};

/**
 * How a row looks. It is styling only: say the state in a cell too (e.g. a Status column), since
 * colour alone does not reach everyone.
 */
export type DataTableRowVariant = 'default' | 'warning' | 'closed';

export interface DataTableRowProps {
  variant?: DataTableRowVariant;
}

/** What activating a row does; the primary cell holds a real link or button for it. */
export type DataTableRowAction<Row> =
  | {
      /** A route path inside the portal, e.g. `/myaccount/accountDetails/1001`. */
      getRowLink: (row: Row) => string;
      onRowClick?: never;
    }
  | {
      getRowLink?: never;
      onRowClick: (row: Row) => void;
    }
  | { getRowLink?: never; onRowClick?: never };

export type DataTableProps<Row> = DataTableRowAction<Row> & {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  /** A stable, unique key for each row (e.g. the account number). */
  getRowKey: (row: Row) => string;
  /** Names the table (its `<caption>`) and the card list. */
  caption: string;
  /** Shows the caption; by default only assistive technology reads it. */
  captionVisible?: boolean;
  /** The text shown when there are no rows, e.g. 'No open accounts.' */
  emptyText: string;
  initialSort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** The column whose cell holds the row's link or button; defaults to the first column. */
  primaryColumnId?: string;
  getRowProps?: (row: Row) => DataTableRowProps;
  /** Forces a layout; by default cards below the `sm` breakpoint, a table above it. */
  layout?: 'table' | 'cards';
  /**
   * On small screens, each row becomes an accordion whose button shows these columns and whose
   * panel shows the others (the history's phone layout), instead of a card showing every column.
   */
  accordionSummaryColumnIds?: readonly string[];
  /**
   * On small screens, each row's card is this list item (a `<li>`, e.g. MUI `Card component="li"`)
   * instead of a card listing every column: the dashboard's account cards lead with the one
   * figure that matters and keep `details`, every column as the table has it, behind a control.
   * The sort controls, the list and its name stay the table's own.
   */
  renderCard?: (row: Row, details: ReactNode) => ReactNode;
};

/** What the table and card layouts share, after sorting. */
export interface DataTableLayoutProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  caption: string;
  captionVisible: boolean;
  emptyText: string;
  sort: SortState | null;
  onSort: (sort: SortState) => void;
  renderCell: (row: Row, column: DataTableColumn<Row>) => ReactNode;
  getRowVariant: (row: Row) => DataTableRowVariant;
  /** Rows have a link or button in their primary cell, whose hit area covers the row. */
  rowsAreActionable: boolean;
  /** The column whose cell names the row (a row header in the table). */
  primaryColumnId: string | undefined;
  accordionSummaryColumnIds?: readonly string[];
  renderCard?: (row: Row, details: ReactNode) => ReactNode;
}

/** A cell's content as its column gives it (no row link): its renderer's, else its value. */
export function cellContent<Row>(row: Row, column: DataTableColumn<Row>): ReactNode {
  return column.renderCell ? column.renderCell(row) : (column.getValue(row) ?? '');
}

/** The column's alignment: its own, or right for numbers so their digits line up. */
export function columnAlign<Row>(column: DataTableColumn<Row>): 'left' | 'center' | 'right' {
  return column.align ?? (column.type === 'number' ? 'right' : 'left');
}

export function isSortable<Row>(column: DataTableColumn<Row>): boolean {
  return column.sortable ?? true;
}
