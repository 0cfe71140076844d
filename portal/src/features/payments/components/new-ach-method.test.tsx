import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingValues } from '../../../testing/fixtures';
import {
  SAVED_ACH,
  SAVED_CARD,
  TEST_ROUTING_NUMBER,
  fakeTimersThatRun,
  fixTheDate,
  methodsBody,
  paymentInfo,
  renderPayment,
  type PaymentUi,
  type RenderPaymentOptions,
} from '../../../testing/payment-page-harness';

const OK = { body: { HasNoErrors: true, Errors: [] } };
const TERMS = 'In order to add an ACH payment you must agree to the Terms and Conditions.';
const WITH_ACH_TERMS: SettingValues = {
  'agreementTexts.agreementSetup':
    'https://bank.example/ach-terms.pdf|2024-01-31|ACH Terms of Use|ach\nhttps://bank.example/online.pdf|2024-01-31|Online Banking Agreement|login',
};
const NEW_ACH = {
  IsCard: false as const,
  AchInfo: { AccountType: 'Checking' as const, AccountNumber: '0001', ProfileId: 'ach_2' },
};
const BANK = {
  HasNoErrors: true,
  Errors: [],
  Address: '270 Park Avenue',
  City: 'New York',
  State: 'NY',
  Zip: '10017',
  RoutingNumber: TEST_ROUTING_NUMBER,
  BankExists: true,
  Name: 'JPMorgan Chase Bank',
};

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

/** E-Check with only a card saved: the Payment Details modal opens at once (section 4). */
async function openAchForm(ui: PaymentUi) {
  await ui.user.click(await screen.findByRole('radio', { name: 'E-Check' }));
  return screen.findByRole('dialog', { name: 'Payment Details' });
}

async function fillAchForm(ui: PaymentUi, dialog: HTMLElement, account = '123456780001') {
  const field = (label: string) => within(dialog).getByLabelText(label);
  await ui.user.type(field('Owner Name'), 'Jordan Rivers');
  await ui.user.type(field('Routing Number'), TEST_ROUTING_NUMBER);
  await ui.user.type(field('Account Number'), account);
  await ui.user.type(field('Confirm Account Number'), account);
}

function renderAch(options: RenderPaymentOptions = {}) {
  return renderPayment({
    methods: methodsBody([SAVED_CARD]),
    ...options,
    routes: {
      'GET /api/ACHRoutingData': { body: BANK },
      'POST /api/PaymentMethod/ValidateAchPaymentMethod': OK,
      ...options.routes,
    },
  });
}

