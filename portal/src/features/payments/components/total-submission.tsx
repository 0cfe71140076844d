import {
  calendarDateIn,
  achDraftAgreementFirst,
  cardStopOf,
  paymentErrorDisplay,
  paymentErrorSeverity,
  withCardAdditionalErrorText,
  type CardStop,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { accountKeys } from '../../../lib/accounts/get-account-list';
import { requestReview } from '../../../lib/mobile/mobile-bridge';
import { failedAnswerOf } from '../../../lib/payments/payment-error-text';
import { saveConfirmation } from '../../../lib/payments/confirmation-store';
import { paymentKeys } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { useSignedInUser } from '../../../lib/session/session-context';
import { paymentFeatureKeys } from '../api/keys';
import { paymentMethodsQuery } from '../api/payment-methods';
import { submitCallOf, submitPayment } from '../api/submit-payment';
import { paymentTypeOf, requestMethodOf } from '../utils/chosen-method';
import { retiresAttempt, type IdempotencyAttempts } from '../../../lib/idempotency-attempt';
import { askAchDraftAgreement } from './ach-draft-dialog';
import { ConfirmSubmitDialog } from './confirm-submit-dialog';
import { methodErrorText } from './payment-texts';
import {
  achDraftPreviewRequestOf,
  confirmationOf,
  paymentRequestOf,
  type PaymentToSend,
} from './total-request';

/** Section 9: the confirm-before-submit dialog is 400 px wide. */
export const CONFIRM_DIALOG_WIDTH = 400;
/** Section 9: the in-app review prompt waits 3 seconds after a successful payment. */
export const REVIEW_PROMPT_DELAY_MS = 3000;

const FOCUS_POLL_MS = 50;
const FOCUS_WAIT_MS = 2_000;

/**
 * Where focus goes once a submission is over: the submit button's and the error message's refs,
 * for the elements that may take it.
 */
export function useFocusAfterSubmission(submitting: boolean) {
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
  return { buttonRef, alertRef };
}

/**
 * Submit: the ACH draft agreement (recurring ACH, when required) or the confirm dialog (when set),
 * then the request with the attempt's Idempotency-Key; its error, or the confirmation page.
 */
export function usePaymentSubmission(
  args: PaymentToSend & {
    attempts: IdempotencyAttempts;
    /** After a Declined, OverLimit, InvalidInfo or Expired answer, submit stays disabled. */
    refused: boolean;
    onRefused(stop: CardStop): void;
    /** The confirm dialog's summary; `agreed`: the ACH draft agreement was just agreed to. */
    confirmSummary(agreed: boolean): ReactNode;
  },
) {
  const settings = useSettings();
  const user = useSignedInUser();
  const dialogs = useDialogStack();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { chosen, frequency } = args;
  const paymentType = paymentTypeOf(chosen);
  const [error, setError] = useState<{ text: string; severity: 'info' | 'error' } | undefined>(
    undefined,
  );
  const [submitting, setSubmitting] = useState(false);
  // The request is on its way (not only the review or the draft agreement open): the page's
  // button shows a spinner for this only, so it does not look sent while the borrower still
  // reads the review.
  const [sending, setSending] = useState(false);
  // A ref, not state: a second click in the same event loop turn sees it at once.
  const inFlight = useRef(false);
  // The payment went through and the page is leaving for its confirmation: nothing is sent from
  // it again. The second click of a double click can come after the answer, before the
  // confirmation shows (its screen loads): with the attempt's key retired, it would have been a
  // second payment.
  const sent = useRef(false);

  /** Sends the request with the attempt's key; shows the error, or goes to the confirmation. */
  async function send(draftToken: string) {
    const call = submitCallOf(frequency.kind, paymentType);
    const submission = {
      path: call.path.replace(/^\//, ''),
      body: paymentRequestOf(args, user.username, draftToken),
    };
    const key = args.attempts.keyFor(JSON.stringify(submission));
    let answer;
    setSending(true);
    try {
      answer = await submitPayment(submission, key);
    } catch (caught) {
      setSending(false);
      // Only a definitive refusal retires the key; a lost answer, a 409, a 5xx or Generic
      // keeps the attempt open, and a retry of the same request resumes it.
      if (retiresAttempt(caught)) args.attempts.settle();
      const display = paymentErrorDisplay('submit', failedAnswerOf(caught));
      const stop = display.kind === 'catalogued' ? cardStopOf(display.key) : undefined;
      if (stop) args.onRefused(stop);
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
    sent.current = true;
    args.attempts.settle();
    saveConfirmation(
      confirmationOf(
        args,
        answer,
        calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date()),
      ),
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
      queryClient.invalidateQueries({ queryKey: paymentKeys.info(args.accountNumber) }),
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
        summary={args.confirmSummary(agreed)}
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
    if (inFlight.current || sent.current || args.refused) return;
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
        if (!achInfo) return;
        // The ACH agreements this user has yet to accept (as the ACH terms modal asks them).
        const methods = await queryClient
          .ensureQueryData(paymentMethodsQuery(args.accountNumber))
          .catch(() => undefined);
        const token = await askAchDraftAgreement(
          dialogs,
          achDraftPreviewRequestOf(args, achInfo),
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
      // Sent: the button stays busy until the confirmation replaces the page.
      if (!sent.current) {
        setSubmitting(false);
        setSending(false);
      }
    }
  }

  return { error, submitting, sending, submit };
}
