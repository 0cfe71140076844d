import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { visuallyHidden } from '@portal/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSmallScreen } from '../../lib/served-page';
import { DataTableCards } from './data-table-cards';
import {
  cellContent,
  columnAlign,
  isSortable,
  type DataTableColumn,
  type DataTableLayoutProps,
  type DataTableProps,
  type DataTableRowVariant,
} from './data-table-column';
import { ACTIONABLE_ROW_SX, rowVariantSx, STRETCHED_ACTION_SX } from './row-styles';
import { nextSort, sortRows, type SortState } from './sort-rows';

/**
 * A sortable table of rows that turns into a list of cards on small screens, where a select and
 * a direction button take over the headers' sorting.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, initialSort, onSortChange, getRowProps, getRowLink, onRowClick } = props;
  const theme = useTheme();
  const small = useSmallScreen(theme.breakpoints.down('sm'));
  const layout = props.layout ?? (small ? 'cards' : 'table');
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);

  const sortColumn = sort
    ? columns.find((column) => column.id === sort.columnId && isSortable(column))
    : undefined;
  const activeSort = sort && sortColumn ? sort : null;
  const sortedRows = useMemo(
    () => (sort && sortColumn ? sortRows(rows, sortColumn, sort.direction) : rows),
    [rows, sort, sortColumn],
  );

  const primaryColumnId = props.primaryColumnId ?? columns[0]?.id;
  const renderCell = (row: Row, column: DataTableColumn<Row>): ReactNode => {
    const content = cellContent(row, column);
    if (column.id !== primaryColumnId) return content;
    if (getRowLink) {
      return (
        <Link component={RouterLink} to={getRowLink(row)} sx={STRETCHED_ACTION_SX} data-row-action>
          {content}
        </Link>
      );
    }
    if (onRowClick) {
      return (
        <Link
          component="button"
          type="button"
          onClick={() => onRowClick(row)}
          data-row-action
          sx={{ ...STRETCHED_ACTION_SX, textAlign: 'inherit', verticalAlign: 'baseline' }}
        >
          {content}
        </Link>
      );
    }
    return content;
  };

  const layoutProps: DataTableLayoutProps<Row> = {
    columns,
    rows: sortedRows,
    getRowKey: props.getRowKey,
    caption: props.caption,
    captionVisible: props.captionVisible ?? false,
    emptyText: props.emptyText,
    sort: activeSort,
    onSort: (next) => {
      setSort(next);
      onSortChange?.(next);
    },
    renderCell,
    getRowVariant: (row): DataTableRowVariant => getRowProps?.(row).variant ?? 'default',
    rowsAreActionable: Boolean(getRowLink ?? onRowClick),
    primaryColumnId,
    accordionSummaryColumnIds: props.accordionSummaryColumnIds,
    renderCard: props.renderCard,
  };
  return layout === 'cards' ? (
    <DataTableCards {...layoutProps} />
  ) : (
    <DataTableGrid {...layoutProps} />
  );
}

function DataTableGrid<Row>(props: DataTableLayoutProps<Row>) {
  const { columns, rows, sort, onSort, renderCell, getRowVariant, rowsAreActionable } = props;
  return (
    <Table size="small">
      <Box component="caption" sx={props.captionVisible ? { captionSide: 'top' } : visuallyHidden}>
        {props.caption}
      </Box>
      <TableHead>
        <TableRow>
          {columns.map((column) => {
            const direction = sort?.columnId === column.id ? sort.direction : false;
            return (
              <TableCell key={column.id} align={columnAlign(column)} sortDirection={direction}>
                {isSortable(column) ? (
                  <TableSortLabel
                    component="button"
                    type="button"
                    active={direction !== false}
                    direction={direction || 'asc'}
                    onClick={() => onSort(nextSort(sort, column.id))}
                  >
                    {column.header}
                  </TableSortLabel>
                ) : (
                  column.header
                )}
              </TableCell>
            );
          })}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={columns.length}>{props.emptyText}</TableCell>
          </TableRow>
        ) : (
          rows.map((row) => (
            <TableRow
              key={props.getRowKey(row)}
              hover={rowsAreActionable}
              sx={[
                rowsAreActionable && ACTIONABLE_ROW_SX,
                rowVariantSx(getRowVariant(row), '& > :first-child'),
              ]}
            >
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={columnAlign(column)}
                  {...(column.id === props.primaryColumnId
                    ? { component: 'th', scope: 'row' }
                    : {})}
                >
                  {renderCell(row, column)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
