import {
  lastFourOf,
  recurringDetailsOf,
  type AchDraftPreviewRequest,
  type CalendarDate,
  type Cents,
  type PaymentConfirmation,
  type PaymentRequest,
  type RecurringPaymentRequest,
  type SubmitPaymentResponse,
} from '@portal/domain';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import { requestMethodOf, type ChosenMethod } from '../utils/chosen-method';
import type { AmountInfo } from './amount-step';
import type { FrequencyInfo } from './frequency-step';

/** The payment the total step sends, as the steps before it chose it. */
export interface PaymentToSend {
  accountNumber: string;
  /** The loan's name (the account list's Description), for the summary. */
  accountDescription: string;
  info: PaymentInfo;
  chosen: ChosenMethod;
  frequency: FrequencyInfo;
  amount: AmountInfo;
  /** The institution's today, as the server answers it (the payment page's). */
  today: CalendarDate;
  firstPartyFeeCents: Cents;
}

/**
 * The submit request's body: a one-time payment, or a recurring one with its draft token. Money
 * in cents, as the app holds it; `submitPayment` sends it as the wire's dollars.
 */
export function paymentRequestOf(
  payment: PaymentToSend,
  logonName: string,
  draftToken: string,
): PaymentRequest | RecurringPaymentRequest {
  const { info, frequency, amount } = payment;
  const body = {
    LogonName: logonName,
    Details: {
      PaymentDate: frequency.date,
      LoanAccountNumber: payment.accountNumber,
      Company: info.PaymentDetails.Company,
      PaymentAmount: amount.amountCents,
      FirstPartyFee: payment.firstPartyFeeCents,
      ThirdPartyFee: frequency.thirdPartyFeeCents,
      AdditionalPrincipalAmount: amount.additionalPrincipalCents,
    },
    AccountType: info.accountType,
    IsPayoff: frequency.isPayoff,
    Method: requestMethodOf(payment.chosen),
  };
  const recurring = recurringDetailsOf(frequency.frequency, frequency.numDays);
  if (frequency.kind === 'recurring' && recurring) {
    return {
      EncryptedData: '',
      AchDraftAgreementToken: draftToken,
      Payment: { ...body, RecurringDetails: recurring },
    };
  }
  return { EncryptedData: '', Payment: body };
}

/**
 * What the confirmation page shows of a payment the server took. `deviceToday` is the device's
 * own date in the institution's zone, kept beside the server's so the page can count days on the
 * device's clock from the server's day.
 */
export function confirmationOf(
  payment: PaymentToSend,
  answer: SubmitPaymentResponse,
  deviceToday: CalendarDate,
): PaymentConfirmation {
  const { info, chosen, frequency, amount } = payment;
  return {
    referenceNumber: answer.ReferenceNumber,
    payDate: frequency.date,
    submittedOn: payment.today,
    submittedOnDevice: deviceToday,
    // When a pay-now payment was received (issue 20 item 16) is the server's to say: the
    // answer's ReceivedAt, never the device's clock (a phone a day off showed the wrong day).
    ...(frequency.kind === 'immediate' && answer.ReceivedAt
      ? { receivedAt: answer.ReceivedAt }
      : {}),
    dueDate: info.DueDate.slice(0, 10),
    isRecurringLOCPayingTotalDue: amount.totalDueAtPaymentTime,
    ...(frequency.isPayoff ? { isPayoff: true as const } : {}),
    submissionInfo: {
      accountNumber: payment.accountNumber,
      accountDescription: payment.accountDescription,
      amount: amount.amountCents,
      additionalPrincipalAmount: amount.additionalPrincipalCents,
      fees: { firstParty: payment.firstPartyFeeCents, thirdParty: frequency.thirdPartyFeeCents },
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

/**
 * The ACH draft agreement's preview request: the payment, from the bank account it debits. Money
 * in cents; `prepareAchDraftPreview` sends it as the wire's dollars.
 */
export function achDraftPreviewRequestOf(
  payment: PaymentToSend,
  achInfo: AchDraftPreviewRequest['AchInfo'],
): AchDraftPreviewRequest {
  const { frequency, amount } = payment;
  const recurringDetails = recurringDetailsOf(frequency.frequency, frequency.numDays);
  return {
    LoanAccountNumber: payment.accountNumber,
    AchInfo: achInfo,
    // Section 7: Amount is the payment amount; the server adds the fees to the charged
    // amount itself (achDraftChargedAmount), so they are not sent in it.
    Amount: amount.amountCents,
    AdditionalPrincipal: amount.additionalPrincipalCents,
    LocalTimeOffset: new Date().getTimezoneOffset(),
    daysBeforeDue: frequency.numDays,
    // The schedule the preview then states, as the authorization will.
    ...(recurringDetails
      ? { RecurringOption: recurringDetails.RecurringOption, Date: frequency.date }
      : {}),
  };
}
