import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { visuallyHidden } from '../visually-hidden';
import { isSortable, type DataTableLayoutProps } from './data-table-column';
import { ACTIONABLE_ROW_SX, rowVariantSx } from './row-styles';

/** The small-screen layout: a sort control above a list of cards, one per row. */
export function DataTableCards<Row>(props: DataTableLayoutProps<Row>) {
  const { columns, rows, sort, onSort, renderCell, getRowVariant, rowsAreActionable } = props;
  const captionId = useId();
  const sortById = useId();
  const sortableColumns = columns.filter(isSortable);
  const descending = sort?.direction === 'desc';
  const directionText = descending ? 'Descending' : 'Ascending';

  return (
    <Box>
      <Typography
        id={captionId}
        variant="subtitle1"
        component="p"
        sx={props.captionVisible ? { mb: 1 } : visuallyHidden}
      >
        {props.caption}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{props.emptyText}</Typography>
      ) : (
        <>
          {sortableColumns.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
              <TextField
                id={sortById}
                select
                size="small"
                label="Sort by"
                value={sort?.columnId ?? ''}
                onChange={(event) => {
                  const columnId = event.target.value;
                  if (columnId) onSort({ columnId, direction: sort?.direction ?? 'asc' });
                }}
                slotProps={{ select: { native: true } }}
                sx={{ flex: 1 }}
              >
                {sort === null && <option value="">Default order</option>}
                {sortableColumns.map((column) => (
                  <option key={column.id} value={column.id}>
                    {column.header}
                  </option>
                ))}
              </TextField>
              <Button
                variant="outlined"
                disabled={sort === null}
                aria-label={`Sort direction: ${directionText.toLowerCase()}`}
                startIcon={descending ? <ArrowDownwardIcon /> : <ArrowUpwardIcon />}
                onClick={() => {
                  if (sort) onSort({ ...sort, direction: descending ? 'asc' : 'desc' });
                }}
              >
                {directionText}
              </Button>
            </Stack>
          )}
          <Box
            component="ul"
            aria-labelledby={captionId}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {rows.map((row) => (
              <Card
                key={props.getRowKey(row)}
                component="li"
                variant="outlined"
                sx={[
                  { p: 2 },
                  rowsAreActionable && ACTIONABLE_ROW_SX,
                  rowVariantSx(getRowVariant(row), '&'),
                ]}
              >
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'minmax(6rem, auto) 1fr',
                    columnGap: 2,
                    rowGap: 0.5,
                  }}
                >
                  {columns.map((column) => (
                    <Fragment key={column.id}>
                      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                        {column.header}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                        {renderCell(row, column)}
                      </Typography>
                    </Fragment>
                  ))}
                </Box>
              </Card>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
