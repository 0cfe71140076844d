import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PaymentReviewRow, PaymentReviewRowKey } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useSettings } from '../../../lib/settings/settings-context';
import type { TextKey } from './payment-texts';

/**
 * The label of each summary row: the confirmation screen's labels where it has the row (the
 * borrower reads the same words before and after), the payment texts for the rest.
 */
function rowLabel(
  settings: SettingsAccessor,
  key: PaymentReviewRowKey,
  methodIsCard: boolean,
): string {
  const keys: Record<Exclude<PaymentReviewRowKey, 'method'>, TextKey> = {
    loan: 'paymentTexts.reviewLoanLabel',
    amount: 'confirmationTexts.amountLabel',
    additionalPrincipal: 'confirmationTexts.additionalPrincipalLabel',
    // The form's name for the fee, on the form, here and on the confirmation alike (issue 20).
    fee: 'paymentTexts.processingFeeText',
    total: 'confirmationTexts.totalLabel',
    date: 'confirmationTexts.paymentDateLabel',
    // A recurring payment's date is its first, as the form's field says.
    firstDate: 'recurringPaymentTexts.firstPaymentDateLabel',
    frequency: 'confirmationTexts.frequencyLabel',
    authorization: 'paymentTexts.reviewAuthorizationLabel',
  };
  if (key === 'method') {
    return settings.get(
      methodIsCard ? 'confirmationTexts.cardUsedLabel' : 'confirmationTexts.accountUsedLabel',
    );
  }
  return settings.get(keys[key]);
}

/**
 * The summary of exactly what will be sent (issue 20, item 1; GOV.UK's "check your answers"):
 * a description list under a heading, on the page above the submit button and again above the
 * confirm-before-submit question. The rows are the domain's (paymentReviewRows).
 */
export function PaymentReview(props: {
  rows: PaymentReviewRow[];
  methodIsCard: boolean;
  headingId: string;
  /** The heading's level: h2 on the page, h2 in the dialog too (under its title). */
  headingComponent?: 'h2' | 'h3';
}) {
  const settings = useSettings();
  return (
    <Box>
      <Typography
        id={props.headingId}
        variant="h2"
        component={props.headingComponent ?? 'h2'}
        sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}
      >
        {settings.get('paymentTexts.reviewHeadingText')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          // The labels take at most two fifths: on a phone a long one wraps, not the figures.
          gridTemplateColumns: 'minmax(6rem, 2fr) 3fr',
          columnGap: 2,
          rowGap: 0.75,
          m: 0,
        }}
      >
        {props.rows.map((row) => (
          <Box key={row.key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {rowLabel(settings, row.key, props.methodIsCard)}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontVariantNumeric: 'tabular-nums',
                fontWeight: row.key === 'total' ? 700 : undefined,
                overflowWrap: 'anywhere',
              }}
            >
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
