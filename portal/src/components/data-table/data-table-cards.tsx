import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VisuallyHidden, visuallyHidden } from '@portal/web-kit';
import { Fragment, useId, type ReactNode } from 'react';
import { useSettings } from '../../lib/settings/settings-context';
import { NativeSelectField } from '../form-fields/form-select-field';
import {
  cellContent,
  isSortable,
  type DataTableColumn,
  type DataTableLayoutProps,
} from './data-table-column';
import { ACTIONABLE_ROW_SX, rowVariantSx } from './row-styles';

/**
 * The small-screen layout: a sort control above a list of cards, one per row: each column's
 * header and value, an accordion (accordionSummaryColumnIds) or the caller's own card
 * (renderCard, the dashboard's account cards) with the columns as its details.
 */
export function DataTableCards<Row>(props: DataTableLayoutProps<Row>) {
  const { columns, rows, sort, onSort, renderCell, getRowVariant, rowsAreActionable } = props;
  const captionId = useId();
  const sortById = useId();
  const sortableColumns = columns.filter(isSortable);
  const descending = sort?.direction === 'desc';
  const settings = useSettings();
  const directionText = settings.get(
    descending ? 'commonTexts.descendingText' : 'commonTexts.ascendingText',
  );

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
              <Box sx={{ flex: 1 }}>
                {/* A native select always shows an option ('Default order'): the label stays up. */}
                <NativeSelectField
                  size="small"
                  name={sortById}
                  label={settings.get('commonTexts.sortByLabel')}
                  value={sort?.columnId ?? ''}
                  onChange={(columnId) => {
                    if (columnId) onSort({ columnId, direction: sort?.direction ?? 'asc' });
                  }}
                  options={[
                    ...(sort === null
                      ? [{ value: '', label: settings.get('commonTexts.defaultSortText') }]
                      : []),
                    ...sortableColumns.map((column) => ({
                      value: column.id,
                      label: column.header,
                    })),
                  ]}
                />
              </Box>
              <Button
                variant="outlined"
                disabled={sort === null}
                aria-label={settings.get(
                  descending ? 'commonTexts.sortDescendingLabel' : 'commonTexts.sortAscendingLabel',
                )}
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
            {rows.map((row) =>
              props.renderCard ? (
                <Fragment key={props.getRowKey(row)}>
                  {props.renderCard(
                    row,
                    <ValueList columns={columns} render={(column) => cellContent(row, column)} />,
                  )}
                </Fragment>
              ) : props.accordionSummaryColumnIds ? (
                <AccordionRow
                  key={props.getRowKey(row)}
                  columns={columns}
                  summaryIds={props.accordionSummaryColumnIds}
                  render={(column) => renderCell(row, column)}
                  variant={rowVariantSx(getRowVariant(row), '&')}
                />
              ) : (
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
                  <ValueList columns={columns} render={(column) => renderCell(row, column)} />
                </Card>
              ),
            )}
          </Box>
        </>
      )}
    </Box>
  );
}

/** Each column's header and value, as a description list. */
function ValueList<Row>(props: {
  columns: readonly DataTableColumn<Row>[];
  render: (column: DataTableColumn<Row>) => ReactNode;
}) {
  return (
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
      {props.columns.map((column) => (
        <Fragment key={column.id}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {column.header}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
          >
            {props.render(column)}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/** A row as an accordion: its summary columns on the button, the other columns in the panel. */
function AccordionRow<Row>(props: {
  columns: readonly DataTableColumn<Row>[];
  summaryIds: readonly string[];
  render: (column: DataTableColumn<Row>) => ReactNode;
  variant: ReturnType<typeof rowVariantSx>;
}) {
  const summary = props.summaryIds.flatMap((id) => {
    const column = props.columns.find((candidate) => candidate.id === id);
    return column ? [column] : [];
  });
  const details = props.columns.filter((column) => !props.summaryIds.includes(column.id));
  return (
    <Box component="li">
      <Accordion disableGutters variant="outlined" sx={[props.variant]}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            {summary.map((column) => (
              <Typography key={column.id} variant="body2" component="span">
                <VisuallyHidden>{column.header}: </VisuallyHidden>
                {props.render(column)}
              </Typography>
            ))}
          </Stack>
        </AccordionSummary>
        <AccordionDetails>
          <ValueList columns={details} render={props.render} />
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
