import type { AccountListItem, PaymentInfoResponse, SavedPaymentMethod } from '@portal/domain';
import type { StubRoutes } from '@portal/web-kit/testing';
import { FIXTURE_LOAN_NUMBER, paymentInfoFixture } from './payment-info-fixture';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { SettingValues } from './fixtures';
import { renderPortal } from './render-portal';

/*
 * Test support for the make-a-payment screen's component tests (not a test itself): the loan,
 * its answers at the HTTP boundary, and the clicks that reach each step. Only fetch is stubbed;
 * the screen, its dialogs, the domain rules and the API client are the real ones.
 */

export const LOAN = FIXTURE_LOAN_NUMBER;
/** Tuesday 2026-11-24, 10:00 in New York: a business day two days before Thanksgiving. */
export const NOW = new Date('2026-11-24T15:00:00Z');
export const TODAY = '2026-11-24';
/** A routing number with a valid ABA checksum (JPMorgan Chase, New York). */
export const TEST_ROUTING_NUMBER = '021000021';

/** The loan's account list row as the server sends it: money in the wire's decimal dollars. */
export function listItem(overrides: Partial<AccountListItem> = {}): AccountListItem {
  return {
    Number: LOAN,
    Type: 0,
    Comment: '',
    Description: 'Auto Loan',
    Balance: 18452.37,
    AvailableBalance: 0,
    Rate: 649,
    Status: 'Current',
    StatementPreference: 'Electronic',
    LoanDueDate: '2026-12-02',
    LoanAmountDue: 471.6,
    MonthlyInstallment: 471.6,
    FeesDue: 0,
    NameOnAcct: 'Jordan Rivers',
    ...overrides,
  };
}

export const SAVED_CARD = {
  IsCard: true as const,
  CardInfo: {
    CardType: 'visa' as const,
    CardNumber: '4242',
    ExpirationDate: '12/29',
    ProfileId: 'card_1',
    DebitCreditType: 'DebitCard' as const,
  },
};
export const SAVED_ACH = {
  IsCard: false as const,
  AchInfo: { AccountType: 'Checking' as const, AccountNumber: '6789', ProfileId: 'ach_1' },
};

export type LoanPaymentInfo = Extract<PaymentInfoResponse, { HasNoErrors: true }>;

/** The shared GetPaymentInfo answer, with card fees and a saved card and bank account. */
export function paymentInfo(overrides: Partial<LoanPaymentInfo> = {}): LoanPaymentInfo {
  const base = paymentInfoFixture();
  return {
    ...base,
    PaymentOptions: {
      ...base.PaymentOptions,
      FirstPartyFees: {
        ...base.PaymentOptions.FirstPartyFees,
        DebitCardFeeAmount: 2.5,
        CreditCardFeeAmount: 3.5,
      },
    },
    PaymentMethods: [SAVED_CARD, SAVED_ACH],
    ...overrides,
  };
}

export function methodsBody(
  methods: readonly SavedPaymentMethod[] = [SAVED_CARD, SAVED_ACH],
  defaultMethod: SavedPaymentMethod | null = null,
) {
  return {
    HasNoErrors: true,
    Errors: [],
    PaymentMethods: methods,
    DefaultPaymentMethod: defaultMethod,
  };
}

/** Holds are read from the loan's details (GET /api/AccountDetails); the tests turn that off. */
export const NO_HOLDS: SettingValues = { 'paymentOptions.blockPaymentsOnHoldCodesOption': 'false' };

export interface RenderPaymentOptions {
  accounts?: AccountListItem[];
  info?: PaymentInfoResponse;
  methods?: ReturnType<typeof methodsBody>;
  settings?: SettingValues;
  routes?: StubRoutes;
}

/** The screen at myaccount/payment/{LOAN}, signed in, with the given answers. */
export function renderPayment(options: RenderPaymentOptions = {}) {
  return renderPortal({
    path: `/myaccount/payment/${LOAN}`,
    signedIn: true,
    settings: { ...NO_HOLDS, ...options.settings },
    routes: {
      'GET /api/accountList': {
        body: { HasNoErrors: true, Errors: [], Accounts: options.accounts ?? [listItem()] },
      },
      'GET /api/PaymentInformation/GetPaymentInfo': { body: options.info ?? paymentInfo() },
      'POST /api/PaymentMethod/GetPaymentMethods': { body: options.methods ?? methodsBody() },
      ...options.routes,
    },
  });
}

export type PaymentUi = ReturnType<typeof renderPayment>;

/** Picks the payment type and, when given, the saved method of the dropdown. */
export async function chooseMethod(ui: PaymentUi, type: 'Card' | 'E-Check', profileId?: string) {
  await ui.user.click(await screen.findByRole('radio', { name: type }));
  if (profileId) {
    await ui.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Saved Payment Methods' }),
      profileId,
    );
  }
}

export async function chooseFrequency(ui: PaymentUi, frequency: string) {
  await ui.user.selectOptions(
    await screen.findByRole('combobox', { name: 'Payment Frequency' }),
    frequency,
  );
}

/** Types a date into a date field (replacing what it held). */
export async function typeDate(ui: PaymentUi, label: string, date: string) {
  const field = screen.getByLabelText(label);
  await ui.user.clear(field);
  if (date) await ui.user.type(field, date);
}

/** The Date is fixed at NOW; timers stay real (no test sleeps on them). */
export function fixTheDate() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

/**
 * Fake timers that also run on their own (so the screen, user-event and the queries behave as
 * with real timers) and that a test can jump forward: the 300 ms routing pause, the 5 s notes.
 */
export function fakeTimersThatRun() {
  vi.useFakeTimers({
    toFake: ['Date', 'setTimeout', 'clearTimeout'],
    shouldAdvanceTime: true,
    advanceTimeDelta: 5,
  });
  vi.setSystemTime(NOW);
}
