import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, PaymentStatus, staffRefundRefusal } from './payment-timeline';

const card = { isCard: true };
const bank = { isCard: false };

describe('the refund staff may make', () => {
  it('is offered for a posted card payment only', () => {
    expect(staffRefundRefusal({ status: 'posted', method: card })).toBeNull();
    for (const status of PAYMENT_STATUSES.filter((each) => each !== 'posted')) {
      expect(staffRefundRefusal({ status, method: card }), status).not.toBeNull();
    }
  });

  it('says a refunded payment was refunded already, and names the status of one not posted', () => {
    expect(staffRefundRefusal({ status: 'refunded', method: card })).toBe(
      'This payment was refunded already.',
    );
    expect(staffRefundRefusal({ status: 'needsReview', method: card })).toBe(
      "Only a posted payment can be refunded; this one's status is Needs review.",
    );
  });

  it('refuses a bank-account payment, saying how the institution gives it back instead', () => {
    const refusal = staffRefundRefusal({ status: 'posted', method: bank });
    expect(refusal).toContain('cannot be refunded here');
    expect(refusal).toContain('Send the borrower a credit from the institution');
  });

  it("is a status of the payment's own, which staff may search by", () => {
    expect(PaymentStatus.parse('refunded')).toBe('refunded');
  });
});
