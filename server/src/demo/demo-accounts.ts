import type { DemoAccountDefinition, DemoApplication } from '../core/builtin/core-seed';

/**
 * What each demo borrower holds (the same at every demo institution), as scenarios the built-in
 * core runs from each account's opening to the seed day. Balances, due dates and histories are
 * therefore generated, and always agree with each other.
 */
const LOAN = 0;
const LINE_OF_CREDIT = 9;
const CHECKING = 1;
const SAVINGS = 3;
const MONEY_MARKET = 5;
const ESCROW = 6;
const CERTIFICATE = 7;

export const DEMO_ACCOUNTS: Readonly<Record<string, readonly DemoAccountDefinition[]>> = {
  'jordan.rivers': [
    {
      // Past due: the last two installments are unpaid and late charges are owed.
      kind: 'loan',
      account: '100234',
      type: LOAN,
      description: 'Auto Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 2_800_000,
      rateHundredths: 649,
      termPayments: 72,
      openedMonthsAgo: 34,
      openedDayOffset: -12,
      lateFeeCents: 3_500,
      behaviour: { kind: 'pastDue', missed: 2 },
    },
    {
      // Current, with joint credit life insurance; 'NOX$' is an open comment, shown cleared.
      kind: 'loan',
      account: '100235',
      type: LOAN,
      description: 'Home Equity Loan',
      comment: 'NOX$',
      statementPreference: 'PaperOnly',
      principalCents: 8_500_000,
      rateHundredths: 725,
      termPayments: 180,
      openedMonthsAgo: 66,
      openedDayOffset: 5,
      behaviour: { kind: 'onTime' },
      // Its statements come from the URL provider family.
      statementProvider: 1,
      insurance: [
        { type: 'Credit Life', coverage: 2, premiumCents: 1_842 },
        { type: 'Credit Disability', coverage: 1, premiumCents: 2_310 },
      ],
    },
    {
      // Closed: paid off seven months ago.
      kind: 'loan',
      account: '100101',
      type: LOAN,
      description: 'Boat Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 1_900_000,
      rateHundredths: 815,
      termPayments: 84,
      openedMonthsAgo: 70,
      behaviour: { kind: 'paidOff', daysAgo: 210 },
    },
    {
      kind: 'loan',
      account: '300120',
      type: LINE_OF_CREDIT,
      description: 'Personal Line of Credit',
      statementPreference: 'ElectronicOnly',
      principalCents: 0,
      creditLimitCents: 1_000_000,
      minimumPaymentCents: 7_500,
      rateHundredths: 1_199,
      termPayments: 600,
      openedMonthsAgo: 49,
      openedDayOffset: 8,
      // Its statements come from the document provider family.
      statementProvider: 4,
      behaviour: {
        kind: 'line',
        advances: [
          { daysAgo: 900, amountCents: 350_000 },
          { daysAgo: 200, amountCents: 120_000 },
        ],
      },
    },
    {
      kind: 'deposit',
      account: '500321',
      type: CHECKING,
      description: 'Everyday Checking',
      statementPreference: 'ElectronicOnly',
      openingCents: 250_000,
      rateHundredths: 5,
      openedMonthsAgo: 30,
    },
    {
      kind: 'deposit',
      account: '500322',
      type: SAVINGS,
      description: 'High-Yield Savings',
      statementPreference: 'ElectronicOnly',
      openingCents: 1_000_000,
      rateHundredths: 425,
      openedMonthsAgo: 30,
      // The URL family's other code.
      statementProvider: 3,
    },
    {
      kind: 'deposit',
      account: '700045',
      type: CERTIFICATE,
      description: '12-Month Certificate of Deposit',
      statementPreference: 'PaperOnly',
      openingCents: 2_500_000,
      rateHundredths: 480,
      openedMonthsAgo: 5,
      termMonths: 12,
    },
    {
      // Kept from the web by the servicer: the account list must not show it.
      kind: 'deposit',
      account: '500399',
      type: ESCROW,
      description: 'Escrow Sub-Account',
      statementPreference: 'PaperOnly',
      openingCents: 154_320,
      rateHundredths: 0,
      openedMonthsAgo: 20,
      hiddenFromWeb: true,
    },
  ],
  'casey.morgan': [
    {
      // A business borrower; above $21.4 million, more cents than a 32-bit integer holds.
      kind: 'loan',
      account: '900001',
      type: LOAN,
      description: 'Commercial Real Estate Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 2_600_000_000,
      rateHundredths: 575,
      termPayments: 300,
      openedMonthsAgo: 60,
      behaviour: { kind: 'onTime' },
      // The core keeps this account's history off the web (SecurityNotAllowed).
      historyDenied: true,
    },
  ],
  'pat.lee': [
    {
      kind: 'deposit',
      account: '500451',
      type: CHECKING,
      description: 'Basic Checking',
      statementPreference: 'ElectronicOnly',
      openingCents: 84_219,
      rateHundredths: 0,
      openedMonthsAgo: 26,
    },
    {
      kind: 'deposit',
      account: '500452',
      type: SAVINGS,
      description: 'Savings',
      statementPreference: 'ElectronicOnly',
      openingCents: 512_000,
      rateHundredths: 150,
      openedMonthsAgo: 26,
    },
    {
      kind: 'deposit',
      account: '500453',
      type: MONEY_MARKET,
      description: 'Money Market',
      statementPreference: 'PaperOnly',
      openingCents: 1_200_000,
      rateHundredths: 310,
      openedMonthsAgo: 18,
    },
    {
      // A line of credit with nothing drawn.
      kind: 'loan',
      account: '300455',
      type: LINE_OF_CREDIT,
      description: 'Overdraft Line of Credit',
      statementPreference: 'ElectronicOnly',
      principalCents: 0,
      creditLimitCents: 250_000,
      minimumPaymentCents: 2_500,
      rateHundredths: 1_499,
      termPayments: 600,
      openedMonthsAgo: 20,
      behaviour: { kind: 'line', advances: [] },
    },
  ],
  'riley.chen': [
    {
      // Paid ahead: three extra installments six weeks ago; nothing is due this cycle.
      kind: 'loan',
      account: '100410',
      type: LOAN,
      description: 'Auto Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 1_650_000,
      rateHundredths: 589,
      termPayments: 60,
      openedMonthsAgo: 20,
      openedDayOffset: 3,
      // Its product divides a payment fees first (Fineract's standard order; not a dwelling loan,
      // so Regulation Z 1026.36(c) does not apply): its terms say so, the engine follows them.
      allocation: 'feesFirst',
      behaviour: { kind: 'paidAhead', installments: 3, daysAgo: 42 },
    },
  ],
  'avery.stone': [
    {
      kind: 'loan',
      account: '100520',
      type: LOAN,
      description: 'Personal Loan',
      statementPreference: 'ElectronicOnly',
      // The borrower disputes it: the core holds it, so its page answers Dispute.
      hold: 'Dispute',
      principalCents: 900_000,
      rateHundredths: 999,
      termPayments: 48,
      openedMonthsAgo: 13,
      openedDayOffset: 1,
      behaviour: { kind: 'onTime' },
    },
    {
      kind: 'deposit',
      account: '500521',
      type: SAVINGS,
      description: 'Savings',
      statementPreference: 'ElectronicOnly',
      openingCents: 98_700,
      rateHundredths: 150,
      openedMonthsAgo: 40,
    },
    {
      // A line paid down to zero: open, nothing owed.
      kind: 'loan',
      account: '300522',
      type: LINE_OF_CREDIT,
      description: 'Home Equity Line of Credit',
      statementPreference: 'ElectronicOnly',
      principalCents: 0,
      creditLimitCents: 5_000_000,
      minimumPaymentCents: 10_000,
      rateHundredths: 874,
      termPayments: 600,
      openedMonthsAgo: 30,
      behaviour: {
        kind: 'line',
        advances: [{ daysAgo: 700, amountCents: 800_000 }],
        paidDownDaysAgo: 75,
      },
    },
  ],
  'sky.bennett': [
    {
      // Paper statements, and the E-Sign disclosure never accepted: going paperless asks for it.
      // The core charges first-party fees on its payments, one for each method and kind.
      kind: 'loan',
      account: '100640',
      type: LOAN,
      description: 'Auto Loan',
      statementPreference: 'PaperOnly',
      principalCents: 1_240_000,
      rateHundredths: 719,
      termPayments: 60,
      openedMonthsAgo: 9,
      openedDayOffset: 5,
      behaviour: { kind: 'onTime' },
      payment: {
        fees: {
          scheduledAchCents: 150,
          eCheckCents: 250,
          recurringAchCents: 100,
          debitCardCents: 395,
          creditCardCents: 495,
        },
      },
    },
    {
      // Serviced by branch 900: where the institution routes branches 900-999 to a third-party
      // payment site (thirdPartyPaymentOptions), the payment screen sends its borrower there.
      kind: 'loan',
      account: '100641',
      branch: '900',
      type: LOAN,
      description: 'RV Loan',
      statementPreference: 'PaperOnly',
      principalCents: 3_200_000,
      rateHundredths: 749,
      termPayments: 120,
      openedMonthsAgo: 14,
      openedDayOffset: 9,
      behaviour: { kind: 'onTime' },
    },
  ],
  'devon.hayes': [
    {
      // Current; its recurring payment is drawn days before each due date (payments.demo.ts).
      kind: 'loan',
      account: '100730',
      type: LOAN,
      description: 'Auto Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 2_150_000,
      rateHundredths: 579,
      termPayments: 60,
      openedMonthsAgo: 16,
      // Due about 12 days after the seed day: the days before it are still ahead.
      openedDayOffset: 12,
      behaviour: { kind: 'onTime' },
    },
    {
      // Current; a one-time payment is scheduled a few business days ahead (payments.demo.ts).
      kind: 'loan',
      account: '100731',
      type: LOAN,
      description: 'Personal Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 750_000,
      rateHundredths: 1_049,
      termPayments: 36,
      openedMonthsAgo: 11,
      openedDayOffset: 9,
      behaviour: { kind: 'onTime' },
    },
  ],
  // The Profile journeys' borrowers (e2e/profile.spec.ts): one current loan each.
  'robin.hale': [
    {
      kind: 'loan',
      account: '100850',
      type: LOAN,
      description: 'Auto Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 1_680_000,
      rateHundredths: 599,
      termPayments: 60,
      openedMonthsAgo: 14,
      openedDayOffset: 10,
      behaviour: { kind: 'onTime' },
    },
  ],
  'taylor.reed': [
    {
      kind: 'loan',
      account: '100860',
      type: LOAN,
      description: 'Personal Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 640_000,
      rateHundredths: 1_099,
      termPayments: 36,
      openedMonthsAgo: 8,
      openedDayOffset: 11,
      behaviour: { kind: 'onTime' },
    },
  ],
  'alex.park': [
    {
      kind: 'loan',
      account: '100870',
      type: LOAN,
      description: 'Auto Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 1_920_000,
      rateHundredths: 549,
      termPayments: 72,
      openedMonthsAgo: 10,
      openedDayOffset: 13,
      behaviour: { kind: 'onTime' },
    },
  ],
  'quinn.harper': [
    {
      kind: 'loan',
      account: '200610',
      type: LOAN,
      description: 'Mortgage',
      statementPreference: 'ElectronicOnly',
      principalCents: 28_000_000,
      rateHundredths: 612,
      termPayments: 360,
      openedMonthsAgo: 41,
      openedDayOffset: 6,
      behaviour: { kind: 'onTime' },
    },
  ],
};