describe('the new ACH account form', { timeout: 30_000 }, () => {
  it('opens at once when no account is saved, and words every missing field', async () => {
    const ui = renderAch();
    const dialog = await openAchForm(ui);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    for (const message of [
      'Owner Name is required',
      'Routing Number is required',
      'Account Number is required',
      'Confirm Account Number is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeVisible();
    }
    expect(ui.server.requestsTo('POST /api/PaymentMethod/ValidateAchPaymentMethod')).toHaveLength(
      0,
    );
    await expectNoAxeViolations(dialog);
  });

  it('refuses a one-word owner, a bad checksum, an all-zero account and a mismatch', async () => {
    const ui = renderAch();
    const dialog = await openAchForm(ui);
    const field = (label: string) => within(dialog).getByLabelText(label);
    await ui.user.type(field('Owner Name'), 'Jordan');
    await ui.user.type(field('Routing Number'), '021000022');
    await ui.user.type(field('Account Number'), '0000');
    await ui.user.type(field('Confirm Account Number'), '0001');
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Owner Name is invalid')).toBeVisible();
    expect(within(dialog).getByText('Routing Number is invalid')).toBeVisible();
    expect(
      within(dialog).getByText('Please contact your bank to confirm your bank account information'),
    ).toBeVisible();
    expect(within(dialog).getByText('Account Numbers Do Not Match')).toBeVisible();
    await ui.user.clear(field('Account Number'));
    await ui.user.type(field('Account Number'), '7777777');
    expect(
      within(dialog).getByText('Please contact your bank to confirm your bank account information'),
    ).toBeVisible();
    expect(ui.server.requestsTo('POST /api/PaymentMethod/ValidateAchPaymentMethod')).toHaveLength(
      0,
    );
  });

  it('cleans the account number to digits on blur', async () => {
    const ui = renderAch();
    const dialog = await openAchForm(ui);
    const account = within(dialog).getByLabelText('Account Number');
    await ui.user.type(account, '1234-5678 9');
    await ui.user.tab();
    expect(account).toHaveValue('123456789');
  });

  it('hides the confirmation by setting, and offers Savings only when allowed', async () => {
    const ui = renderAch({
      settings: {
        'achPaymentOptions.hideConfirmAccountNumberOption': 'true',
        'achPaymentOptions.allowSavingsAccountOption': 'false',
      },
    });
    const dialog = await openAchForm(ui);
    expect(within(dialog).queryByLabelText('Confirm Account Number')).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Savings' })).toBeNull();
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).queryByText('Confirm Account Number is required')).toBeNull();
  });

  it('defaults the account type to Checking when Savings is offered', async () => {
    const ui = renderAch();
    const dialog = await openAchForm(ui);
    const group = within(dialog).getByRole('radiogroup', { name: 'Account Type' });
    expect(within(group).getByRole('radio', { name: 'Checking' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Savings' })).not.toBeChecked();
  });
});

describe('the routing number lookup', { timeout: 30_000 }, () => {
  it('asks GET /api/ACHRoutingData 300 ms after the ninth digit, once, and names the bank', async () => {
    fakeTimersThatRun();
    const ui = renderAch();
    const dialog = await openAchForm(ui);
    const routing = within(dialog).getByLabelText('Routing Number');
    await ui.user.type(routing, TEST_ROUTING_NUMBER.slice(0, 8));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(ui.server.requestsTo('GET /api/ACHRoutingData')).toHaveLength(0);

    await ui.user.type(routing, TEST_ROUTING_NUMBER.slice(8));
    const typedAt = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(Math.max(0, typedAt + 250 - Date.now())));
    expect(ui.server.requestsTo('GET /api/ACHRoutingData')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(Math.max(0, typedAt + 350 - Date.now())));
    await waitFor(() => expect(ui.server.requestsTo('GET /api/ACHRoutingData')).toHaveLength(1));
    expect(ui.server.requestsTo('GET /api/ACHRoutingData')[0]?.search).toBe(
      `?routingNumber=${TEST_ROUTING_NUMBER}`,
    );
    expect(await within(dialog).findByText('Bank: JPMorgan Chase Bank')).toBeVisible();
    // Edited to a number that fails the checksum: the bank of the old number goes.
    await ui.user.type(routing, '{Backspace}');
    await ui.user.type(routing, TEST_ROUTING_NUMBER.endsWith('1') ? '2' : '1');
    expect(within(dialog).queryByText('Bank: JPMorgan Chase Bank')).toBeNull();
  });

  it('says when the lookup fails', async () => {
    const ui = renderAch({
      routes: {
        'GET /api/ACHRoutingData': { status: 500, body: { HasNoErrors: false, Errors: [] } },
      },
    });
    const dialog = await openAchForm(ui);
    await ui.user.type(within(dialog).getByLabelText('Routing Number'), TEST_ROUTING_NUMBER);
    expect(
      await within(dialog).findByText('An error has occured while verifying the routing number'),
    ).toBeVisible();
  });

  it('with the pre-check on, refuses a routing number whose bank is not found', async () => {
    const ui = renderAch({
      settings: { 'achPaymentOptions.achRoutingPreCheckOption': 'true' },
      routes: { 'GET /api/ACHRoutingData': { body: { ...BANK, BankExists: false, Name: '' } } },
    });
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await waitFor(() => expect(ui.server.requestsTo('GET /api/ACHRoutingData')).toHaveLength(1));
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Invalid routing number.')).toBeVisible();
    expect(ui.server.requestsTo('POST /api/PaymentMethod/ValidateAchPaymentMethod')).toHaveLength(
      0,
    );
  });
});

async function tickSave(ui: PaymentUi, dialog: HTMLElement) {
  await ui.user.click(within(dialog).getByRole('checkbox', { name: 'Save Payment Profile' }));
}

describe('saving an ACH account: validation and the ACH terms', { timeout: 30_000 }, () => {
  function renderSaving(routes: StubRoutes = {}) {
    let saved = false;
    return renderAch({
      settings: WITH_ACH_TERMS,
      routes: {
        'POST /api/PaymentMethod/GetPaymentMethods': () => ({
          body: methodsBody(saved ? [SAVED_CARD, NEW_ACH] : [SAVED_CARD]),
        }),
        'POST /api/PaymentMethod/AddAchPaymentMethod': () => {
          saved = true;
          return { body: { HasNoErrors: true, Errors: [], PaymentMethod: NEW_ACH } };
        },
        'POST /api/AgreementLogging': OK,
        ...routes,
      },
    });
  }

  it('validates, asks for the terms, logs the agreement, and keeps the account to save with the payment', async () => {
    const ui = renderSaving();
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    // Unticked until the borrower ticks it (issue 20 item 9).
    expect(
      within(dialog).getByRole('checkbox', { name: 'Save Payment Profile' }),
    ).not.toBeChecked();
    await tickSave(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const terms = await screen.findByRole('dialog', { name: TERMS });
    expect(
      ui.server.requestsTo('POST /api/PaymentMethod/ValidateAchPaymentMethod')[0]?.body,
    ).toEqual({
      AccountType: 'Checking',
      RoutingNumber: TEST_ROUTING_NUMBER,
      AccountNumber: '123456780001',
      OwnerName: 'Jordan Rivers',
    });
    // Only the agreements to accept when adding ACH are linked.
    expect(within(terms).getByRole('link', { name: 'ACH Terms of Use' })).toHaveAttribute(
      'href',
      'https://bank.example/ach-terms.pdf',
    );
    expect(within(terms).queryByRole('link', { name: 'Online Banking Agreement' })).toBeNull();
    await expectNoAxeViolations(terms);
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddAchPaymentMethod')).toHaveLength(0);

    // The terms are read first (issue 20 item 7): Agree waits until the link was opened.
    expect(within(terms).getByRole('button', { name: 'Agree' })).toBeDisabled();
    await ui.user.click(within(terms).getByRole('link', { name: 'ACH Terms of Use' }));
    await ui.user.click(within(terms).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.server.requestsTo('POST /api/AgreementLogging')[0]?.body).toMatchObject({
      Agreements: [11337],
      UserName: 'jordan.rivers',
    });
    // Saved with the payment (its SavePaymentMethod), not now.
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddAchPaymentMethod')).toHaveLength(0);
    expect(
      screen.getByText('New payment method, saved when you make this payment: Checking 0001'),
    ).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toBeVisible();
  });

  it('does not ask the ACH terms again once accepted (GetPaymentMethods: AchAgreementsNeeded)', async () => {
    const ui = renderSaving({
      'POST /api/PaymentMethod/GetPaymentMethods': () => ({
        body: { ...methodsBody([SAVED_CARD]), AchAgreementsNeeded: [] },
      }),
    });
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await tickSave(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('dialog', { name: TERMS })).toBeNull();
    expect(ui.server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
  });

  it('asks only the ACH agreements in force: one dated after today is left out', async () => {
    const ui = renderAch({
      settings: {
        'agreementTexts.agreementSetup':
          'https://bank.example/ach-terms.pdf|2024-01-31|ACH Terms of Use|ach\nhttps://bank.example/new.pdf|2027-01-01|New ACH Terms|ach',
      },
    });
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await tickSave(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const terms = await screen.findByRole('dialog', { name: TERMS });
    expect(within(terms).getByRole('link', { name: 'ACH Terms of Use' })).toBeVisible();
    expect(within(terms).queryByRole('link', { name: 'New ACH Terms' })).toBeNull();
  });

  it('has no axe violations on the ACH terms in the dark scheme', async () => {
    const ui = renderAch({ settings: { ...WITH_ACH_TERMS, 'themeOptions.colorScheme': 'dark' } });
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await tickSave(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const terms = await screen.findByRole('dialog', { name: TERMS });
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations(terms);
  });

  it('after Disagree says the terms must be agreed to and saves nothing', async () => {
    const ui = renderSaving();
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await tickSave(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const terms = await screen.findByRole('dialog', { name: TERMS });
    await ui.user.click(within(terms).getByRole('button', { name: 'Disagree' }));
    expect(
      await within(dialog).findByText(
        'In order to use the system you must agree to the terms and conditions.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TERMS })).toBeNull());
    expect(ui.server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddAchPaymentMethod')).toHaveLength(0);
  });

  it('after Escape on the terms says nothing and keeps the form as typed (issue 20)', async () => {
    const ui = renderSaving();
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await tickSave(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: TERMS });
    await ui.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TERMS })).toBeNull());
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText(/must agree/)).toBeNull();
    expect(within(dialog).getByLabelText('Owner Name')).toHaveValue('Jordan Rivers');
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddAchPaymentMethod')).toHaveLength(0);
  });

  it('keeps the terms open with an error when the agreement cannot be recorded', async () => {
    const ui = renderSaving({
      'POST /api/AgreementLogging': { status: 500, body: { HasNoErrors: false, Errors: [] } },
    });
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await tickSave(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const terms = await screen.findByRole('dialog', { name: TERMS });
    await ui.user.click(within(terms).getByRole('link', { name: 'ACH Terms of Use' }));
    await ui.user.click(within(terms).getByRole('button', { name: 'Agree' }));
    expect(await within(terms).findByText('An error occurred, please try again.')).toBeVisible();
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddAchPaymentMethod')).toHaveLength(0);
  });

  it('shows the server’s validation refusal and asks for no terms', async () => {
    const ui = renderSaving({
      'POST /api/PaymentMethod/ValidateAchPaymentMethod': {
        body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'RoutingNumberInvalid' }] },
      },
    });
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Invalid routing number.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: TERMS })).toBeNull();
    // Editing the values the refusal was about clears it.
    await ui.user.type(within(dialog).getByLabelText('Routing Number'), '{Backspace}0');
    expect(within(dialog).queryByText('Invalid routing number.')).toBeNull();
  });

  it('keeps an unsaved account for single use, without the terms, in the single-use box', async () => {
    const ui = renderSaving();
    const dialog = await openAchForm(ui);
    await fillAchForm(ui, dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.server.requestsTo('POST /api/PaymentMethod/ValidateAchPaymentMethod')).toHaveLength(
      1,
    );
    expect(ui.server.requestsTo('POST /api/PaymentMethod/AddAchPaymentMethod')).toHaveLength(0);
    expect(ui.server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
    expect(screen.getByText('Single-Use Payment Method: Checking 0001')).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toBeVisible();
    // Section 8 (MustSavePaymentMethod): a method not saved pays only today, as the server
    // holds (the domain's methodCanSchedule): one time, dated today, no recurring choice.
    const frequencies = within(await screen.findByRole('combobox', { name: 'Payment Frequency' }))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'))
      .filter(Boolean);
    expect(frequencies).toEqual(['OneTime']);
    await ui.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Payment Frequency' }),
      'OneTime',
    );
    expect(screen.getByLabelText('Payment Date')).toBeDisabled();
    expect(screen.getByLabelText('Payment Date')).toHaveValue('2026-11-24');
    await ui.user.click(screen.getByRole('button', { name: 'Delete single-use payment method' }));
    expect(screen.queryByText(/Single-Use Payment Method/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
  });

  it.each([
    ['ACH profiles are disallowed', { 'achPaymentOptions.disallowAchProfilesOption': 'true' }, 0],
    ['the loan is a business’s (company number not 0)', {}, 7],
  ])('offers no Save Payment Profile box when %s', async (_case, settings, company) => {
    const ui = renderAch({
      methods: methodsBody([SAVED_CARD, SAVED_ACH]),
      info: paymentInfo({
        PaymentDetails: { ...paymentInfo().PaymentDetails, Company: company },
      }),
      settings,
    });
    await ui.user.click(await screen.findByRole('radio', { name: 'E-Check' }));
    await ui.user.click(screen.getByRole('button', { name: 'New payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Save Payment Profile' })).toBeNull();
  });
});
