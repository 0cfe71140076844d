import {
  formatUsd,
  formatLongDate,
  formatLongDateTime,
  maskAccountNumber,
  PAYMENT_CARD_TYPE_NAMES,
  PAYMENT_CARD_TYPES,
} from '@portal/domain';
import { type EmailSettings, fillTemplate } from '../mail/emails';
import type { OutgoingMail } from '../mail/mail.service';
import type { PaymentRow } from './payments.repository';
import { storedPaymentTotal } from './payment-total';

/*
 * The payment e-mails: the receipt of a posted payment, the notice of a scheduled or recurring
 * date that failed, and the notices of a payment returned, refunded or under review. Their
 * wording is the institution's (`emailTexts.paymentReceipt*`, `emailTexts.payment*MethodText`,
 * `emailTexts.paymentFailed*`, `paymentReturned*`, `paymentRefunded*`, admin-only settings whose
 * defaults are the product's wording), filled in here. They name the method by its kind and last
 * four digits only, never a full card or account number.
 */

/** "Visa ending in 4242" / "Account ending in 6789", as the settings word it. */
/** How the payment e-mails and alerts name the method: its kind and last four digits only. */
export function methodText(
  settings: EmailSettings,
  payment: Pick<PaymentRow, 'is_card' | 'card_type' | 'last_four'>,
): string {
  if (payment.is_card) {
    const brand = PAYMENT_CARD_TYPES.find((type) => type === payment.card_type);
    return fillTemplate(settings.get('emailTexts.paymentCardMethodText'), {
      brand: brand ? PAYMENT_CARD_TYPE_NAMES[brand] : 'Card',
      lastFour: payment.last_four,
    });
  }
  return fillTemplate(settings.get('emailTexts.paymentAccountMethodText'), {
    lastFour: payment.last_four,
  });
}

export function paymentReceiptEmail(input: {
  settings: EmailSettings;
  institutionName: string;
  to: string;
  payment: PaymentRow;
  /** When the payment posted: the receipt says when it was received, in the zone below. */
  receivedAt: Date;
  /** The institution's time zone. */
  timeZone: string;
}): OutgoingMail {
  const { payment, settings } = input;
  const fees = payment.first_party_fee_cents + payment.third_party_fee_cents;
  const line = (key: Parameters<EmailSettings['get']>[0], values: Record<string, string>) =>
    fillTemplate(String(settings.get(key)), values);
  const lines = [
    line('emailTexts.paymentReceiptHeadingText', { institutionName: input.institutionName }),
    '',
    line('emailTexts.paymentReceiptConfirmationLineText', {
      confirmationNumber: payment.reference_number,
    }),
    line('emailTexts.paymentReceiptLoanLineText', {
      loanNumber: maskAccountNumber(payment.loan_number),
    }),
    line('emailTexts.paymentReceiptReceivedLineText', {
      dateTime: formatLongDateTime(input.receivedAt, input.timeZone),
    }),
    line('emailTexts.paymentReceiptDateLineText', { date: formatLongDate(payment.pay_date) }),
    line('emailTexts.paymentReceiptAmountLineText', { amount: formatUsd(payment.amount_cents) }),
    ...(payment.additional_principal_cents > 0
      ? [
          line('emailTexts.paymentReceiptAdditionalPrincipalLineText', {
            amount: formatUsd(payment.additional_principal_cents),
          }),
        ]
      : []),
    ...(fees > 0
      ? [line('emailTexts.paymentReceiptFeeLineText', { amount: formatUsd(fees) })]
      : []),
    line('emailTexts.paymentReceiptTotalLineText', {
      amount: formatUsd(storedPaymentTotal(payment)),
    }),
    line('emailTexts.paymentReceiptMethodLineText', { method: methodText(settings, payment) }),
  ];
  return {
    institutionId: payment.institution_id,
    to: input.to,
    subject: line('emailTexts.paymentReceiptSubjectText', {
      confirmationNumber: payment.reference_number,
      institutionName: input.institutionName,
    }),
    body: lines.join('\n'),
  };
}

/**
 * Why a date failed, for its notice: the card processor's error keys, the ACH processor's
 * refusals, and the core's refusal reasons (when the core refused after the money moved).
 */
export type PaymentFailureReason =
  | 'Declined'
  | 'OverLimit'
  | 'Expired'
  | 'InvalidInfo'
  | 'RoutingNumberInvalid'
  | 'paidOff'
  | 'exceedsPayoff'
  | (string & {});

const REASON_TEXTS = {
  Declined: 'emailTexts.paymentFailedDeclinedReasonText',
  OverLimit: 'emailTexts.paymentFailedOverLimitReasonText',
  Expired: 'emailTexts.paymentFailedExpiredReasonText',
  paidOff: 'emailTexts.paymentFailedPaidOffReasonText',
  exceedsPayoff: 'emailTexts.paymentFailedPaidOffReasonText',
} as const;

