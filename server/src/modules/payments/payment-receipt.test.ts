import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  paymentFailedEmail,
  paymentFailureReasonText,
  paymentReceiptEmail,
  paymentReceivedAt,
} from './payment-receipt';
import type { PaymentRow } from './payments.repository';

const DEFAULTS = createSettingsAccessor({ shared: {}, english: {} });

/** 14:07 UTC: 10:07 in New York (summer time). */
const RECEIVED_AT = new Date('2025-05-13T14:07:04Z');

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
  // A scheduled payment is received when it posts.
  posted_at: RECEIVED_AT,
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

describe('the payment receipt', () => {
  it('says when the payment was received and dates it in words, as alerts do, in the institution’s zone', () => {
    const mail = paymentReceiptEmail({
      settings: DEFAULTS,
      institutionName: 'Harbor Community Bank',
      to: 'jordan@example.test',
      payment: PAYMENT,
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
      timeZone: 'America/New_York',
    });
    expect(mail.subject).toBe('Harbor receipt ABC123XYZ0');
    expect(mail.body).toContain('Merci, Harbor.');
    expect(mail.body).toContain('Date: May 13, 2025');
    expect(mail.body).toContain('Somme: $138.45');
    expect(mail.body).toContain('Paid with: Visa *4242');
  });
});

describe('a bank payment made today (its debit waits for the ACH file)', () => {
  /** Submitted at 10:01 New York time; posted the next morning once the file sent its debit. */
  const MADE_TODAY: PaymentRow = {
    ...ACH,
    kind: 'immediate',
    status: 'settling',
    created_at: new Date('2025-05-13T14:01:30Z'),
    posted_at: null,
  };

  it('was received when it was submitted, whenever it posts; a scheduled payment when it posted', () => {
    const posted = { ...MADE_TODAY, posted_at: new Date('2025-05-14T13:03:00Z') };
    expect(paymentReceivedAt(MADE_TODAY)).toEqual(MADE_TODAY.created_at);
    expect(paymentReceivedAt(posted)).toEqual(MADE_TODAY.created_at);
    expect(paymentReceivedAt(PAYMENT)).toEqual(RECEIVED_AT);
  });

  it('is receipted at once with the submission time, saying it is processing and that no second e-mail follows', () => {
    const mail = paymentReceiptEmail({
      settings: DEFAULTS,
      institutionName: 'Harbor Community Bank',
      to: 'jordan@example.test',
      payment: MADE_TODAY,
      timeZone: 'America/New_York',
      processing: true,
    });
    expect(mail.body).toContain('Payment received: May 13, 2025, 10:01 AM EDT');
    expect(mail.body.split('\n').slice(-2)).toEqual([
      '',
      "Your bank payment is processing: it is sent to your bank with Harbor Community Bank's next batch of bank payments and credited to your loan as of May 13, 2025. Until then your loan shows it as Processing. We will e-mail you again only if it cannot be completed.",
    ]);
    // The receipt of a payment that posted says nothing of processing.
    const posted = paymentReceiptEmail({
      settings: DEFAULTS,
      institutionName: 'Harbor Community Bank',
      to: 'jordan@example.test',
      payment: PAYMENT,
      timeZone: 'America/New_York',
    });
    expect(posted.body).not.toContain('processing');
  });

  it('is told after a debit that the money was taken and what the institution does with it, not to pay another way', () => {
    const mail = paymentFailedEmail({
      settings: DEFAULTS,
      institutionName: 'Harbor Community Bank',
      to: 'jordan@example.test',
      payment: MADE_TODAY,
      reason: 'paidOff',
      afterDebit: true,
    });
    expect(mail.subject).toBe(
      'Harbor Community Bank: your payment could not be applied to your loan',
    );
    expect(mail.body).toBe(
      [
        'Your payment of $138.45 dated May 13, 2025 for loan ****2352 was debited from your bank account, but it could not be applied to your loan.',
        '',
        'Reason: Your loan is paid off, or the payment is more than the amount left to pay.',
        '',
        'Confirmation number: ABC123XYZ0',
        '',
        'Paid with: Account ending in 3544',
        '',
        'The money is not lost: Harbor Community Bank has been told and will give it back to you (to your bank account or by check), or apply it to your loan by hand if it can still be applied, and will let you know which. Please do not make this payment again before then, or you may pay twice. Contact Harbor Community Bank if you have questions.',
      ].join('\n'),
    );
    expect(mail.body).not.toContain('another way');
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
