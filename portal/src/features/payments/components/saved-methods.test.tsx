import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOAN,
  SAVED_ACH,
  SAVED_CARD,
  chooseMethod,
  fakeTimersThatRun,
  fixTheDate,
  methodsBody,
  paymentInfo,
  renderPayment,
} from '../../../testing/payment-page-harness';

const SECOND_CARD = {
  IsCard: true as const,
  CardInfo: {
    CardType: 'master' as const,
    CardNumber: '4444',
    ExpirationDate: '10/28',
    ProfileId: 'card_2',
    DebitCreditType: 'CreditCard' as const,
  },
};

const DELETE_QUESTION = 'Are you sure you want to delete this payment method?';
const DELETE_WARNING =
  /Deleting this payment method will cancel and remove any scheduled or recurring payments/;

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the (running) fake clock on to a time, measured on the same clock. */
async function advanceTo(time: number) {
  await act(() => vi.advanceTimersByTimeAsync(Math.max(0, time - Date.now())));
}

function methodOptions() {
  return within(screen.getByRole('combobox', { name: 'Saved Payment Methods' }))
    .getAllByRole('option')
    .map((option) => option.getAttribute('value'));
}

describe('deleting a saved payment method', { timeout: 30_000 }, () => {
  it('asks first (with the general warning when the payments cannot be listed); Cancel sends nothing', async () => {
    const ui = renderPayment({ methods: methodsBody([SAVED_CARD, SECOND_CARD, SAVED_ACH]) });
    await chooseMethod(ui, 'Card', 'card_1');
    await ui.user.click(screen.getByRole('button', { name: 'Delete Visa Card ending with 4242' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_QUESTION });
    expect(within(dialog).getByText(DELETE_WARNING)).toBeVisible();
    await expectNoAxeViolations(dialog);
    await ui.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.server.requestsTo('POST /api/PaymentMethod/DeleteCardPayment')).toHaveLength(0);
    expect(methodOptions()).toEqual(['', 'card_1', 'card_2']);
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('card_1');
  });

  it('names the scheduled and recurring payments the deletion cancels, as the server lists them', async () => {
    const ui = renderPayment({
      methods: methodsBody([SAVED_CARD, SECOND_CARD, SAVED_ACH]),
      routes: {
        'POST /api/PaymentMethod/PaymentsOfMethod': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Payments: [
              {
                Kind: 'Scheduled',
                LoanAccountNumber: '****2352',
                LoanName: 'Home Equity Loan ****2352',
                PaymentDate: '2026-12-04',
                PaymentAmount: 50,
                RecurringOption: null,
                NumberOfDays: 0,
              },
              {
                Kind: 'Recurring',
                LoanAccountNumber: '****2341',
                LoanName: 'Auto Loan ****2341',
                PaymentDate: '2026-12-15',
                PaymentAmount: 125.5,
                RecurringOption: 'DayOfMonth',
                NumberOfDays: 0,
              },
            ],
          },
        },
      },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await ui.user.click(screen.getByRole('button', { name: 'Delete Visa Card ending with 4242' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_QUESTION });
    expect(ui.server.requestsTo('POST /api/PaymentMethod/PaymentsOfMethod')[0]?.body).toEqual({
      IsCard: true,
      ProfileId: 'card_1',
    });
    const list = within(dialog).getByRole('list', {
      name: 'Deleting it also cancels these payments:',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      // Each loan by its name (issue 20), not by its masked number alone.
      'Scheduled payment of $50.00 on 12/04/2026 to Home Equity Loan ****2352',
      'Recurring payment of $125.50, Monthly on the 15th, to Auto Loan ****2341',
    ]);
    await expectNoAxeViolations(dialog);
  });

  it('says when no scheduled or recurring payment uses the method', async () => {
    const ui = renderPayment({
      routes: {
        'POST /api/PaymentMethod/PaymentsOfMethod': {
          body: { HasNoErrors: true, Errors: [], Payments: [] },
        },
      },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await ui.user.click(screen.getByRole('button', { name: /^Delete Visa/ }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_QUESTION });
    expect(
      within(dialog).getByText('No scheduled or recurring payment uses this payment method.'),
    ).toBeVisible();
  });

  it('has no axe violations in the dark scheme', async () => {
    const ui = renderPayment({ settings: { 'themeOptions.colorScheme': 'dark' } });
    await chooseMethod(ui, 'Card', 'card_1');
    await ui.user.click(screen.getByRole('button', { name: /^Delete Visa/ }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_QUESTION });
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations(dialog);
  });

  it('leaves the warning out when its setting is off', async () => {
    const ui = renderPayment({
      settings: { 'paymentOptions.showDeletePaymentMethodWarningOption': 'false' },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await ui.user.click(screen.getByRole('button', { name: /^Delete Visa/ }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_QUESTION });
    expect(within(dialog).queryByText(DELETE_WARNING)).toBeNull();
  });

  it('deletes the selected card, drops it from the list, clears the selection and notes success for 5 s', async () => {
    fakeTimersThatRun();
    const ui = renderPayment({
      methods: methodsBody([SAVED_CARD, SECOND_CARD, SAVED_ACH]),
      routes: {
        'POST /api/PaymentMethod/DeleteCardPayment': { body: { HasNoErrors: true, Errors: [] } },
      },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toBeVisible();
    await ui.user.click(screen.getByRole('button', { name: /^Delete Visa/ }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_QUESTION });
    await ui.user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const note = await screen.findByText('Successfully deleted payment method.');
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [request] = ui.server.requestsTo('POST /api/PaymentMethod/DeleteCardPayment');
    expect(request?.body).toEqual(SAVED_CARD.CardInfo);
    expect(methodOptions()).toEqual(['', 'card_2']);
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('');
    // The selection is gone, and with it every later step.
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();

    await advanceTo(shownAt + 4_800);
    expect(note).toBeInTheDocument();
    await advanceTo(shownAt + 5_100);
    expect(screen.queryByText('Successfully deleted payment method.')).toBeNull();
  });

  it('deletes an ACH account through DeleteAchPayment with its AchInfo', async () => {
    const ui = renderPayment({
      routes: {
        'POST /api/PaymentMethod/DeleteAchPayment': { body: { HasNoErrors: true, Errors: [] } },
      },
    });
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await ui.user.click(
      screen.getByRole('button', { name: 'Delete Checking Account ending with 6789' }),
    );
    await ui.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Successfully deleted payment method.')).toBeVisible();
    expect(ui.server.requestsTo('POST /api/PaymentMethod/DeleteAchPayment')[0]?.body).toEqual(
      SAVED_ACH.AchInfo,
    );
    // The last ACH account is gone: no dropdown is left for E-Check.
    expect(screen.queryByRole('combobox', { name: 'Saved Payment Methods' })).toBeNull();
  });

  it('fetches the payment info again: the payments the method paid are cancelled with it', async () => {
    const scheduled = {
      EncryptedString: 'scheduled-1',
      IsCard: false,
      AccountNumber: '6789',
      PaymentDate: '2026-12-01T00:00:00',
      PaymentAmount: 250,
      CanDelete: true,
      HasBeenPosted: false,
      Status: 'scheduled' as const,
    };
    let infoCalls = 0;
    const ui = renderPayment({
      routes: {
        'GET /api/PaymentInformation/GetPaymentInfo': () => {
          infoCalls += 1;
          return {
            body: paymentInfo({ ScheduledPayments: infoCalls === 1 ? [scheduled] : [] }),
          };
        },
        'POST /api/PaymentMethod/DeleteAchPayment': { body: { HasNoErrors: true, Errors: [] } },
      },
    });
    expect(await screen.findByText('$250.00')).toBeVisible();
    await chooseMethod(ui, 'E-Check', 'ach_1');
    await ui.user.click(
      screen.getByRole('button', { name: 'Delete Checking Account ending with 6789' }),
    );
    await ui.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Successfully deleted payment method.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('$250.00')).toBeNull());
    expect(ui.server.requestsTo('GET /api/PaymentInformation/GetPaymentInfo')).toHaveLength(2);
  });

  it('notes a failed deletion for 5 s and keeps the method and its selection', async () => {
    fakeTimersThatRun();
    const ui = renderPayment({
      routes: {
        'POST /api/PaymentMethod/DeleteCardPayment': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Error' }] },
        },
      },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await ui.user.click(screen.getByRole('button', { name: /^Delete Visa/ }));
    await ui.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const note = await screen.findByText('Error deleting payment method.');
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(methodOptions()).toEqual(['', 'card_1']);
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('card_1');
    await advanceTo(shownAt + 4_800);
    expect(note).toBeInTheDocument();
    await advanceTo(shownAt + 5_100);
    expect(screen.queryByText('Error deleting payment method.')).toBeNull();
  });
});

describe('the default payment method', { timeout: 30_000 }, () => {
  it('offers Set As Default only for a selected method that is not the default', async () => {
    const ui = renderPayment({
      methods: methodsBody([SAVED_CARD, SECOND_CARD, SAVED_ACH], SAVED_CARD),
    });
    expect(await screen.findByText('Card ending with 4242')).toBeVisible();
    await ui.user.click(await screen.findByRole('radio', { name: 'Card' }));
    // The default is preselected: nothing to set.
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('card_1');
    expect(screen.queryByRole('button', { name: 'Set As Default Method' })).toBeNull();
    await ui.user.selectOptions(
      screen.getByRole('combobox', { name: 'Saved Payment Methods' }),
      '',
    );
    expect(screen.queryByRole('button', { name: 'Set As Default Method' })).toBeNull();
    await ui.user.selectOptions(
      screen.getByRole('combobox', { name: 'Saved Payment Methods' }),
      'card_2',
    );
    expect(screen.getByRole('button', { name: 'Set As Default Method' })).toBeVisible();
  });

  it('preselects the default bank account when E-Check is picked, and the default card for Card', async () => {
    const ui = renderPayment({
      methods: methodsBody([SAVED_CARD, SECOND_CARD, SAVED_ACH], SAVED_ACH),
    });
    expect(await screen.findByText('Account ending with 6789')).toBeVisible();
    await chooseMethod(ui, 'E-Check');
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('ach_1');
    // The default is chosen: the next step is there at once.
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toBeVisible();
    await chooseMethod(ui, 'Card');
    // The default is a bank account: no card is preselected.
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('');
  });

  it('preselects nothing without a default: spec 001 names no other method to preselect', async () => {
    // Sections 2 and 4 preselect the route's account, the only payment type allowed and a method
    // just added; the saved method shown as chosen is the default ('Default method'). A saved
    // method that is not the default waits to be picked.
    const ui = renderPayment({ methods: methodsBody([SAVED_CARD, SAVED_ACH], null) });
    await chooseMethod(ui, 'E-Check');
    expect(screen.getByRole('combobox', { name: 'Saved Payment Methods' })).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: 'Payment Frequency' })).toBeNull();
  });

  it('shows neither the default nor Set As Default when the setting is off', async () => {
    const ui = renderPayment({
      settings: { 'paymentOptions.useDefaultPaymentMethodOption': 'false' },
      methods: methodsBody([SAVED_CARD, SECOND_CARD, SAVED_ACH], SAVED_CARD),
    });
    await chooseMethod(ui, 'Card', 'card_2');
    expect(screen.queryByText('Card ending with 4242')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove default payment method' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set As Default Method' })).toBeNull();
  });

  it('sets the selected method as the default, with a spinner while it saves', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const ui = renderPayment({
      methods: methodsBody([SAVED_CARD, SAVED_ACH], SAVED_ACH),
      routes: {
        'POST /api/PaymentMethod/SetDefaultPaymentMethod': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    });
    expect(await screen.findByText('Account ending with 6789')).toBeVisible();
    await chooseMethod(ui, 'Card', 'card_1');
    const button = screen.getByRole('button', { name: 'Set As Default Method' });
    await ui.user.click(button);
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(
      ui.server.requestsTo('POST /api/PaymentMethod/SetDefaultPaymentMethod')[0]?.body,
    ).toEqual({
      AccountNumber: LOAN,
      PaymentMethod: SAVED_CARD,
    });
    answer({ body: { HasNoErrors: true, Errors: [] } });
    expect(await screen.findByText('Card ending with 4242')).toBeVisible();
    expect(screen.queryByText('Account ending with 6789')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set As Default Method' })).toBeNull();
  });

  it('flags a failed Set As Default and keeps the old default', async () => {
    const ui = renderPayment({
      methods: methodsBody([SAVED_CARD, SAVED_ACH], SAVED_ACH),
      routes: {
        'POST /api/PaymentMethod/SetDefaultPaymentMethod': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Error' }] },
        },
      },
    });
    await chooseMethod(ui, 'Card', 'card_1');
    await ui.user.click(screen.getByRole('button', { name: 'Set As Default Method' }));
    expect(
      await screen.findByText('There was a problem setting your default payment method.'),
    ).toBeVisible();
    expect(screen.getByText('Account ending with 6789')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Set As Default Method' })).toBeEnabled();
  });

  it('removes the default through RemoveDefaultPaymentMethod', async () => {
    const ui = renderPayment({
      methods: methodsBody([SAVED_CARD, SAVED_ACH], SAVED_CARD),
      routes: {
        'DELETE /api/PaymentMethod/RemoveDefaultPaymentMethod': {
          body: { HasNoErrors: true, Errors: [] },
        },
      },
    });
    expect(await screen.findByText('Card ending with 4242')).toBeVisible();
    await ui.user.click(screen.getByRole('button', { name: 'Remove default payment method' }));
    await waitFor(() => expect(screen.queryByText('Card ending with 4242')).toBeNull());
    const [request] = ui.server.requestsTo('DELETE /api/PaymentMethod/RemoveDefaultPaymentMethod');
    expect(request?.search).toBe(`?accountNumber=${encodeURIComponent(LOAN)}`);
  });

  it('only logs a failed removal: the default stays and nothing is shown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ui = renderPayment({
      methods: methodsBody([SAVED_CARD, SAVED_ACH], SAVED_CARD),
      routes: {
        'DELETE /api/PaymentMethod/RemoveDefaultPaymentMethod': {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Error' }] },
        },
      },
    });
    await ui.user.click(
      await screen.findByRole('button', { name: 'Remove default payment method' }),
    );
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByText('Card ending with 4242')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
