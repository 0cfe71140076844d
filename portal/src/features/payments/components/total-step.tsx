import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  achDraftAgreementFirst,
  cardStopOf,
  centsToDollars,
  firstPartyFee,
  formatUsd,
  lastFourOf,
  paymentErrorDisplay,
  paymentErrorSeverity,
  paymentReviewRows,
  paymentTotal,
  processingFee,
  recurringDetailsOf,
  withCardAdditionalErrorText,
  type CalendarDate,
  type CardStop,
  type PaymentConfirmation,
  type PaymentRequest,
  type PaymentReviewInput,
  type RecurringPaymentRequest,
  type SubmitPaymentResponse,
} from '@portal/domain';
import { LazyRichText } from '@portal/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { accountKeys } from '../../../lib/accounts/get-account-list';
import { requestReview } from '../../../lib/mobile/mobile-bridge';
import { failedAnswerOf } from '../../../lib/payments/payment-error-text';
import { saveConfirmation } from '../../../lib/payments/confirmation-store';
import { paymentKeys, type PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { useSignedInUser } from '../../../lib/session/session-context';
import { paymentFeatureKeys } from '../api/keys';
import { paymentMethodsQuery } from '../api/payment-methods';
import { submitCallOf, submitPayment } from '../api/submit-payment';
import {
  feeMethodOf,
  paymentTypeOf,
  requestMethodOf,
  reviewedMethodOf,
  type ChosenMethod,
} from '../utils/chosen-method';
import { retiresAttempt, type IdempotencyAttempts } from '../utils/idempotency-attempt';
import { firstPartyFeesOf } from '../utils/payment-context';
import { frequencyText } from '../../../lib/payments/schedule-text';
import { askAchDraftAgreement } from './ach-draft-dialog';
import { AchOneTimeAuthorization } from './ach-one-time-authorization';
import { ConfirmSubmitDialog } from './confirm-submit-dialog';
import { PaymentReview } from './payment-review';
import type { AmountInfo } from './amount-step';
import type { FrequencyInfo } from './frequency-step';
import { methodErrorText } from './payment-texts';

/** The ACH authorization's element on the page (it describes the submit button). */
const AUTHORIZATION_ID = 'ach-one-time-authorization';

/** Section 9: the confirm-before-submit dialog is 400 px wide. */
export const CONFIRM_DIALOG_WIDTH = 400;
/** Section 9: the in-app review prompt waits 3 seconds after a successful payment. */
export const REVIEW_PROMPT_DELAY_MS = 3000;

interface TotalStepProps {
  accountNumber: string;
  /** The loan's name (the account list's Description), for the summary. */
  accountDescription: string;
  info: PaymentInfo;
  chosen: ChosenMethod;
  frequency: FrequencyInfo;
  amount: AmountInfo;
  /** The institution's today, as the server answers it (the payment page's). */
  today: CalendarDate;
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
const FOCUS_POLL_MS = 50;
const FOCUS_WAIT_MS = 2_000;

export function TotalStep(props: TotalStepProps) {
  const settings = useSettings();
  const user = useSignedInUser();
  const dialogs = useDialogStack();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { chosen, frequency, amount, info } = props;
  const paymentType = paymentTypeOf(chosen);
  const [error, setError] = useState<{ text: string; severity: 'info' | 'error' } | undefined>(
    undefined,
  );
  const [submitting, setSubmitting] = useState(false);
  // A ref, not state: a second click in the same event loop turn sees it at once.
  const inFlight = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The button is busy (disabled) while the confirm dialog or the ACH draft agreement is open,
  // so the dialog cannot give focus back to it when it closes, and a refusal may disable it for
  // good: once the submission is over, focus left on the page's body goes to the message, or to
  // the button (a keyboard user found it on the body after No, Escape and a decline).
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (submitting) {
      wasSubmitting.current = true;
      return undefined;
    }
    if (!wasSubmitting.current) return undefined;
    wasSubmitting.current = false;
    // A closing dialog holds focus until its exit transition ends: wait for it to let go.
    const started = Date.now();
    const timer = window.setInterval(() => {
      const active = document.activeElement;
      const settled = !active || active === document.body || !active.closest('[role="dialog"]');
      if (!settled && Date.now() - started < FOCUS_WAIT_MS) return;
      window.clearInterval(timer);
      // Lost: on the body, on an element gone, or on the button now disabled (a browser may
      // keep focus there, where no key reaches anything).
      if (
        !active ||
        active === document.body ||
        !active.isConnected ||
        active.matches(':disabled')
      ) {
        (alertRef.current ?? buttonRef.current)?.focus();
      }
    }, FOCUS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [submitting]);

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
  const cardFeeInfo = settings.get('cardPaymentTexts.cardFeeInfoText');
  const reviewHeadingId = useId();
  const reviewMethod = reviewedMethodOf(chosen);
  const reviewInput: PaymentReviewInput = {
    loan: { description: props.accountDescription, number: props.accountNumber },
    ...money,
    totalDueAtPaymentTime: amount.totalDueAtPaymentTime,
    payDate: frequency.date,
    recurring: frequency.kind === 'recurring',
    method: reviewMethod,
    frequencyText: frequencyText(settings, frequency.frequency, frequency.numDays, frequency.date),
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

  function requestBody(draftToken: string): PaymentRequest | RecurringPaymentRequest {
    const payment = {
      LogonName: user.username,
      Details: {
        PaymentDate: frequency.date,
        LoanAccountNumber: props.accountNumber,
        Company: info.PaymentDetails.Company,
        PaymentAmount: centsToDollars(amount.amountCents),
        FirstPartyFee: centsToDollars(firstPartyFeeCents),
        ThirdPartyFee: centsToDollars(frequency.thirdPartyFeeCents),
        AdditionalPrincipalAmount: centsToDollars(amount.additionalPrincipalCents),
      },
      AccountType: info.accountType,
      IsPayoff: frequency.isPayoff,
      Method: requestMethodOf(chosen),
    };
    const recurring = recurringDetailsOf(frequency.frequency, frequency.numDays);
    if (frequency.kind === 'recurring' && recurring) {
      return {
        EncryptedData: '',
        AchDraftAgreementToken: draftToken,
        Payment: { ...payment, RecurringDetails: recurring },
      };
    }
    return { EncryptedData: '', Payment: payment };
  }

  function confirmation(answer: SubmitPaymentResponse): PaymentConfirmation {
    return {
      referenceNumber: answer.ReferenceNumber,
      payDate: frequency.date,
      submittedOn: props.today,
      // When a pay-now payment was received (issue 20 item 16) is the server's to say: the
      // answer's ReceivedAt, never the device's clock (a phone a day off showed the wrong day).
      ...(frequency.kind === 'immediate' && answer.ReceivedAt
        ? { receivedAt: answer.ReceivedAt }
        : {}),
      dueDate: info.DueDate.slice(0, 10),
      isRecurringLOCPayingTotalDue: amount.totalDueAtPaymentTime,
      submissionInfo: {
        accountNumber: props.accountNumber,
        accountDescription: props.accountDescription,
        amount: amount.amountCents,
        additionalPrincipalAmount: amount.additionalPrincipalCents,
        fees: { firstParty: firstPartyFeeCents, thirdParty: frequency.thirdPartyFeeCents },
        frequencyInfo: { frequency: frequency.frequency, numDays: frequency.numDays },
        method:
          chosen.kind === 'singleUseAch'
            ? {
                IsCard: false,
                AchInfo: {
                  AccountNumber: lastFourOf(chosen.ach.AccountNumber),
                  AccountType: chosen.ach.AccountType,
                },
              }
            : chosen.method.IsCard
              ? {
                  IsCard: true,
                  CardInfo: {
                    CardType: chosen.method.CardInfo.CardType,
                    CardNumber: chosen.method.CardInfo.CardNumber,
                  },
                }
              : {
                  IsCard: false,
                  AchInfo: {
                    AccountNumber: chosen.method.AchInfo.AccountNumber,
                    AccountType: chosen.method.AchInfo.AccountType,
                  },
                },
      },
    };
  }

  /** Sends the request with the attempt's key; shows the error, or goes to the confirmation. */
  async function send(draftToken: string) {
    const call = submitCallOf(frequency.kind, paymentType);
    const submission = { path: call.path.replace(/^\//, ''), body: requestBody(draftToken) };
    const key = props.attempts.keyFor(JSON.stringify(submission));
    let answer;
    try {
      answer = await submitPayment(submission, key);
    } catch (caught) {
      // Only a definitive refusal retires the key; a lost answer, a 409, a 5xx or Generic
      // keeps the attempt open, and a retry of the same request resumes it.
      if (retiresAttempt(caught)) props.attempts.settle();
      const display = paymentErrorDisplay('submit', failedAnswerOf(caught));
      const stop = display.kind === 'catalogued' ? cardStopOf(display.key) : undefined;
      if (stop) props.onRefused(stop);
      setError({
        text: withCardAdditionalErrorText(
          methodErrorText(settings, display),
          paymentType,
          settings.get('cardPaymentTexts.cardPaymentAdditionalErrorText'),
        ),
        severity: paymentErrorSeverity(display),
      });
      return;
    }
    props.attempts.settle();
    saveConfirmation(confirmation(answer));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
      queryClient.invalidateQueries({ queryKey: paymentKeys.info(props.accountNumber) }),
      // A method saved with the payment (issue 20 item 9) is listed from now on.
      queryClient.invalidateQueries({ queryKey: paymentFeatureKeys.all() }),
    ]);
    if (settings.get('paymentOptions.requestReviewAfterPaymentOption')) {
      setTimeout(() => void requestReview(), REVIEW_PROMPT_DELAY_MS);
    }
    await navigate('/myaccount/paymentConfirm');
  }

  /**
   * The confirm-before-submit dialog with the review (when set), which sends the payment itself
   * and stays open, busy, until the answer; without it the payment is sent at once. `agreed`: the
   * ACH draft agreement was just agreed to, and the review says so.
   */
  async function confirmAndSend(draftToken: string, agreed: boolean) {
    if (!settings.get('paymentOptions.confirmBeforeSubmitOption')) {
      await send(draftToken);
      return;
    }
    await dialogs.open<boolean>((close) => (
      <ConfirmSubmitDialog
        summary={
          <>
            {review(`${reviewHeadingId}-dialog`, agreed)}
            {agreed ? null : (
              <Box sx={{ pt: 2 }}>{achAuthorization(`${AUTHORIZATION_ID}-dialog`)}</Box>
            )}
          </>
        }
        title={settings.get('paymentTexts.confirmSubmitText')}
        confirmText={settings.get('paymentTexts.confirmSubmitButtonText')}
        cancelText={settings.get('paymentTexts.confirmSubmitNoText')}
        width={CONFIRM_DIALOG_WIDTH}
        submit={() => send(draftToken)}
        onClose={close}
      />
    )).result;
  }

  async function submit() {
    if (inFlight.current || props.refused) return;
    inFlight.current = true;
    setSubmitting(true);
    setError(undefined);
    try {
      if (
        achDraftAgreementFirst({
          requireAchDraftAgreementOption: settings.get(
            'achPaymentOptions.requireAchDraftAgreementOption',
          ),
          paymentType,
          frequency: frequency.frequency,
        })
      ) {
        const method = requestMethodOf(chosen);
        const achInfo = method.IsCard ? undefined : method.AchInfo;
        const recurringDetails = recurringDetailsOf(frequency.frequency, frequency.numDays);
        if (!achInfo) return;
        // The ACH agreements this user has yet to accept (as the ACH terms modal asks them).
        const methods = await queryClient
          .ensureQueryData(paymentMethodsQuery(props.accountNumber))
          .catch(() => undefined);
        const token = await askAchDraftAgreement(
          dialogs,
          {
            LoanAccountNumber: props.accountNumber,
            AchInfo: achInfo,
            // Section 7: Amount is the payment amount; the server adds the fees to the charged
            // amount itself (achDraftChargedAmount), so they are not sent in it.
            Amount: centsToDollars(amount.amountCents),
            AdditionalPrincipal: centsToDollars(amount.additionalPrincipalCents),
            LocalTimeOffset: new Date().getTimezoneOffset(),
            daysBeforeDue: frequency.numDays,
            // The schedule the preview then states, as the authorization will.
            ...(recurringDetails
              ? { RecurringOption: recurringDetails.RecurringOption, Date: frequency.date }
              : {}),
          },
          user.username,
          methods?.AchAgreementsNeeded,
        );
        if (token === undefined) return;
        // Agree does not send the payment (issue 20): the review follows, with the agreement
        // among what is checked, and its Submit sends the payment once.
        await confirmAndSend(token, true);
      } else {
        await confirmAndSend('', false);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <Stack
      component="section"
      spacing={1}
      aria-label={settings.get('paymentTexts.paymentTotalText')}
    >
      {amount.totalDueAtPaymentTime ? (
        <Typography>{settings.get('paymentTexts.locTotalDueText')}</Typography>
      ) : (
        <>
          {settings.get('paymentOptions.hideProcessingFeeLineOption') ? null : (
            <Typography>
              {settings.get('paymentTexts.processingFeeText')}: {formatUsd(feeCents)}
            </Typography>
          )}
          {paymentType === 'Card' && cardFeeInfo.trim() ? (
            <LazyRichText html={cardFeeInfo} />
          ) : null}
          <Typography sx={{ fontWeight: 'bold' }}>
            {settings.get('paymentTexts.paymentTotalText')}: {formatUsd(totalCents)}
          </Typography>
        </>
      )}
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
          disabled={props.refused}
          loading={submitting}
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

/** 'Monthly on the 15th' inside a sentence: 'monthly on the 15th' (a weekday keeps its capital). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
