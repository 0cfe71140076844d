import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  achDraftAgreementFirst,
  paymentReviewRows,
  type Cents,
  type PaymentMoney,
  type PaymentReviewInput,
} from '@portal/domain';
import { useId, type ReactNode } from 'react';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { lateDateWarning } from '../utils/late-date-warning';
import { frequencyText } from '../../../lib/payments/schedule-text';
import { paymentTypeOf, reviewedMethodOf, type ChosenMethod } from '../utils/chosen-method';
import { AchOneTimeAuthorization } from './ach-one-time-authorization';
import { PaymentReview } from './payment-review';
import type { AmountInfo } from './amount-step';
import type { FrequencyInfo } from './frequency-step';

/** The ACH authorization's element on the page (it describes the submit button). */
export const AUTHORIZATION_ID = 'ach-one-time-authorization';

/**
 * The breakdown of exactly what will be sent (the review), and the ACH authorization's wording,
 * for the page and for the confirm dialog.
 */
export function useTotalReview(args: {
  accountNumber: string;
  accountDescription: string;
  chosen: ChosenMethod;
  frequency: FrequencyInfo;
  amount: AmountInfo;
  money: PaymentMoney;
  totalCents: Cents;
  info: Pick<PaymentInfo, 'DueDate'>;
  pastDue: boolean;
}) {
  const settings = useSettings();
  const { chosen, frequency, amount, totalCents } = args;
  const paymentType = paymentTypeOf(chosen);
  const reviewHeadingId = useId();
  const reviewMethod = reviewedMethodOf(chosen);
  const reviewInput: PaymentReviewInput = {
    loan: { description: args.accountDescription, number: args.accountNumber },
    ...args.money,
    totalDueAtPaymentTime: amount.totalDueAtPaymentTime,
    payDate: frequency.date,
    recurring: frequency.kind === 'recurring',
    method: reviewMethod,
    frequencyText: frequencyText(settings, frequency.frequency, frequency.numDays, frequency.date),
    ...(frequency.isPayoff
      ? { payoffText: settings.get('recurringPaymentTexts.scheduledPayoffText') }
      : {}),
  };
  const reviewRows = paymentReviewRows(reviewInput, settings.get('paymentTexts.locTotalDueText'));
  // Every ACH debit is made under written wording the borrower sees before pressing the button:
  // a one-time one, or a recurring one where no ACH draft agreement (its own dialog) is asked.
  const achAuthorizationShown =
    paymentType === 'ACH' &&
    (frequency.kind !== 'recurring' ||
      !achDraftAgreementFirst({
        requireAchDraftAgreementOption: settings.get(
          'achPaymentOptions.requireAchDraftAgreementOption',
        ),
        paymentType,
        frequency: frequency.frequency,
      }));
  // The ACH authorization's wording: on the page above the button, and again in the confirm
  // dialog with the review (issue 20: pressing Submit there is what authorizes the debit).
  const achAuthorization = (id: string) =>
    !achAuthorizationShown ? null : frequency.kind === 'recurring' ? (
      <AchOneTimeAuthorization
        id={id}
        chosen={chosen}
        totalCents={totalCents}
        date={frequency.date}
        kind="scheduled"
        recurringFrequencyText={lowerFirst(
          frequencyText(settings, frequency.frequency, frequency.numDays, frequency.date),
        )}
      />
    ) : (
      <AchOneTimeAuthorization
        id={id}
        chosen={chosen}
        totalCents={totalCents}
        date={frequency.date}
        kind={frequency.kind}
        isPayoff={frequency.isPayoff}
      />
    );
  const review = (headingId: string, draftAgreed = false) => (
    <PaymentReview
      rows={
        draftAgreed
          ? paymentReviewRows(
              {
                ...reviewInput,
                authorizationText: settings.get('achDraftAgreementTexts.reviewAgreedText'),
              },
              settings.get('paymentTexts.locTotalDueText'),
            )
          : reviewRows
      }
      methodIsCard={reviewMethod.IsCard}
      headingId={headingId}
    />
  );
  /** The confirm dialog's summary; `agreed`: the ACH draft agreement was just agreed to. */
  // A date after the due date is said again where the borrower confirms, not only by the field.
  const lateWarning = lateDateWarning(settings, args.info, frequency.date, args.pastDue);
  const dialogSummary = (agreed: boolean): ReactNode => (
    <>
      {lateWarning ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {lateWarning}
        </Alert>
      ) : null}
      {review(`${reviewHeadingId}-dialog`, agreed)}
      {agreed ? null : <Box sx={{ pt: 2 }}>{achAuthorization(`${AUTHORIZATION_ID}-dialog`)}</Box>}
    </>
  );
  return { reviewHeadingId, achAuthorizationShown, achAuthorization, review, dialogSummary };
}

/** 'Monthly on the 15th' inside a sentence: 'monthly on the 15th' (a weekday keeps its capital). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
