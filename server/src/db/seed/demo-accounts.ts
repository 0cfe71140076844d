import { addDays, type CalendarDate } from '@portal/domain';

export interface DemoAccount {
  /** Six-digit account part; the branch and a check digit are added per institution. */
  account: string;
  type: number;
  description: string;
  comment: string;
  balanceCents: number;
  availableBalanceCents: number;
  rate: number;
  statementPreference: 'ElectronicOnly' | 'PaperOnly';
  /** Days from the seed day (negative: in the past); null for no due date. */
  dueInDays: number | null;
  amountDueCents: number;
  monthlyInstallmentCents: number;
  feesDueCents: number;
  openedOn: CalendarDate;
  hiddenFromWeb?: boolean;
}

const LOAN = 0;
const LINE_OF_CREDIT = 9;
const CHECKING = 1;
const SAVINGS = 3;
const MONEY_MARKET = 5;
const ESCROW = 6;
const CERTIFICATE = 7;

const deposit = {
  comment: '',
  dueInDays: null,
  amountDueCents: 0,
  monthlyInstallmentCents: 0,
  feesDueCents: 0,
} as const;

/** Per user name: what each demo borrower holds (the same at every demo institution). */
export const DEMO_ACCOUNTS: Readonly<Record<string, readonly DemoAccount[]>> = {
  'jordan.rivers': [
    {
      account: '100234',
      type: LOAN,
      description: 'Auto Loan',
      comment: '',
      balanceCents: 1_845_237,
      availableBalanceCents: 0,
      rate: 649,
      statementPreference: 'ElectronicOnly',
      // Past due: two installments and a late fee are owed.
      dueInDays: -12,
      amountDueCents: 82_400,
      monthlyInstallmentCents: 41_200,
      feesDueCents: 3_500,
      openedOn: '2022-05-16',
    },
    {
      account: '100235',
      type: LOAN,
      description: 'Home Equity Loan',
      comment: 'NOX$',
      balanceCents: 6_123_008,
      availableBalanceCents: 0,
      rate: 725,
      statementPreference: 'PaperOnly',
      dueInDays: 18,
      amountDueCents: 58_741,
      monthlyInstallmentCents: 58_741,
      feesDueCents: 0,
      openedOn: '2019-09-03',
    },
    {
      account: '100101',
      type: LOAN,
      description: 'Boat Loan',
      comment: 'CLOSED',
      balanceCents: 0,
      availableBalanceCents: 0,
      rate: 815,
      statementPreference: 'ElectronicOnly',
      dueInDays: null,
      amountDueCents: 0,
      monthlyInstallmentCents: 0,
      feesDueCents: 0,
      openedOn: '2015-06-22',
    },
    {
      account: '300120',
      type: LINE_OF_CREDIT,
      description: 'Personal Line of Credit',
      comment: '',
      balanceCents: 250_000,
      availableBalanceCents: 750_000,
      rate: 1199,
      statementPreference: 'ElectronicOnly',
      dueInDays: 21,
      amountDueCents: 7_500,
      monthlyInstallmentCents: 7_500,
      feesDueCents: 0,
      openedOn: '2021-02-11',
    },
    {
      ...deposit,
      account: '500321',
      type: CHECKING,
      description: 'Everyday Checking',
      balanceCents: 321_455,
      availableBalanceCents: 311_455,
      rate: 5,
      statementPreference: 'ElectronicOnly',
      openedOn: '2012-08-01',
    },
    {
      ...deposit,
      account: '500322',
      type: SAVINGS,
      description: 'High-Yield Savings',
      balanceCents: 1_588_012,
      availableBalanceCents: 1_588_012,
      rate: 425,
      statementPreference: 'ElectronicOnly',
      openedOn: '2012-08-01',
    },
    {
      ...deposit,
      account: '700045',
      type: CERTIFICATE,
      description: '12-Month Certificate of Deposit',
      balanceCents: 2_500_000,
      availableBalanceCents: 0,
      rate: 480,
      statementPreference: 'PaperOnly',
      openedOn: '2024-01-15',
    },
    {
      // Kept from the web by the servicer: the account list must not show it.
      ...deposit,
      account: '500399',
      type: ESCROW,
      description: 'Escrow Sub-Account',
      balanceCents: 154_320,
      availableBalanceCents: 0,
      rate: 0,
      statementPreference: 'PaperOnly',
      openedOn: '2019-09-03',
      hiddenFromWeb: true,
    },
  ],
  'casey.morgan': [
    {
      // Above $21.4 million: more cents than a 32-bit integer holds.
      account: '900001',
      type: LOAN,
      description: 'Commercial Real Estate Loan',
      comment: '',
      balanceCents: 2_475_000_055,
      availableBalanceCents: 0,
      rate: 575,
      statementPreference: 'ElectronicOnly',
      dueInDays: 12,
      amountDueCents: 18_745_000,
      monthlyInstallmentCents: 18_745_000,
      feesDueCents: 0,
      openedOn: '2020-03-02',
    },
  ],
  'pat.lee': [
    {
      ...deposit,
      account: '500451',
      type: CHECKING,
      description: 'Basic Checking',
      balanceCents: 84_219,
      availableBalanceCents: 84_219,
      rate: 0,
      statementPreference: 'ElectronicOnly',
      openedOn: '2018-04-09',
    },
    {
      ...deposit,
      account: '500452',
      type: SAVINGS,
      description: 'Savings',
      balanceCents: 512_000,
      availableBalanceCents: 512_000,
      rate: 150,
      statementPreference: 'ElectronicOnly',
      openedOn: '2018-04-09',
    },
    {
      ...deposit,
      account: '500453',
      type: MONEY_MARKET,
      description: 'Money Market',
      balanceCents: 1_200_000,
      availableBalanceCents: 1_200_000,
      rate: 310,
      statementPreference: 'PaperOnly',
      openedOn: '2020-10-19',
    },
  ],
  'riley.chen': [
    {
      account: '100410',
      type: LOAN,
      description: 'Auto Loan',
      comment: '',
      balanceCents: 1_120_450,
      availableBalanceCents: 0,
      rate: 589,
      statementPreference: 'ElectronicOnly',
      dueInDays: 9,
      amountDueCents: 36_210,
      monthlyInstallmentCents: 36_210,
      feesDueCents: 0,
      openedOn: '2023-07-01',
    },
  ],
  'avery.stone': [
    {
      account: '100520',
      type: LOAN,
      description: 'Personal Loan',
      comment: '',
      balanceCents: 640_000,
      availableBalanceCents: 0,
      rate: 999,
      statementPreference: 'ElectronicOnly',
      dueInDays: 14,
      amountDueCents: 22_500,
      monthlyInstallmentCents: 22_500,
      feesDueCents: 0,
      openedOn: '2024-02-12',
    },
    {
      ...deposit,
      account: '500521',
      type: SAVINGS,
      description: 'Savings',
      balanceCents: 98_700,
      availableBalanceCents: 98_700,
      rate: 150,
      statementPreference: 'ElectronicOnly',
      openedOn: '2016-03-30',
    },
  ],
  'quinn.harper': [
    {
      account: '200610',
      type: LOAN,
      description: 'Mortgage',
      comment: '',
      balanceCents: 24_512_345,
      availableBalanceCents: 0,
      rate: 612,
      statementPreference: 'ElectronicOnly',
      dueInDays: 6,
      amountDueCents: 184_233,
      monthlyInstallmentCents: 184_233,
      feesDueCents: 0,
      openedOn: '2021-10-04',
    },
  ],
};

/** A demo check digit: the digit sum of branch and account, modulo 10. */
export function demoAccountNumber(branch: string, account: string): string {
  const digits = `${branch}${account}`.split('').map(Number);
  const check = digits.reduce((sum, digit) => sum + digit, 0) % 10;
  return `${branch}-${account}-${check}`;
}

export function demoDueDate(account: DemoAccount, seedDay: CalendarDate): CalendarDate | null {
  return account.dueInDays === null ? null : addDays(seedDay, account.dueInDays);
}
