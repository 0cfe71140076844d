import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  type AmountLeftToPay,
  type Cents,
  type ProcessingPayment,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { ProcessingPaymentsNotice } from '../../../components/payments/processing-payments-notice';
import { useSettings } from '../../../lib/settings/settings-context';

/**
 * The loan's payments made and not yet credited by the core, said before the form, with what
 * they leave to pay beside the amount due the form starts from (the core's amount due does not
 * count them yet), as the loan page's hero says it. Nothing while no payment is processing.
 */
export function ProcessingPaymentsSummary(props: {
  /** What the loan's processing payments leave to pay (domain amountLeftToPay). */
  processing: AmountLeftToPay<ProcessingPayment>;
  /** The amount due it is taken from. */
  amountDueCents: Cents;
}) {
  const settings = useSettings();
  const { processing } = props;
  if (processing.processing.length === 0) return null;
  return (
    <Stack spacing={2}>
      <ProcessingPaymentsNotice payments={processing.processing} />
      <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
        <Figure label={settings.get('accountSummaryTexts.amountDueLabel')}>
          {formatUsd(props.amountDueCents)}
        </Figure>
        <Figure label={settings.get('accountSummaryTexts.processingLeftToPayLabel')}>
          {formatUsd(processing.leftToPayCents)}
        </Figure>
      </Box>
    </Stack>
  );
}

function Figure(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography
        component="dd"
        variant="h6"
        sx={{ m: 0, fontVariantNumeric: 'lining-nums tabular-nums' }}
      >
        {props.children}
      </Typography>
    </div>
  );
}
