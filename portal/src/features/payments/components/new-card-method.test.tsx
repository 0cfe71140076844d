import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingValues } from '../../../testing/fixtures';
import {
  LOAN,
  SAVED_ACH,
  fixTheDate,
  methodsBody,
  paymentInfo,
  renderPayment,
  type PaymentUi,
} from '../../../testing/payment-page-harness';

const NEW_CARD = {
  IsCard: true as const,
  CardInfo: {
    CardType: 'visa' as const,
    CardNumber: '1111',
    ExpirationDate: '11/26',
    ProfileId: 'card_9',
    DebitCreditType: 'DebitCard' as const,
  },
};

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

function renderCard(settings: SettingValues = {}) {
  let saved = false;
  return renderPayment({
    settings,
    routes: {
      // No card is saved: picking Card opens the Payment Details modal at once.
      'POST /api/PaymentMethod/GetPaymentMethods': () => ({
        body: methodsBody(saved ? [SAVED_ACH, NEW_CARD] : [SAVED_ACH]),
      }),
      'POST /api/PaymentMethod/AddCardPaymentMethod': (request) => {
        const body = request.body as { SavePaymentProfile?: boolean };
        saved = body.SavePaymentProfile !== false;
        return { body: { HasNoErrors: true, Errors: [], PaymentMethod: NEW_CARD } };
      },
    },
  });
}

async function openCardForm(ui: PaymentUi) {
  await ui.user.click(await screen.findByRole('radio', { name: 'Card' }));
  return screen.findByRole('dialog', { name: 'Payment Details' });
}

async function fill(ui: PaymentUi, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = within(dialog).getByLabelText(label);
    await ui.user.clear(field);
    if (value) await ui.user.type(field, value);
  }
}

const VALID_CARD = {
  'First Name': 'Jordan',
  'Last Name': 'Rivers',
  'Card Number': '4111111111111111',
  'Expiration (MM/YY)': '1126',
  'CVV/CVC': '123',
  'Zip Code': '10017',
};

async function continueIn(ui: PaymentUi, dialog: HTMLElement) {
  await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
}

