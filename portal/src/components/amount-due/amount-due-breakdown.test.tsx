import type { AccountListItem } from '@portal/domain';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withSettings } from '../../testing/with-settings';
import { ListedAmountDueBreakdown } from './amount-due-breakdown';

/** An account list row as the API client hands it over: money in cents. */
const ROW: Pick<
  AccountListItem,
  'LoanAmountDue' | 'MonthlyInstallment' | 'FeesDue' | 'LoanDueDate' | 'Status'
> = {
  Status: 'Past Due',
  LoanDueDate: '2025-01-30',
  MonthlyInstallment: 42_000,
  FeesDue: 5_000,
  LoanAmountDue: 131_000,
};

/** The server's today (GetPaymentInfo's PaymentDate). */
const TODAY = '2025-03-14';

beforeEach(() => {
  // The device's clock is two weeks ahead of the server's: it must not matter.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-28T15:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ListedAmountDueBreakdown (Make Payment)', () => {
  it("breaks a past-due loan's amount due into missed installments, charges and the current one", async () => {
    render(withSettings(<ListedAmountDueBreakdown account={ROW} today={TODAY} />));
    const region = screen.getByRole('region', { name: 'What makes up the amount due' });
    const lines = within(region)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Missed installments (2) $840.00',
      'Late charges and fees $50.00',
      'Current installment $420.00',
      'Total amount due $1,310.00',
      'To bring the loan current $840.00',
    ]);
    await expectNoAxeViolations();
  });

  it("shows nothing for a current loan owing one installment, by the server's day, whatever the device's", () => {
    const { container } = render(
      withSettings(
        <ListedAmountDueBreakdown
          account={{
            ...ROW,
            Status: 'Current',
            LoanDueDate: '2025-03-20',
            FeesDue: 0,
            LoanAmountDue: 42_000,
          }}
          today={TODAY}
        />,
      ),
    );
    expect(container).toBeEmptyDOMElement();
  });
});
