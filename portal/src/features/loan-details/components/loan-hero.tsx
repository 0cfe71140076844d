import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import {
  type AmountDueBreakdown as Breakdown,
  type AmountLeftToPay,
  amountDueLines,
  formatUsd,
  formatUsDate,
  type NamedLoan,
  pastDueNotice,
  pastDueTextsOf,
  type ProcessingPayment,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { AmountDueBreakdown } from '../../../components/amount-due/amount-due-breakdown';
import { ProcessingPaymentsNotice } from '../../../components/payments/processing-payments-notice';
import { useSettings } from '../../../lib/settings/settings-context';

/**
 * The top of the loan page (issue 20 items 10, 12 and 19): what is owed first and largest, the
 * due date, a past-due loan said plainly in the error colour (how late, what brings it current),
 * then the actions (Make Payment first) and, when the amount due has more than one part, what it
 * is made of. The same words say it on the dashboard and the statement (domain pastDueNotice).
 * A payment made and not yet credited (processing) is said first, with what is left to pay
 * beside the amount due: the core's amount due does not count it yet.
 */
export function LoanHero(props: {
  /** The loan, as the past-due notice names it (domain loanName). */
  loan: NamedLoan;
  amountDueCents: number;
  /** The oldest unpaid due date (YYYY-MM-DD), or undefined for none. */
  dueDate: string | undefined;
  daysPastDue: number;
  breakdown: Breakdown;
  actions: ReactNode;
  note?: ReactNode;
  /** The loan's processing payments and what they leave to pay (domain amountLeftToPay). */
  processing?: AmountLeftToPay<ProcessingPayment>;
}) {
  const settings = useSettings();
  const texts = pastDueTextsOf(settings);
  const pastDue = props.daysPastDue > 0;
  const parts = amountDueLines(props.breakdown, texts).length;
  const processing = props.processing?.processing.length ? props.processing : undefined;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={settings.get('accountSummaryTexts.amountDueLabel')}
      sx={[{ p: { xs: 2, sm: 3 } }, pastDue && { borderColor: 'error.main', borderWidth: 2 }]}
    >
      {processing ? (
        <Box sx={{ mb: 2 }}>
          <ProcessingPaymentsNotice payments={processing.processing} />
        </Box>
      ) : null}
      {pastDue ? (
        <Alert severity="error" variant="outlined" sx={{ mb: 2 }}>
          <AlertTitle>{texts.title}</AlertTitle>
          {pastDueNotice(
            {
              loan: props.loan,
              daysPastDue: props.daysPastDue,
              dueDate: props.dueDate,
              bringCurrentCents: props.breakdown.bringCurrentCents,
              processingCents: processing?.processingCents,
            },
            texts,
          )}
        </Alert>
      ) : null}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: { xs: 4, sm: 6 },
          rowGap: 1,
          alignItems: 'flex-end',
        }}
      >
        <div>
          <Typography component="dt" variant="overline" color="text.secondary">
            {settings.get('accountSummaryTexts.amountDueLabel')}
          </Typography>
          <Typography
            component="dd"
            variant="figure"
            sx={{ m: 0, color: pastDue ? 'error.main' : 'text.primary' }}
          >
            {formatUsd(props.amountDueCents)}
          </Typography>
        </div>
        {processing ? (
          <div>
            <Typography component="dt" variant="overline" color="text.secondary">
              {settings.get('accountSummaryTexts.processingLeftToPayLabel')}
            </Typography>
            <Typography
              component="dd"
              variant="h6"
              sx={{ m: 0, fontVariantNumeric: 'lining-nums tabular-nums' }}
            >
              {formatUsd(processing.leftToPayCents)}
            </Typography>
          </div>
        ) : null}
        <div>
          <Typography component="dt" variant="overline" color="text.secondary">
            {settings.get('accountSummaryTexts.dueDateLabel')}
          </Typography>
          <Typography
            component="dd"
            variant="h6"
            sx={{ m: 0, fontVariantNumeric: 'lining-nums tabular-nums' }}
          >
            {formatUsDate(props.dueDate) || settings.get('commonTexts.noneText')}
          </Typography>
        </div>
      </Box>
      {props.note}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>{props.actions}</Box>
      {parts > 1 ? (
        <>
          <Divider sx={{ my: 2 }} />
          <AmountDueBreakdown breakdown={props.breakdown} />
        </>
      ) : null}
    </Card>
  );
}