describe('the new card form', { timeout: 40_000 }, () => {
  it('words every missing field, sends nothing, and has no axe violations (light and dark)', async () => {
    for (const scheme of ['light', 'dark']) {
      const ui = renderCard({ 'themeOptions.colorScheme': scheme });
      const dialog = await openCardForm(ui);
      await continueIn(ui, dialog);
      expect(within(dialog).getAllByText('Name is required')).toHaveLength(2);
      for (const message of [
        'Card Number is required',
        'Expiration required',
        'CVV/CVC required',
        'Zip Code required',
      ]) {
        expect(within(dialog).getByText(message)).toBeVisible();
      }
      expect(ui.server.requestsTo('POST /api/PaymentMethod/AddCardPaymentMethod')).toHaveLength(0);
      await expectNoAxeViolations(dialog);
      ui.unmount();
    }
  });

  it('refuses bad names, a bad card number, a past or impossible expiry, a short CVV and a bad zip', async () => {
    const ui = renderCard();
    const dialog = await openCardForm(ui);
    await fill(ui, dialog, {
      ...VALID_CARD,
      'First Name': 'J0rdan',
      'Last Name': 'Ri--vers',
      'Card Number': '4111111111111112',
      'Expiration (MM/YY)': '1026',
      'CVV/CVC': '12',
      'Zip Code': '1001',
    });
    await continueIn(ui, dialog);
    expect(within(dialog).getAllByText('Invalid')).toHaveLength(2);
    expect(within(dialog).getByText('Card Number is invalid')).toBeVisible();
    // October 2026 ended before today (2026-11-24).
    expect(within(dialog).getByText('Expiration invalid')).toBeVisible();
    expect(within(dialog).getByText('CVV/CVC invalid')).toBeVisible();
    expect(within(dialog).getByText('Zip Code invalid')).toBeVisible();

    await fill(ui, dialog, { 'Expiration (MM/YY)': '1330' });
    expect(within(dialog).getByText('Expiration invalid')).toBeVisible();
    // A card expiring this month is valid through the month's end; zip+4 is a zip.
    await fill(ui, dialog, { 'Expiration (MM/YY)': '1126', 'Zip Code': '10017-1234' });
    expect(within(dialog).queryByText('Expiration invalid')).toBeNull();
    expect(within(dialog).queryByText('Zip Code invalid')).toBeNull();
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddCardPaymentMethod')).toHaveLength(0);
  });

  it('says a brand the institution does not accept is not supported, and wants 4 CVV digits for amex', async () => {
    const ui = renderCard({ 'cardPaymentOptions.allowDiscoverOption': 'false' });
    const dialog = await openCardForm(ui);
    await fill(ui, dialog, { ...VALID_CARD, 'Card Number': '6011111111111117' });
    await continueIn(ui, dialog);
    expect(
      within(dialog).getByText(
        "The card number you've entered does not appear to be a supported type.",
      ),
    ).toBeVisible();
    await fill(ui, dialog, { 'Card Number': '378282246310005', 'CVV/CVC': '123' });
    expect(within(dialog).getByLabelText('Card Number')).toHaveValue('3782 822463 10005');
    expect(within(dialog).getByText('CVV/CVC invalid')).toBeVisible();
    await fill(ui, dialog, { 'CVV/CVC': '1234' });
    expect(within(dialog).queryByText('CVV/CVC invalid')).toBeNull();
  });

  it('asks for the full address, without ~ < > { } ^ [ ], when the setting is on', async () => {
    const ui = renderCard({ 'cardPaymentOptions.requireFullBillingAddressOption': 'true' });
    const dialog = await openCardForm(ui);
    await fill(ui, dialog, VALID_CARD);
    await continueIn(ui, dialog);
    expect(within(dialog).getByText('Address 1 is required')).toBeVisible();
    expect(within(dialog).getByText('City is required')).toBeVisible();
    expect(within(dialog).getByText('State is required')).toBeVisible();
    await fill(ui, dialog, {
      'Address 1': '1 Main St <b>',
      'Address 2': 'Apt ^4',
      City: 'New York',
      State: 'NY',
    });
    expect(within(dialog).getAllByText('Address contains invalid characters')).toHaveLength(2);
    await expectNoAxeViolations(dialog);
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddCardPaymentMethod')).toHaveLength(0);
  });

  it('offers Debit Card (preselected) or Credit Card, unless debit cards only', async () => {
    const ui = renderCard();
    const dialog = await openCardForm(ui);
    const group = within(dialog).getByRole('radiogroup', { name: 'Card Type' });
    expect(within(group).getByRole('radio', { name: 'Debit Card (fee $2.50)' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Credit Card (fee $3.50)' })).not.toBeChecked();
    ui.unmount();
    const debitOnly = renderCard({ 'cardPaymentOptions.debitCardsOnlyOption': 'true' });
    const second = await openCardForm(debitOnly);
    expect(within(second).queryByRole('radiogroup', { name: 'Card Type' })).toBeNull();
  });

  it('shows each Debit/Credit choice with its fee (first and third party), where it is chosen', async () => {
    const base = paymentInfo();
    const ui = renderPayment({
      settings: { 'paymentAmountOptions.useThirdPartyFeeOption': 'true' },
      info: {
        ...base,
        PaymentOptions: {
          ...base.PaymentOptions,
          FirstPartyFees: {
            ...base.PaymentOptions.FirstPartyFees,
            DebitCardFeeAmount: 3.95,
            CreditCardFeeAmount: 4.95,
          },
        },
      },
      routes: {
        'POST /api/PaymentMethod/GetPaymentMethods': () => ({ body: methodsBody([SAVED_ACH]) }),
        'POST /api/PaymentInformation/GetThirdPartyFee': (request) => {
          const body = request.body as { IsCreditCard: boolean };
          return {
            body: {
              HasNoErrors: true,
              Errors: [],
              ThirdPartyFeeAmount: body.IsCreditCard ? 1 : 0.5,
            },
          };
        },
      },
    });
    const dialog = await openCardForm(ui);
    const group = within(dialog).getByRole('radiogroup', { name: 'Card Type' });
    expect(
      await within(group).findByRole('radio', { name: 'Debit Card (fee $4.45)' }),
    ).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Credit Card (fee $5.95)' })).not.toBeChecked();
    await expectNoAxeViolations(dialog);
  });

  it('starts with Save Payment Profile unticked', async () => {
    const ui = renderCard();
    const dialog = await openCardForm(ui);
    expect(
      within(dialog).getByRole('checkbox', { name: 'Save Payment Profile' }),
    ).not.toBeChecked();
  });

  it('ticked, tokenizes the card (number without spaces, MM/YY) to be saved with the payment, not now', async () => {
    const ui = renderCard();
    const dialog = await openCardForm(ui);
    await fill(ui, dialog, VALID_CARD);
    await ui.user.click(within(dialog).getByRole('checkbox', { name: 'Save Payment Profile' }));
    expect(within(dialog).getByLabelText('Card Number')).toHaveValue('4111 1111 1111 1111');
    expect(within(dialog).getByLabelText('Expiration (MM/YY)')).toHaveValue('11/26');
    await continueIn(ui, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [request] = ui.server.requestsTo('POST /api/PaymentMethod/AddCardPaymentMethod');
    expect(request?.body).toEqual({
      BillingAddress: { ZipCode: '10017', Address1: '', Address2: '', City: '', State: '' },
      CardHolderFirstName: 'Jordan',
      CardHolderLastName: 'Rivers',
      CardNumber: '4111111111111111',
      ExpirationDate: '11/26',
      SecurityCode: '123',
      CardType: 'visa',
      DebitCreditType: 'DebitCard',
      LoanAccountNumber: LOAN,
      SavePaymentProfile: true,
      // Saved with the payment, not now (issue 20 item 9).
      SaveWithPayment: true,
    });
    // Not saved yet: it is the payment's new method, saved when the payment is made.
    expect(
      await screen.findByText('New payment method, saved when you make this payment: Visa 1111'),
    ).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Saved Payment Methods' })).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toBeVisible();
    // The card number and code are gone from the page with the form.
    expect(document.body.innerHTML).not.toContain('4111 1111 1111 1111');
  });

  it('keeps an unsaved card for single use: the single-use box, and its delete icon drops it', async () => {
    const ui = renderCard();
    const dialog = await openCardForm(ui);
    await fill(ui, dialog, VALID_CARD);
    // Unticked unless the borrower ticks it (issue 20 item 9).
    await continueIn(ui, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      ui.server.requestsTo('POST /api/PaymentMethod/AddCardPaymentMethod')[0]?.body,
    ).toMatchObject({ SavePaymentProfile: false });
    expect(screen.getByText('Single-Use Payment Method: Visa 1111')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Saved Payment Methods' })).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toBeVisible();
    await ui.user.click(screen.getByRole('button', { name: 'Delete single-use payment method' }));
    expect(screen.queryByText(/Single-Use Payment Method/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
  });

  it.each([
    ['Declined', 'Transaction Declined.'],
    ['OverLimit', 'Card limit exceeded.'],
    ['InvalidInfo', 'Invalid information entered.'],
    ['Expired', 'Card is expired.'],
    ['CreditCardsNotAccepted', 'We do not accept Credit Cards.'],
  ])('words the processor refusal %s as the spec does, and keeps the form', async (key, text) => {
    const ui = renderPayment({
      routes: {
        'POST /api/PaymentMethod/GetPaymentMethods': () => ({ body: methodsBody([SAVED_ACH]) }),
        'POST /api/PaymentMethod/AddCardPaymentMethod': () => ({
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: key }] },
        }),
      },
    });
    const dialog = await openCardForm(ui);
    await fill(ui, dialog, VALID_CARD);
    await continueIn(ui, dialog);
    expect(await within(dialog).findByText(text)).toBeVisible();
    expect(within(dialog).queryByText('An error occurred.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Payment Details' })).toBeVisible();
  });

  it('Escape closes an untouched form at once, and asks first when something was typed', async () => {
    const ui = renderCard();
    let dialog = await openCardForm(ui);
    await ui.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await ui.user.click(screen.getByRole('button', { name: 'New payment method' }));
    dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    await fill(ui, dialog, { 'First Name': 'Jordan' });
    await ui.user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard the details you entered?' });
    await expectNoAxeViolations(ask);
    await ui.user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard the details you entered?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Jordan');
    await ui.user.keyboard('{Escape}');
    await ui.user.click(
      within(
        await screen.findByRole('dialog', { name: 'Discard the details you entered?' }),
      ).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddCardPaymentMethod')).toHaveLength(0);
  });

  it('Cancel closes the modal and chooses nothing', async () => {
    const ui = renderCard();
    const dialog = await openCardForm(ui);
    await fill(ui, dialog, VALID_CARD);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddCardPaymentMethod')).toHaveLength(0);
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
  });
});
