import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chooseFrequency,
  chooseMethod,
  fixTheDate,
  renderPayment,
  typeDate,
  type PaymentUi,
} from '../../../testing/payment-page-harness';

// Issue 20, items 1, 2 and 8: what was typed survives later choices; refused dates are disabled
// in the calendar with their reason; the summary of what will be sent before it is sent.

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

async function typeAmount(ui: PaymentUi, amount: string) {
  const field = await screen.findByRole('textbox', { name: 'Amount' });
  await ui.user.clear(field);
  await ui.user.type(field, amount);
  await ui.user.tab();
}

describe('what the borrower typed', { timeout: 40_000 }, () => {
  it('keeps the typed amount on screen through a refused date and its fix', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    await typeAmount(ui, '250');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('$250.00');
    // A Saturday: refused with its reason; the amount stays on screen as typed, and the total
    // and submit wait for a date the rules take.
    await typeDate(ui, 'Payment Date', '2026-11-28');
    expect(screen.getByText('Payment date cannot be on a Saturday')).toBeVisible();
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('$250.00');
    expect(screen.queryByRole('button', { name: /Make Payment|Schedule Payment/ })).toBeNull();
    // Still editable while the date is refused, and what is typed then is kept too.
    await typeAmount(ui, '260');
    expect(amount).toHaveValue('$260.00');
    // Fixed: the amount is the borrower's $260.00, not the amount due, in the same field.
    await typeDate(ui, 'Payment Date', '2026-11-30');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toBe(amount);
    expect(amount).toHaveValue('$260.00');
    expect(await screen.findByRole('button', { name: 'Schedule Payment' })).toBeEnabled();
  });

  it('keeps the amount, date and frequency when the method changes, if still offered', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    await typeDate(ui, 'Payment Date', '2026-11-30');
    await typeAmount(ui, '312.45');
    await chooseMethod(ui, 'E-Check', 'ach_1');
    expect(await screen.findByRole('combobox', { name: 'Payment Frequency' })).toHaveValue(
      'OneTime',
    );
    expect(screen.getByLabelText('Payment Date')).toHaveValue('2026-11-30');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('$312.45');
  });

  it('keeps the amount typed for a one-time payment when the frequency changes', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    await typeAmount(ui, '99.5');
    await chooseFrequency(ui, 'Weekly');
    await typeDate(ui, 'First Payment Date', '2026-11-30');
    expect(await screen.findByRole('textbox', { name: 'Amount' })).toHaveValue('$99.50');
  });
});

describe('the payment date calendar', { timeout: 40_000 }, () => {
  it('disables the dates the rules refuse and says why', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    await ui.user.click(screen.getByRole('button', { name: 'Choose the date from a calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Payment Date' });
    // Thanksgiving (Thursday 26th) and the weekend are disabled, each with its reason.
    // The calendar module loads on first use.
    const thanksgiving = await within(calendar).findByRole('gridcell', {
      name: 'Thursday, November 26, 2026: Payment cannot be made on a holiday.',
    });
    expect(thanksgiving).toBeDisabled();
    expect(
      within(calendar).getByRole('gridcell', {
        name: 'Saturday, November 28, 2026: Payment date cannot be on a Saturday',
      }),
    ).toBeDisabled();
    const list = within(calendar).getByRole('region', { name: 'Dates you cannot choose' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '11/26: Payment cannot be made on a holiday.',
      '11/28: Payment date cannot be on a Saturday',
      '11/29: Payment date cannot be on a Sunday',
    ]);
    await expectNoAxeViolations(calendar);
    // A date it allows is chosen, and the calendar closes.
    await ui.user.click(within(calendar).getByRole('gridcell', { name: '30' }));
    expect(screen.queryByRole('dialog', { name: 'Payment Date' })).toBeNull();
    // The dialog fades out: until it has left the DOM its title also names "Payment Date".
    await waitFor(() => expect(screen.getByLabelText('Payment Date')).toHaveValue('2026-11-30'));
  });
});

describe('the summary before submitting', { timeout: 40_000 }, () => {
  it('repeats what will be sent above the confirm question', async () => {
    const ui = renderPayment();
    await chooseMethod(ui, 'Card', 'card_1');
    await chooseFrequency(ui, 'OneTime');
    await typeDate(ui, 'Payment Date', '2026-11-30');
    await typeAmount(ui, '250');
    await ui.user.click(await screen.findByRole('button', { name: 'Schedule Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to submit?' });
    const terms = within(dialog).getAllByRole('term');
    expect(
      Object.fromEntries(
        terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      ),
    ).toEqual({
      Loan: 'Auto Loan ****2341',
      Amount: '$250.00',
      'Processing Fee': '$2.50',
      Total: '$252.50',
      'Payment Date': '11/30/2026',
      Card: 'Visa ****4242',
      Frequency: 'One Time',
    });
    expect(within(dialog).getByRole('heading', { name: 'Check your payment' })).toBeVisible();
    await expectNoAxeViolations(dialog);
  });
});