/** Loan applications, one in each status the demo shows (jordan.rivers has them). */
export const DEMO_APPLICATIONS: Readonly<Record<string, readonly DemoApplication[]>> = {
  'jordan.rivers': [
    {
      number: 'A-240311',
      status: 'Received',
      amountRequestedCents: 1_500_000,
      amountApprovedCents: 0,
      daysAgo: 2,
      office: 'Portland Main',
      fundsExpectedInDays: null,
    },
    {
      number: 'A-240298',
      status: 'In Review',
      amountRequestedCents: 2_200_000,
      amountApprovedCents: 0,
      daysAgo: 6,
      office: 'Portland Main',
      fundsExpectedInDays: null,
    },
    {
      number: 'A-240275',
      status: 'Approved',
      amountRequestedCents: 1_000_000,
      amountApprovedCents: 850_000,
      daysAgo: 11,
      office: 'South Portland',
      fundsExpectedInDays: 4,
    },
    {
      number: 'A-240233',
      status: 'Declined',
      amountRequestedCents: 4_000_000,
      amountApprovedCents: 0,
      daysAgo: 19,
      office: 'Portland Main',
      fundsExpectedInDays: null,
    },
    {
      number: 'A-240210',
      status: 'Funded',
      amountRequestedCents: 500_000,
      amountApprovedCents: 500_000,
      daysAgo: 25,
      office: 'Westbrook',
      fundsExpectedInDays: -20,
    },
    {
      // Older than the list's 30 days: only its own link finds it.
      number: 'A-231190',
      status: 'Withdrawn',
      amountRequestedCents: 700_000,
      amountApprovedCents: 0,
      daysAgo: 75,
      office: 'Westbrook',
      fundsExpectedInDays: null,
    },
  ],
};

/** A demo check digit: the digit sum of branch and account, modulo 10. */
export function demoAccountNumber(branch: string, account: string): string {
  const digits = `${branch}${account}`.split('').map(Number);
  const check = digits.reduce((sum, digit) => sum + digit, 0) % 10;
  return `${branch}-${account}-${check}`;
}
