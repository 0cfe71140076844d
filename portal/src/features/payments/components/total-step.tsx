import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { firstPartyFee, paymentTotal, processingFee, type CardStop } from '@portal/domain';
import { useSettings } from '../../../lib/settings/settings-context';
import { feeMethodOf, paymentTypeOf } from '../utils/chosen-method';
import type { IdempotencyAttempts } from '../../../lib/idempotency-attempt';
import { firstPartyFeesOf } from '../utils/payment-context';
import { TotalFeeLines } from './total-fee-lines';
import { AUTHORIZATION_ID, useTotalReview } from './total-review';
import { useFocusAfterSubmission, usePaymentSubmission } from './total-submission';
import type { PaymentToSend } from './total-request';

export { CONFIRM_DIALOG_WIDTH, REVIEW_PROMPT_DELAY_MS } from './total-submission';

/** The payment as the steps before chose it (PaymentToSend), and what the page tracks of it. */
interface TotalStepProps extends Omit<PaymentToSend, 'firstPartyFeeCents'> {
  /** The loan is past due: its payment date is not said to be late (it is already). */
  pastDue: boolean;
  attempts: IdempotencyAttempts;
  /** After a Declined, OverLimit, InvalidInfo or Expired answer, submit stays disabled. */
  refused: boolean;
  /**
   * The card was refused, or cards are paused: the page unselects it and the method step says
   * what next.
   */
  onRefused(stop: CardStop): void;
}

/**
 * Step 5, total and submit (spec 001 sections 2 and 4 "Submit"): the Processing Fee line
 * (hideable), the card-fee text, the Payment Total and the submit button, worded by kind. Submit
 * opens the ACH draft agreement (recurring ACH, when required) or the confirm dialog (when set),
 * then sends the request with the attempt's Idempotency-Key.
 */
export function TotalStep(props: TotalStepProps) {
  const settings = useSettings();
  const { chosen, frequency, amount, info } = props;
  const paymentType = paymentTypeOf(chosen);
  const firstPartyFeeCents = firstPartyFee(
    firstPartyFeesOf(info),
    feeMethodOf(chosen),
    frequency.kind,
  );
  const money = {
    amountCents: amount.amountCents,
    firstPartyFeeCents,
    thirdPartyFeeCents: frequency.thirdPartyFeeCents,
    additionalPrincipalCents: amount.additionalPrincipalCents,
  };
  const feeCents = processingFee(money);
  const totalCents = paymentTotal(money);
  const { reviewHeadingId, achAuthorizationShown, achAuthorization, review, dialogSummary } =
    useTotalReview({ ...props, money, totalCents });
  const { error, submitting, sending, submit } = usePaymentSubmission({
    ...props,
    firstPartyFeeCents,
    confirmSummary: dialogSummary,
  });
  const { buttonRef, alertRef } = useFocusAfterSubmission(submitting);

  return (
    <Stack
      component="section"
      spacing={1}
      aria-label={settings.get('paymentTexts.paymentTotalText')}
    >
      <TotalFeeLines
        totalDueAtPaymentTime={amount.totalDueAtPaymentTime}
        paymentType={paymentType}
        feeCents={feeCents}
        totalCents={totalCents}
      />
      <Box sx={{ pt: 2 }}>{review(reviewHeadingId)}</Box>
      {/* Every ACH debit is made under a written authorization: a one-time one under its wording,
          a recurring one under the ACH draft agreement where the institution asks for it (its
          dialog comes on submit), else under the recurring wording here. */}
      {achAuthorization(AUTHORIZATION_ID)}
      {error ? (
        <Alert ref={alertRef} tabIndex={-1} severity={error.severity}>
          {error.text}
        </Alert>
      ) : null}
      <div>
        <Button
          ref={buttonRef}
          variant="contained"
          aria-describedby={achAuthorizationShown ? AUTHORIZATION_ID : undefined}
          disabled={props.refused || submitting}
          loading={sending}
          onClick={() => void submit()}
        >
          {frequency.kind === 'immediate'
            ? settings.get('paymentTexts.submitImmediateButtonText')
            : settings.get('paymentTexts.submitLaterButtonText')}
        </Button>
      </div>
    </Stack>
  );
}
