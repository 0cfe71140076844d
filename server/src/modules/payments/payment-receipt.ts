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
 * The payment e-mails: the receipt of a payment (when it posts; a bank payment made today's when
 * its debit is accepted, saying it is processing), the notice of a payment that failed (a
 * scheduled or recurring date; after a debit, any bank payment the core refused once its money
 * was taken), the notice of a bank payoff made today that no longer paid the loan off when it
 * posted, and the notices of a payment returned, refunded or under review. Their wording is
 * the institution's (`emailTexts.paymentReceipt*`, `emailTexts.payment*MethodText`,
 * `emailTexts.paymentFailed*`, `paymentPayoffShort*`, `paymentReturned*`, `paymentRefunded*`, admin-only settings whose
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

/**
 * When the institution received a payment, the one instant every place says (issue 20 item 16:
 * the confirmation screen's Payment Received, the submit answer's ReceivedAt, the receipt's
 * received line): a payment made today when it was submitted (its row's `created_at`, written by
 * the request that accepted it), however long its posting takes (a bank payment posts once the
 * day's ACH file sends its debit, often hours later); a scheduled payment or a recurring date
 * when it posted (`posted_at`: its `created_at` is when it was scheduled or its date made).
 */
export function paymentReceivedAt(
  payment: Pick<PaymentRow, 'kind' | 'created_at' | 'posted_at'>,
): Date {
  return payment.kind === 'immediate'
    ? payment.created_at
    : (payment.posted_at ?? payment.created_at);
}

/**
 * The receipt. `payment` as it is when the receipt is queued (a posted one with its `posted_at`),
 * so the received line is `paymentReceivedAt` of the stored row.
 */
export function paymentReceiptEmail(input: {
  settings: EmailSettings;
  institutionName: string;
  to: string;
  payment: PaymentRow;
  /** The institution's time zone. */
  timeZone: string;
  /**
   * A bank payment made today whose debit is accepted and waits for the ACH file: the receipt
   * ends with the processing paragraph, and none is sent when it posts.
   */
  processing?: boolean;
  /**
   * A payment scheduled to pay the loan off that, once credited, left this owed (the payoff grew
   * after it was quoted): the receipt ends by saying so.
   */
  payoffShortCents?: number;
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
      dateTime: formatLongDateTime(paymentReceivedAt(payment), input.timeZone),
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
    ...(input.processing
      ? [
          '',
          line('emailTexts.paymentReceiptProcessingLineText', {
            date: formatLongDate(payment.pay_date),
            institutionName: input.institutionName,
          }),
        ]
      : []),
    ...(input.payoffShortCents !== undefined && input.payoffShortCents > 0
      ? [
          '',
          line('emailTexts.paymentReceiptPayoffShortLineText', {
            amount: formatUsd(input.payoffShortCents),
            date: formatLongDate(payment.pay_date),
          }),
        ]
      : []),
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
 * The notice of a bank payment made today with Pay off ticked that, once its ACH file sent it and
 * the core credited it, no longer paid the loan off (a payment returned or refunded since it was
 * accepted, or a fee charged): its receipt went at acceptance, saying nothing of this, so the
 * borrower who thinks the loan is closed is told what is still owed (`owedCents`). Sent once,
 * with the mark that posts it (payment-settlement.ts `recordPosted`).
 */
export function paymentPayoffShortEmail(input: {
  settings: EmailSettings;
  institutionName: string;
  to: string;
  payment: PaymentRow;
  owedCents: number;
}): OutgoingMail {
  const { payment, settings } = input;
  const loanNumber = maskAccountNumber(payment.loan_number);
  return {
    institutionId: payment.institution_id,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.paymentPayoffShortSubjectText'), {
      institutionName: input.institutionName,
      loanNumber,
    }),
    body: fillTemplate(settings.get('emailTexts.paymentPayoffShortBodyText'), {
      date: formatLongDate(payment.pay_date),
      loanNumber,
      // What the core was posted and credited: the payment and its additional principal.
      amount: formatUsd(payment.amount_cents + payment.additional_principal_cents),
      owed: formatUsd(input.owedCents),
      confirmationNumber: payment.reference_number,
      method: methodText(settings, payment),
      institutionName: input.institutionName,
    }),
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
  | 'notReceived'
  | (string & {});

const REASON_TEXTS = {
  Declined: 'emailTexts.paymentFailedDeclinedReasonText',
  OverLimit: 'emailTexts.paymentFailedOverLimitReasonText',
  Expired: 'emailTexts.paymentFailedExpiredReasonText',
  paidOff: 'emailTexts.paymentFailedPaidOffReasonText',
  exceedsPayoff: 'emailTexts.paymentFailedPaidOffReasonText',
  notReceived: 'emailTexts.paymentFailedNotReceivedReasonText',
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

/**
 * The notice of a payment that failed for good after its request was answered: a scheduled
 * payment or a recurring date (nothing kept of the borrower's money: it asks for the payment
 * another way), or, `afterDebit`, a bank payment of any kind (one made today included) the core
 * refused once its debit was sent: the money left the borrower's account, so the notice says so
 * and that the institution gives it back or applies it by hand (staff's work item,
 * payment-needs-review `refusedAfterDebitItem`), never to pay another way as if nothing was taken.
 */
export function paymentFailedEmail(input: {
  settings: EmailSettings;
  institutionName: string;
  to: string;
  payment: PaymentRow;
  reason: PaymentFailureReason;
  afterDebit?: boolean;
}): OutgoingMail {
  const { payment, settings } = input;
  const loanNumber = maskAccountNumber(payment.loan_number);
  const [subjectKey, bodyKey] = input.afterDebit
    ? ([
        'emailTexts.paymentFailedAfterDebitSubjectText',
        'emailTexts.paymentFailedAfterDebitBodyText',
      ] as const)
    : (['emailTexts.paymentFailedSubjectText', 'emailTexts.paymentFailedBodyText'] as const);
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

/**
 * A notice about one payment in the institution's words: its date, masked loan, amount (the
 * payment's total unless the notice names another figure), method.
 */
function paymentNoticeEmail(
  input: PaymentNoticeInput,
  subjectKey: 'emailTexts.paymentRefundedSubjectText' | 'emailTexts.paymentNeedsReviewSubjectText',
  bodyKey: 'emailTexts.paymentRefundedBodyText' | 'emailTexts.paymentNeedsReviewBodyText',
  amountCents: number = storedPaymentTotal(input.payment),
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
      amount: formatUsd(amountCents),
      method: methodText(settings, payment),
      confirmationNumber: payment.reference_number,
      institutionName: input.institutionName,
    }),
  };
}

/**
 * The notice of a posted card payment the institution's staff refunded (payments-staff.ts): the
 * whole charge back to the card, the payment taken off the loan. Sent once, with the mark. Its
 * amount is what the card processor says it refunded (the whole charge: the payment, any
 * additional principal and the fees charged on the card with it), not the payment's stored
 * figures: the borrower is told what will show on the card statement.
 */
export function paymentRefundedEmail(
  input: PaymentNoticeInput & { refundedCents: number },
): OutgoingMail {
  return paymentNoticeEmail(
    input,
    'emailTexts.paymentRefundedSubjectText',
    'emailTexts.paymentRefundedBodyText',
    input.refundedCents,
  );
}

export function paymentNeedsReviewEmail(input: PaymentNoticeInput): OutgoingMail {
  return paymentNoticeEmail(
    input,
    'emailTexts.paymentNeedsReviewSubjectText',
    'emailTexts.paymentNeedsReviewBodyText',
  );
}
