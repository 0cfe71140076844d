import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  paymentFailedEmail,
  paymentFailureReasonText,
  paymentReceiptEmail,
} from './payment-receipt';
import type { PaymentRow } from './payments.repository';

const DEFAULTS = createSettingsAccessor({ shared: {}, english: {} });

const PAYMENT: PaymentRow = {
  id: 'p-1',
  institution_id: 7,
  user_id: 'u-1',
  customer_id: 'c-1',
  loan_number: '001-100235-2',
  reference_number: 'ABC123XYZ0',
  kind: 'scheduled',
  recurring_payment_id: null,
  pay_date: '2025-05-13',
  amount_cents: 12_550,
  additional_principal_cents: 1_000,
  first_party_fee_cents: 195,
  third_party_fee_cents: 100,
  is_payoff: false,
  status: 'posted',
  core_reference: 'core-1',
  failure: null,
  created_at: new Date('2025-05-01T00:00:00Z'),
  posted_at: null,
  cancelled_at: null,
  payment_method_id: 1,
  is_card: true,
  last_four: '4242',
  card_type: 'visa',
  debit_credit_type: 'CreditCard',
  processor_token: 'tok',
  ach_account_type: null,
  routing_number: null,
  account_number_sealed: null,
  owner_name_sealed: null,
} as PaymentRow;

const ACH: PaymentRow = {
  ...PAYMENT,
  is_card: false,
  card_type: null,
  debit_credit_type: null,
  last_four: '3544',
  ach_account_type: 'Checking',
};

/** 14:07 UTC: 10:07 in New York (summer time). */
const RECEIVED_AT = new Date('2025-05-13T14:07:04Z');

describe('the payment receipt', () => {
  it('says when the payment was received and dates it in words, as alerts do, in the institution’s zone', () => {
    const mail = paymentReceiptEmail({
      settings: DEFAULTS,
      institutionName: 'Harbor Community Bank',
      to: 'jordan@example.test',
      payment: PAYMENT,
      receivedAt: RECEIVED_AT,
      timeZone: 'America/New_York',
    });
    expect(mail).toEqual({
      institutionId: 7,
      to: 'jordan@example.test',
      subject: 'Payment received: ABC123XYZ0',
      body: [
        'Thank you. Harbor Community Bank has received your payment.',
        '',
        'Confirmation number: ABC123XYZ0',
        'Loan: ****2352',
        'Payment received: May 13, 2025, 10:07 AM EDT',
        'Payment date: May 13, 2025',
        'Payment amount: $125.50',
        'Additional principal: $10.00',
        'Processing fee: $2.95',
        'Total: $138.45',
        'Paid with: Visa ending in 4242',
      ].join('\n'),
    });
    const plain = paymentReceiptEmail({
      settings: DEFAULTS,
      institutionName: 'Harbor',
      to: 'x@example.test',
      payment: {
        ...ACH,
        additional_principal_cents: 0,
        first_party_fee_cents: 0,
        third_party_fee_cents: 0,
      },
      receivedAt: RECEIVED_AT,
      timeZone: 'America/New_York',
    });
    expect(plain.body).not.toContain('Additional principal');
    expect(plain.body).not.toContain('Processing fee');
    expect(plain.body).toContain('Total: $125.50');
    expect(plain.body).toContain('Paid with: Account ending in 3544');
  });

  it("uses the institution's texts and fills their placeholders", () => {
    const settings = createSettingsAccessor({
      shared: {},
      english: {
        emailTexts: {
          paymentReceiptSubjectText: '{institutionName} receipt {confirmationNumber}',
          paymentReceiptHeadingText: 'Merci, {institutionName}.',
          paymentReceiptDateLineText: 'Date: {date}',
          paymentReceiptTotalLineText: 'Somme: {amount}',
          paymentCardMethodText: '{brand} *{lastFour}',
        },
      },
    });
    const mail = paymentReceiptEmail({
      settings,
      institutionName: 'Harbor',
      to: 'x@example.test',
      payment: PAYMENT,
      receivedAt: RECEIVED_AT,
      timeZone: 'America/New_York',
    });
    expect(mail.subject).toBe('Harbor receipt ABC123XYZ0');
    expect(mail.body).toContain('Merci, Harbor.');
    expect(mail.body).toContain('Date: May 13, 2025');
    expect(mail.body).toContain('Somme: $138.45');
    expect(mail.body).toContain('Paid with: Visa *4242');
  });
});

