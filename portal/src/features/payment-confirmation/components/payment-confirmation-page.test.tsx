import { addDays, calendarDateIn, formatUsDate, type PaymentConfirmation } from '@portal/domain';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearConfirmation,
  CONFIRMATION_STORAGE_KEY,
  readConfirmation,
  saveConfirmation,
} from '../../../lib/payments/confirmation-store';
import { installFakeMobileBridge } from '../../../testing/fake-mobile-bridge';
import type { SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

const today = () => calendarDateIn('America/New_York', new Date());

function confirmation(
  overrides: Partial<PaymentConfirmation> = {},
  submission: Partial<PaymentConfirmation['submissionInfo']> = {},
): PaymentConfirmation {
  return {
    referenceNumber: 'PMT-20261126-0001',
    payDate: today(),
    dueDate: addDays(today(), 6),
    isRecurringLOCPayingTotalDue: false,
    ...overrides,
    submissionInfo: {
      accountNumber: '001-100234-1',
      amount: 47160,
      additionalPrincipalAmount: 0,
      fees: { firstParty: 295, thirdParty: 100 },
      frequencyInfo: { frequency: 'OneTime', numDays: 0 },
      method: { IsCard: true, CardInfo: { CardType: 'visa', CardNumber: '4242' } },
      ...submission,
    },
  };
}

const ACH = { IsCard: false, AchInfo: { AccountType: 'Checking', AccountNumber: '6789' } } as const;

function renderConfirmation(stored: PaymentConfirmation | undefined, settings?: SettingValues) {
  if (stored) saveConfirmation(stored);
  return renderPortal({ path: '/myaccount/paymentConfirm', signedIn: true, settings });
}

/** The rows as term → value. */
async function rows(): Promise<Record<string, string>> {
  await screen.findByRole('heading', { level: 1, name: 'Payment Confirmation' });
  const terms = screen.getAllByRole('term');
  return Object.fromEntries(
    terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
  );
}

afterEach(() => {
  clearConfirmation();
  sessionStorage.clear();
});

describe('the payment confirmation', () => {
  it('names the loan paid by its description and masked number, above its number', async () => {
    renderConfirmation(confirmation({}, { accountDescription: 'Home Equity Loan' }));
    const shown = await rows();
    expect(Object.keys(shown).slice(0, 3)).toEqual(['Confirmation Number', 'Loan', 'Loan Number']);
    expect(shown.Loan).toBe('Home Equity Loan ****2341');
  });

  it('says a payoff is one beside its amount, and nothing of it for another payment', async () => {
    renderConfirmation(confirmation({ isPayoff: true }));
    expect((await rows()).Amount).toBe('$471.60 (Payoff)');
    clearConfirmation();
  });

  it('says nothing of a payoff for a payment that is not one', async () => {
    renderConfirmation(confirmation());
    expect((await rows()).Amount).toBe('$471.60');
  });

  it('hides the loan row by its setting', async () => {
    renderConfirmation(confirmation({}, { accountDescription: 'Home Equity Loan' }), {
      'confirmationOptions.hideLoanNameOption': 'true',
    });
    expect(Object.keys(await rows())).not.toContain('Loan');
  });

  it('shows every row of an immediate card payment, without the scheduled warning', async () => {
    renderConfirmation(confirmation());
    expect(await rows()).toEqual({
      'Confirmation Number': 'PMT-20261126-0001',
      'Loan Number': '001-100234-1',
      Card: 'Visa ****4242',
      Frequency: 'One Time',
      'Payment Date': formatUsDate(today()),
      Amount: '$471.60',
      'Processing Fee': '$3.95',
      Total: '$475.55',
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.queryByText(
        'Your payment has been scheduled and will be processed on the payment date.',
      ),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(document.title).toBe('Payments - Payment Confirmation');
    await expectNoAxeViolations();
  });

  it('says a bank payment made today is processing until its bank is sent the debit; a card or scheduled one does not', async () => {
    const processing = `Your bank payment is processing. It is sent to your bank with the next batch of bank payments and credited to your loan as of ${formatUsDate(today())}; until then your loan shows it as Processing.`;
    const madeToday = renderConfirmation(confirmation({}, { method: ACH }));
    await rows();
    expect(screen.getByText(processing)).toBeVisible();
    await expectNoAxeViolations();
    madeToday.unmount();
    clearConfirmation();

    const later = renderConfirmation(
      confirmation({ payDate: addDays(today(), 5) }, { method: ACH }),
    );
    await rows();
    expect(screen.queryByText(processing)).toBeNull();
    later.unmount();
    clearConfirmation();

    renderConfirmation(confirmation());
    await rows();
    expect(screen.queryByText(processing)).toBeNull();
  });

  it('says when a pay-now payment was received, after its date, in the institution’s zone', async () => {
    renderConfirmation(confirmation({ receivedAt: '2026-11-26T20:07:04.512Z' }));
    const shown = await rows();
    expect(shown['Payment Received']).toBe('11/26/2026 3:07 PM EST');
    expect(Object.keys(shown).indexOf('Payment Received')).toBe(
      Object.keys(shown).indexOf('Payment Date') + 1,
    );
    await expectNoAxeViolations();
  });

  it('hides the payment received row by its setting', async () => {
    renderConfirmation(confirmation({ receivedAt: '2026-11-26T20:07:04.512Z' }), {
      'confirmationOptions.hidePaymentReceivedOption': 'true',
    });
    expect(Object.keys(await rows())).not.toContain('Payment Received');
  });

  it('warns that a scheduled ACH payment is scheduled, and shows the total to draft', async () => {
    renderConfirmation(
      confirmation(
        { payDate: addDays(today(), 5) },
        { method: ACH, fees: { firstParty: 0, thirdParty: 0 } },
      ),
    );
    const shown = await rows();
    expect(shown).toMatchObject({
      Account: 'Checking ****6789',
      'Payment Date': formatUsDate(addDays(today(), 5)),
      'Processing Fee': '$0.00',
      Total: '$471.60',
      'Total Payment to Draft': '$471.60',
    });
    expect(shown).not.toHaveProperty('Card');
    expect(
      screen.getByText(
        'Your payment has been scheduled and will be processed on the payment date.',
      ),
    ).toBeVisible();
  });

  it("counts a payment made on the server's day as made now when the device's clock is behind", async () => {
    const serverDay = addDays(today(), 1);
    renderConfirmation(confirmation({ payDate: serverDay, submittedOn: serverDay }));
    await rows();
    expect(
      screen.queryByText(
        'Your payment has been scheduled and will be processed on the payment date.',
      ),
    ).toBeNull();
  });

  it("counts days from the server's day when the device's clock is ahead of it (the demo clock): a scheduled payment is scheduled, a bank payment made then is processing", async () => {
    // The server's day three days before the device's; a payment for two days after it.
    const serverDay = addDays(today(), -3);
    const scheduled = renderConfirmation(
      confirmation(
        { payDate: addDays(serverDay, 2), submittedOn: serverDay, submittedOnDevice: today() },
        { method: ACH },
      ),
    );
    await rows();
    expect(
      screen.getByText(
        'Your payment has been scheduled and will be processed on the payment date.',
      ),
    ).toBeVisible();
    scheduled.unmount();
    // Paid on the server's day: processing, not a payment of three days ago.
    renderConfirmation(
      confirmation(
        { payDate: serverDay, submittedOn: serverDay, submittedOnDevice: today() },
        { method: ACH },
      ),
    );
    await rows();
    expect(
      screen.getByText(
        `Your bank payment is processing. It is sent to your bank with the next batch of bank payments and credited to your loan as of ${formatUsDate(serverDay)}; until then your loan shows it as Processing.`,
      ),
    ).toBeVisible();
  });

  it("moves the server's day on by the days the device has moved since: reloaded after its date, a scheduled payment counts as made", async () => {
    const serverDay = addDays(today(), -6);
    renderConfirmation(
      confirmation({
        payDate: addDays(serverDay, 2),
        submittedOn: serverDay,
        submittedOnDevice: addDays(today(), -3),
      }),
    );
    await rows();
    expect(
      screen.queryByText(
        'Your payment has been scheduled and will be processed on the payment date.',
      ),
    ).toBeNull();
  });

  it('starts focus at the heading, where the submit button that led here was', async () => {
    renderConfirmation(confirmation());
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Confirmation' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('hides the scheduled warning by setting', async () => {
    renderConfirmation(confirmation({ payDate: addDays(today(), 5) }), {
      'confirmationOptions.hideScheduledWarningOption': 'true',
      'confirmationTexts.titleText': 'Thank you',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
    expect(
      screen.queryByText(
        'Your payment has been scheduled and will be processed on the payment date.',
      ),
    ).toBeNull();
  });

  it('describes a recurring days-before-due ACH payment with its days prior and additional principal', async () => {
    renderConfirmation(
      confirmation(
        { payDate: addDays(today(), 3) },
        {
          method: ACH,
          additionalPrincipalAmount: 2500,
          frequencyInfo: { frequency: 'DaysBeforeDue', numDays: 3 },
        },
      ),
    );
    expect(await rows()).toMatchObject({
      Frequency: '3 days before your loan is due',
      // The series' first date, named as the form's field names it (issue 20).
      'First Payment Date': formatUsDate(addDays(today(), 3)),
      'Days Prior': '3',
      'Additional Principal': '$25.00',
      Total: '$500.55',
      'Total Payment to Draft': '$500.55',
    });
    expect(Object.keys(await rows())).not.toContain('Payment Date');
    expect(
      screen.getByText(
        'Your payment has been scheduled and will be processed on the payment date.',
      ),
    ).toBeVisible();
  });

  it('says the amount of a recurring line-of-credit payment of the total due is worked out at payment time', async () => {
    renderConfirmation(
      confirmation(
        { isRecurringLOCPayingTotalDue: true, payDate: addDays(today(), 7) },
        {
          method: ACH,
          amount: 0,
          fees: { firstParty: 0, thirdParty: 0 },
          frequencyInfo: { frequency: 'MonthlyOnDate', numDays: 0 },
        },
      ),
    );
    const shown = await rows();
    expect(shown.Amount).toBe('The amount due will be calculated at the time of each payment.');
    expect(shown.Frequency).toMatch(/^Monthly on the \d+(st|nd|rd|th)$/);
    expect(shown).not.toHaveProperty('Total');
    expect(shown).not.toHaveProperty('Total Payment to Draft');
  });

  it.each([
    ['hideConfirmationNumberOption', 'Confirmation Number'],
    ['hideLoanNumberOption', 'Loan Number'],
    ['hidePaymentMethodOption', 'Account'],
    ['hideFrequencyOption', 'Frequency'],
    ['hidePaymentDateOption', 'Payment Date'],
    ['hideDaysPriorOption', 'Days Prior'],
    ['hideAmountOption', 'Amount'],
    ['hideFeeOption', 'Processing Fee'],
    ['hideAdditionalPrincipalOption', 'Additional Principal'],
    ['hideTotalOption', 'Total'],
    ['hideTotalToDraftOption', 'Total Payment to Draft'],
  ])('confirmationOptions.%s hides the %s row only', async (option, label) => {
    renderConfirmation(
      confirmation(
        { payDate: addDays(today(), 3) },
        {
          method: ACH,
          additionalPrincipalAmount: 2500,
          frequencyInfo: { frequency: 'DaysBeforeDue', numDays: 3 },
        },
      ),
      { [`confirmationOptions.${option}`]: 'true' },
    );
    const shown = Object.keys(await rows());
    expect(shown).not.toContain(label);
    expect(shown).toHaveLength(10);
  });

  it('goes back to the dashboard and forgets the confirmation', async () => {
    const { user } = renderConfirmation(confirmation());
    await rows();
    expect(readConfirmation()).toBeDefined();
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/dashboard'));
    // Once the dashboard has replaced the page.
    await waitFor(() => expect(readConfirmation()).toBeUndefined());
    expect(screen.queryByRole('heading', { name: 'Payment Confirmation' })).toBeNull();
  });

  it('prints the page', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderConfirmation(confirmation());
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('has no Print button in the mobile app', async () => {
    installFakeMobileBridge();
    renderConfirmation(confirmation());
    await rows();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('shows a confirmation kept in sessionStorage, as after a reload', async () => {
    sessionStorage.setItem(
      CONFIRMATION_STORAGE_KEY,
      JSON.stringify(confirmation({ referenceNumber: 'PMT-RELOADED' })),
    );
    renderConfirmation(undefined);
    expect((await rows())['Confirmation Number']).toBe('PMT-RELOADED');
  });

  it('goes to the dashboard when nothing is stored', async () => {
    renderConfirmation(undefined);
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Payment Confirmation' })).toBeNull();
  });

  it("goes to the dashboard, without failing, when an earlier build's shape is stored (LastFour)", async () => {
    const stored = confirmation({ referenceNumber: 'PMT-EARLIER' });
    sessionStorage.setItem(
      CONFIRMATION_STORAGE_KEY,
      JSON.stringify({
        ...stored,
        submissionInfo: {
          ...stored.submissionInfo,
          method: { IsCard: true, CardInfo: { CardType: 'visa', LastFour: '4242' } },
        },
      }),
    );
    renderConfirmation(undefined);
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/dashboard'));
    expect(screen.queryByText('PMT-EARLIER')).toBeNull();
  });

  it('has no axe violations in the dark scheme', async () => {
    renderConfirmation(
      confirmation(
        { payDate: addDays(today(), 5) },
        { method: ACH, additionalPrincipalAmount: 100 },
      ),
      { 'themeOptions.colorScheme': 'dark' },
    );
    await rows();
    expect(document.documentElement).toHaveClass('dark');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
    await expectNoAxeViolations();
  });
});
