import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  accountKeyFigure,
  type AccountKeyFigure,
  type AccountListItem,
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  maskAccountNumber,
} from '@portal/domain';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSettings } from '../../../lib/settings/settings-context';

/**
 * An account on a phone (issue 20 item 18): its name (the link to its page), its masked number,
 * the one figure that matters for its type (domain accountKeyFigure), a few facts under it (a
 * deposit's rate and maturity) and its status; Details shows `details`, the list's columns as the
 * table has them. The list around it, its name and its sort controls are DataTable's (its
 * renderCard), the same as every other list's on a phone.
 */
export function AccountCard(props: {
  row: AccountListItem;
  details: ReactNode;
  /** Each kind of key figure's label (the lists' column words). */
  figureLabel(figure: AccountKeyFigure): string;
  /** Short labelled values under the figure (a deposit's or investment's rate and maturity). */
  facts?: readonly { label: string; value: string }[];
  status: string;
  /** What the loan's processing payments pay (paid, not yet credited), if it has any. */
  processingCents?: number;
  detailsPath?: string;
  variant: 'default' | 'warning' | 'closed';
}) {
  const settings = useSettings();
  const { row, variant } = props;
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const nameId = useId();
  const figure = accountKeyFigure(row);
  const name: ReactNode = props.detailsPath ? (
    <Link component={RouterLink} to={props.detailsPath} id={nameId}>
      {row.Description}
    </Link>
  ) : (
    <span id={nameId}>{row.Description}</span>
  );
  return (
    <Card
      component="li"
      variant="outlined"
      aria-labelledby={nameId}
      sx={[
        { p: 2 },
        variant === 'warning' && {
          borderColor: 'error.main',
          borderLeftWidth: 4,
        },
        variant === 'closed' && { color: 'text.secondary' },
      ]}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
      >
        <div>
          <Typography variant="subtitle1" component="h3">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {maskAccountNumber(row.Number)}
          </Typography>
        </div>
        <Chip
          size="small"
          label={props.status}
          color={variant === 'warning' ? 'error' : 'default'}
          variant={variant === 'warning' ? 'filled' : 'outlined'}
        />
      </Stack>
      <Box sx={{ mt: 1.5 }}>
        <Typography variant="overline" component="p" color="text.secondary">
          {props.figureLabel(figure)}
        </Typography>
        <Typography
          variant="figure"
          component="p"
          sx={{ fontSize: '1.75rem', color: variant === 'warning' ? 'error.main' : undefined }}
        >
          {formatUsd(figure.cents)}
        </Typography>
        {figure.kind === 'amountDue' && figure.dueDate ? (
          <Typography variant="body2">
            {fillPlaceholders(settings.get('accountSummaryTexts.cardDueText'), {
              dueDate: formatUsDate(figure.dueDate),
            })}
          </Typography>
        ) : null}
        {figure.kind === 'amountDue' && props.processingCents !== undefined ? (
          <ProcessingChip cents={props.processingCents} />
        ) : null}
        {props.facts && props.facts.length > 0 ? (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 1.5,
              rowGap: 0.25,
              mt: 1,
              mb: 0,
            }}
          >
            {props.facts.map((fact) => (
              <Fragment key={fact.label}>
                <Typography variant="body2" component="dt" color="text.secondary">
                  {fact.label}
                </Typography>
                <Typography variant="body2" component="dd" sx={{ m: 0 }}>
                  {fact.value}
                </Typography>
              </Fragment>
            ))}
          </Box>
        ) : null}
      </Box>
      <Button
        size="small"
        sx={{ mt: 1, ml: -1 }}
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {settings.get(
          open
            ? 'accountSummaryTexts.cardHideDetailsButtonText'
            : 'accountSummaryTexts.cardDetailsButtonText',
        )}
      </Button>
      <Box id={detailsId} hidden={!open} sx={{ mt: 1, display: open ? 'block' : 'none' }}>
        {props.details}
      </Box>
    </Card>
  );
}

/**
 * The short marker of a loan with payments processing (paid, not yet credited by the core) and
 * what they pay, under its amount due in the loans list and on its card.
 */
export function ProcessingChip(props: { cents: number }) {
  const settings = useSettings();
  return (
    <Box sx={{ mt: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        label={fillPlaceholders(settings.get('accountSummaryTexts.processingPaymentChipText'), {
          amount: formatUsd(props.cents),
        })}
      />
    </Box>
  );
}
