import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  type AmountDueBreakdown as Breakdown,
  amountDueLines,
  type CalendarDate,
  formatUsd,
  listedAmountDueBreakdown,
  pastDueTextsOf,
} from '@portal/domain';
import { useId, type ReactNode } from 'react';
import { useSettings } from '../../lib/settings/settings-context';

/**
 * What a loan's amount due is made of (domain amountDueBreakdown): the missed installments, late
 * charges, other fees and the current installment, the total, and what brings a past-due loan
 * current. The loan page shows it under its hero; Make Payment shows the same for the chosen
 * loan through ListedAmountDueBreakdown (below), and the statement the same lines (domain
 * amountDueLines). Lines that are 0 are left out, except the total.
 */
export function AmountDueBreakdown(props: {
  breakdown: Breakdown;
  /** The heading level of the section's title (the loan page's sections are h2). */
  headingComponent?: 'h2' | 'h3';
}) {
  const settings = useSettings();
  const headingId = useId();
  const { breakdown } = props;
  const texts = pastDueTextsOf(settings);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        variant="subtitle1"
        component={props.headingComponent ?? 'h2'}
        id={headingId}
        sx={{ fontWeight: 600, mb: 1 }}
      >
        {texts.breakdownHeading}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          columnGap: 3,
          rowGap: 0.5,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {amountDueLines(breakdown, texts).map((line) => (
          <Line key={line.label} label={line.label} late={line.late}>
            {formatUsd(line.cents)}
          </Line>
        ))}
        <Line label={texts.totalDue} strong>
          {formatUsd(breakdown.totalCents)}
        </Line>
        {breakdown.bringCurrentCents > 0 ? (
          <Line label={texts.bringCurrent} late strong>
            {formatUsd(breakdown.bringCurrentCents)}
          </Line>
        ) : null}
      </Box>
    </Box>
  );
}

function Line(props: { label: string; children: ReactNode; late?: boolean; strong?: boolean }) {
  const sx = {
    m: 0,
    fontWeight: props.strong ? 600 : undefined,
    color: props.late ? 'error.main' : undefined,
  };
  return (
    <>
      <Typography
        component="dt"
        variant="body2"
        sx={{ ...sx, color: props.late ? 'error.main' : 'text.secondary' }}
      >
        {props.label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ ...sx, textAlign: 'right' }}>
        {props.children}
      </Typography>
    </>
  );
}

/**
 * Make Payment's hook: the chosen loan's amount due broken down, from its account list row
 * (domain listedAmountDueBreakdown, past due as of the server's today: a device clock days off
 * would call a current loan behind), shown only when the
 * amount has more than one part or the loan is past due; otherwise nothing.
 */
export function ListedAmountDueBreakdown(props: {
  account: Parameters<typeof listedAmountDueBreakdown>[0];
  /** The server's today (the payment info's PaymentDate), not the device's. */
  today: CalendarDate;
  headingComponent?: 'h2' | 'h3';
}) {
  const settings = useSettings();
  const breakdown = listedAmountDueBreakdown(props.account, props.today);
  const parts = amountDueLines(breakdown, pastDueTextsOf(settings)).length;
  if (parts < 2 && breakdown.bringCurrentCents === 0) return null;
  return <AmountDueBreakdown breakdown={breakdown} headingComponent={props.headingComponent} />;
}
