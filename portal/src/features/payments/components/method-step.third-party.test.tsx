import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingValues } from '../../../testing/fixtures';
import {
  LOAN,
  SAVED_ACH,
  chooseMethod,
  fixTheDate,
  methodsBody,
  paymentInfo,
  renderPayment,
} from '../../../testing/payment-page-harness';

/*
 * The third-party card page (spec 001 section 2, step 2, and section 4 "Payment type"): with
 * third-party card payments on, picking Card shows a notice about leaving the site and a 'Make
 * Payment' button that opens the configured link in a new tab, instead of the saved cards, the
 * new-method modal and the later steps. Only fetch (and the browser's window.open) is stubbed.
 */

const CARD_SITE = 'https://cards.partner.example/pay?loan=1';
const THIRD_PARTY_CARDS: SettingValues = {
  'thirdPartyPaymentOptions.useThirdPartyCardPaymentsOption': 'true',
  'thirdPartyPaymentOptions.thirdPartyCardPaymentURL': CARD_SITE,
};
const NOTICE =
  'You are about to leave our site to make a card payment on a third-party payment site. Do you want to continue?';

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the third-party card page', { timeout: 20_000 }, () => {
  it('shows the leaving-site notice and opens the configured site in a new tab from Make Payment', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const ui = renderPayment({ settings: THIRD_PARTY_CARDS });
    await chooseMethod(ui, 'Card');
    // The notice is there before the borrower leaves.
    expect(await screen.findByText(NOTICE)).toBeVisible();
    expect(open).not.toHaveBeenCalled();
    // Neither the saved cards nor the steps of a payment made here.
    expect(screen.queryByRole('combobox', { name: 'Saved Payment Methods' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New payment method' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
    await ui.user.click(screen.getByRole('button', { name: 'Make Payment' }));
    // A new tab that cannot reach back into the portal.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(CARD_SITE, '_blank', 'noopener,noreferrer');
    // Nothing is paid here.
    expect(
      ui.server.requests.filter((request) => request.method === 'POST').map((r) => r.path),
    ).not.toContain('/api/PaymentImmediate/SubmitCard');
    expect(screen.queryByRole('dialog')).toBeNull();
    await expectNoAxeViolations();
  });

  it('does not open the new-card modal when no card is saved', async () => {
    const ui = renderPayment({
      settings: THIRD_PARTY_CARDS,
      info: paymentInfo({ PaymentMethods: [SAVED_ACH] }),
      methods: methodsBody([SAVED_ACH]),
    });
    await chooseMethod(ui, 'Card');
    expect(await screen.findByText(NOTICE)).toBeVisible();
    // The modal's code is loaded when a type is picked; once it is in, the modal would be open.
    await act(async () => {
      await import('./payment-details-dialog');
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the new-card modal when no card is saved while the option is off (the control)', async () => {
    const ui = renderPayment({
      settings: { 'thirdPartyPaymentOptions.thirdPartyCardPaymentURL': CARD_SITE },
      info: paymentInfo({ PaymentMethods: [SAVED_ACH] }),
      methods: methodsBody([SAVED_ACH]),
    });
    await chooseMethod(ui, 'Card');
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('words the notice and the button by their settings texts', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const ui = renderPayment({
      settings: {
        ...THIRD_PARTY_CARDS,
        'thirdPartyPaymentTexts.thirdPartyCardNoticeText': 'Cards are paid at Partner Pay.',
        'thirdPartyPaymentTexts.thirdPartyCardButtonText': 'Go to Partner Pay',
      },
    });
    await chooseMethod(ui, 'Card');
    expect(await screen.findByText('Cards are paid at Partner Pay.')).toBeVisible();
    expect(screen.queryByText(NOTICE)).toBeNull();
    await ui.user.click(screen.getByRole('button', { name: 'Go to Partner Pay' }));
    expect(open).toHaveBeenCalledWith(CARD_SITE, '_blank', 'noopener,noreferrer');
  });

  it('opens nothing for an address that is not a web address', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const ui = renderPayment({
      settings: {
        ...THIRD_PARTY_CARDS,
        'thirdPartyPaymentOptions.thirdPartyCardPaymentURL': 'javascript:alert(1)',
      },
    });
    await chooseMethod(ui, 'Card');
    await ui.user.click(await screen.findByRole('button', { name: 'Make Payment' }));
    expect(open).not.toHaveBeenCalled();
  });

  it('leaves E-Check paid here: its saved accounts and the later steps', async () => {
    const ui = renderPayment({ settings: THIRD_PARTY_CARDS });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('ach_1');
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toBeVisible();
    // Back to Card: the page again, and the E-Check steps are gone.
    await chooseMethod(ui, 'Card');
    expect(await screen.findByText(NOTICE)).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
  });

  it('shows the page at once when cards are the only type (E-Check hidden)', async () => {
    renderPayment({
      settings: { ...THIRD_PARTY_CARDS, 'achPaymentOptions.hideAchOption': 'true' },
    });
    expect(await screen.findByText(NOTICE)).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'E-Check' })).toBeNull();
  });

  it('shows the saved cards, not the page, while the option is off', async () => {
    const ui = renderPayment({
      settings: { 'thirdPartyPaymentOptions.thirdPartyCardPaymentURL': CARD_SITE },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('card_1');
  });

  it('blocks a loan whose hold stops ACH: no fallback to cards paid elsewhere (section 4)', async () => {
    const ui = renderPayment({
      settings: { ...THIRD_PARTY_CARDS, 'paymentOptions.blockPaymentsOnHoldCodesOption': 'true' },
      routes: {
        'GET /api/AccountDetails': {
          body: { HasNoErrors: true, Errors: [], Hold: 'NoAchPayment' },
        },
      },
    });
    expect(await screen.findByText(/Payment has been blocked for this account/)).toBeVisible();
    expect(screen.queryByRole('radio', { name: 'Card' })).toBeNull();
    expect(
      ui.server.requestsTo('GET /api/AccountDetails').map((request) => request.search),
    ).toEqual([`?accountNumber=${LOAN}`]);
    expect(ui.server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(0);
  });

  it('still lets a NoAchPayment loan pay by card here when cards are not paid elsewhere', async () => {
    const ui = renderPayment({
      settings: { 'paymentOptions.blockPaymentsOnHoldCodesOption': 'true' },
      routes: {
        'GET /api/AccountDetails': {
          body: { HasNoErrors: true, Errors: [], Hold: 'NoAchPayment' },
        },
      },
    });
    const card = await screen.findByRole('radio', { name: 'Card' });
    expect(screen.queryByRole('radio', { name: 'E-Check' })).toBeNull();
    expect(card).toBeChecked();
    expect(within(document.body).queryByText(/Payment has been blocked/)).toBeNull();
    expect(ui.server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(1);
  });
});