describe('the failed payment notice', () => {
  it('names the date, the masked loan, the total and the reason in plain words', () => {
    const mail = paymentFailedEmail({
      settings: DEFAULTS,
      institutionName: 'Harbor Community Bank',
      to: 'jordan@example.test',
      payment: PAYMENT,
      reason: 'OverLimit',
    });
    expect(mail.subject).toBe('Harbor Community Bank: your payment could not be made');
    expect(mail.body).toBe(
      [
        'The payment on May 13, 2025 for loan ****2352 of $138.45 could not be made.',
        '',
        "Reason: Your card's limit would have been exceeded.",
        '',
        'Paid with: Visa ending in 4242',
        '',
        'Please make the payment another way, or contact Harbor Community Bank if you have questions.',
      ].join('\n'),
    );
    expect(mail.body).not.toContain(PAYMENT.loan_number);
  });

  it('masks the loan number in the receipt as the failure notice does (issue 20)', () => {
    const mail = paymentReceiptEmail({
      settings: DEFAULTS,
      institutionName: 'Harbor Community Bank',
      to: 'jordan@example.test',
      payment: PAYMENT,
      receivedAt: RECEIVED_AT,
      timeZone: 'America/New_York',
    });
    expect(mail.body).toContain('Loan: ****2352');
    expect(mail.body).not.toContain(PAYMENT.loan_number);
    expect(mail.subject).not.toContain(PAYMENT.loan_number);
  });

  it('words each reason', () => {
    const reason = (payment: PaymentRow, key: string) =>
      paymentFailureReasonText(DEFAULTS, payment, key);
    expect(reason(PAYMENT, 'Declined')).toBe('Your card was declined.');
    expect(reason(PAYMENT, 'Expired')).toBe('Your card has expired.');
    expect(reason(PAYMENT, 'InvalidInfo')).toBe("Your card's details were not accepted.");
    expect(reason(ACH, 'InvalidInfo')).toBe('Your bank account could not be debited.');
    expect(reason(ACH, 'RoutingNumberInvalid')).toBe('Your bank account could not be debited.');
    expect(reason(PAYMENT, 'paidOff')).toBe(
      'Your loan is paid off, or the payment is more than the amount left to pay.',
    );
    expect(reason(ACH, 'exceedsPayoff')).toBe(reason(ACH, 'paidOff'));
    expect(reason(PAYMENT, 'notFound')).toBe('The payment could not be processed.');
    expect(reason(PAYMENT, 'Error')).toBe('The payment could not be processed.');
    expect(reason(PAYMENT, 'toString')).toBe('The payment could not be processed.');
  });

  it("uses the institution's texts", () => {
    const settings = createSettingsAccessor({
      shared: {},
      english: {
        emailTexts: {
          paymentFailedSubjectText: 'Payment problem on {loanNumber}',
          paymentFailedBodyText: '{date}|{loanNumber}|{amount}|{method}|{reason}|{institutionName}',
          paymentFailedDeclinedReasonText: 'Declined by the card issuer.',
        },
      },
    });
    const mail = paymentFailedEmail({
      settings,
      institutionName: 'Harbor',
      to: 'x@example.test',
      payment: PAYMENT,
      reason: 'Declined',
    });
    expect(mail.subject).toBe('Payment problem on ****2352');
    expect(mail.body).toBe(
      'May 13, 2025|****2352|$138.45|Visa ending in 4242|Declined by the card issuer.|Harbor',
    );
  });
});
