import Typography from '@mui/material/Typography';
import { formatUsd, type Cents, type PaymentType } from '@portal/domain';
import { LazyRichText } from '@portal/web-kit';
import { useSettings } from '../../../lib/settings/settings-context';

/**
 * The figures above the review: the Processing Fee line (hideable), the card-fee text and the
 * Payment Total; a recurring line of credit paying total due says so instead.
 */
export function TotalFeeLines(props: {
  totalDueAtPaymentTime: boolean;
  paymentType: PaymentType;
  feeCents: Cents;
  totalCents: Cents;
}) {
  const settings = useSettings();
  const cardFeeInfo = settings.get('cardPaymentTexts.cardFeeInfoText');
  return props.totalDueAtPaymentTime ? (
    <Typography>{settings.get('paymentTexts.locTotalDueText')}</Typography>
  ) : (
    <>
      {settings.get('paymentOptions.hideProcessingFeeLineOption') ? null : (
        <Typography>
          {settings.get('paymentTexts.processingFeeText')}: {formatUsd(props.feeCents)}
        </Typography>
      )}
      {props.paymentType === 'Card' && cardFeeInfo.trim() ? (
        <LazyRichText html={cardFeeInfo} />
      ) : null}
      <Typography sx={{ fontWeight: 'bold' }}>
        {settings.get('paymentTexts.paymentTotalText')}: {formatUsd(props.totalCents)}
      </Typography>
    </>
  );
}