/** The plain-words reason of a failure, as the settings word it. */
export function paymentFailureReasonText(
  settings: EmailSettings,
  payment: Pick<PaymentRow, 'is_card'>,
  reason: PaymentFailureReason,
): string {
  if (Object.hasOwn(REASON_TEXTS, reason)) {
    return settings.get(REASON_TEXTS[reason as keyof typeof REASON_TEXTS]);
  }
  if (reason === 'InvalidInfo' || reason === 'RoutingNumberInvalid') {
    return settings.get(
      payment.is_card
        ? 'emailTexts.paymentFailedCardInvalidReasonText'
        : 'emailTexts.paymentFailedAchRefusedReasonText',
    );
  }
  return settings.get('emailTexts.paymentFailedOtherReasonText');
}

/** The notice of a scheduled payment or recurring date that failed for good. */
export function paymentFailedEmail(input: {
  settings: EmailSettings;
  institutionName: string;
  to: string;
  payment: PaymentRow;
  reason: PaymentFailureReason;
}): OutgoingMail {
  const { payment, settings } = input;
  const loanNumber = maskAccountNumber(payment.loan_number);
  return {
    institutionId: payment.institution_id,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.paymentFailedSubjectText'), {
      institutionName: input.institutionName,
      loanNumber,
    }),
    body: fillTemplate(settings.get('emailTexts.paymentFailedBodyText'), {
      date: formatLongDate(payment.pay_date),
      loanNumber,
      amount: formatUsd(storedPaymentTotal(payment)),
      method: methodText(settings, payment),
      reason: paymentFailureReasonText(settings, payment, input.reason),
      institutionName: input.institutionName,
    }),
  };
}

/**
 * The notice of a payment whose posting stopped after its retries (status 'needsReview'): staff
 * are reviewing it, and it is not tried again on its own. Sent once, with the mark.
 */
/** The notice of a payment the borrower's bank sent back (payment-returns.ts). */
export function paymentReturnedEmail(input: {
  settings: EmailSettings;
  institutionName: string;
  to: string;
  payment: PaymentRow;
  /** The bank's reason in words (Insufficient funds). */
  reason: string;
  /** The returned payment fee charged, 0 for none. */
  feeCents: number;
  /** This return cancelled the recurring payment (and blocked its account). */
  recurringCancelled?: boolean;
}): OutgoingMail {
  const { payment, settings } = input;
  const loanNumber = maskAccountNumber(payment.loan_number);
  const fee =
    input.feeCents > 0
      ? fillTemplate(settings.get('emailTexts.paymentReturnedFeeText'), {
          fee: formatUsd(input.feeCents),
        })
      : '';
  return {
    institutionId: payment.institution_id,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.paymentReturnedSubjectText'), {
      institutionName: input.institutionName,
      loanNumber,
    }),
    body: fillTemplate(settings.get('emailTexts.paymentReturnedBodyText'), {
      date: formatLongDate(payment.pay_date),
      loanNumber,
      amount: formatUsd(storedPaymentTotal(payment)),
      method: methodText(settings, payment),
      confirmationNumber: payment.reference_number,
      reason: input.reason,
      fee,
      recurring: input.recurringCancelled
        ? settings.get('emailTexts.paymentReturnedRecurringCancelledText')
        : '',
      institutionName: input.institutionName,
    }),
  };
}

type PaymentNoticeInput = {
  settings: EmailSettings;
  institutionName: string;
  to: string;
  payment: PaymentRow;
};

/** A notice about one payment in the institution's words: its date, masked loan, total, method. */
function paymentNoticeEmail(
  input: PaymentNoticeInput,
  subjectKey: 'emailTexts.paymentRefundedSubjectText' | 'emailTexts.paymentNeedsReviewSubjectText',
  bodyKey: 'emailTexts.paymentRefundedBodyText' | 'emailTexts.paymentNeedsReviewBodyText',
): OutgoingMail {
  const { payment, settings } = input;
  const loanNumber = maskAccountNumber(payment.loan_number);
  return {
    institutionId: payment.institution_id,
    to: input.to,
    subject: fillTemplate(settings.get(subjectKey), {
      institutionName: input.institutionName,
      loanNumber,
    }),
    body: fillTemplate(settings.get(bodyKey), {
      date: formatLongDate(payment.pay_date),
      loanNumber,
      amount: formatUsd(storedPaymentTotal(payment)),
      method: methodText(settings, payment),
      confirmationNumber: payment.reference_number,
      institutionName: input.institutionName,
    }),
  };
}

/**
 * The notice of a posted card payment the institution's staff refunded (payments-staff.ts): the
 * whole charge back to the card, the payment taken off the loan. Sent once, with the mark.
 */
export function paymentRefundedEmail(input: PaymentNoticeInput): OutgoingMail {
  return paymentNoticeEmail(
    input,
    'emailTexts.paymentRefundedSubjectText',
    'emailTexts.paymentRefundedBodyText',
  );
}

export function paymentNeedsReviewEmail(input: PaymentNoticeInput): OutgoingMail {
  return paymentNoticeEmail(
    input,
    'emailTexts.paymentNeedsReviewSubjectText',
    'emailTexts.paymentNeedsReviewBodyText',
  );
}
