import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chooseMethod,
  fixTheDate,
  LOAN,
  methodsBody,
  paymentInfo,
  renderPayment,
} from '../../../testing/payment-page-harness';

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

/** A business loan (company 5): ACH profiles are not allowed on it, card profiles are. */
const BUSINESS_LOAN_INFO = paymentInfo({
  PaymentDetails: {
    LoanAccountNumber: LOAN,
    PaymentDate: '2026-11-24',
    PaymentAmount: 250,
    Company: 5,
  },
});

// Found by the payment journeys (e2e/payments.spec.ts): the new-method modal that opens at once
// on a click of a type took the permissions of the type shown before the click (none yet: the
// ACH rule), so a business borrower's first card could not be saved.
describe('the new-method modal opened by a click on a type', { timeout: 30_000 }, () => {
  it("takes the clicked type's permissions: a business borrower may save a card", async () => {
    const ui = renderPayment({ info: BUSINESS_LOAN_INFO, methods: methodsBody([]) });
    await chooseMethod(ui, 'Card');
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(within(dialog).getByLabelText('Card Number')).toBeVisible();
    // Offered, unticked until the borrower ticks it (issue 20 item 9).
    expect(
      within(dialog).getByRole('checkbox', { name: 'Save Payment Profile' }),
    ).not.toBeChecked();
  });

  it('and a bank account of a business loan is single-use only (no Save Payment Profile)', async () => {
    const ui = renderPayment({ info: BUSINESS_LOAN_INFO, methods: methodsBody([]) });
    await chooseMethod(ui, 'E-Check');
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(within(dialog).getByLabelText('Routing Number')).toBeVisible();
    expect(within(dialog).queryByRole('checkbox', { name: 'Save Payment Profile' })).toBeNull();
  });
});
