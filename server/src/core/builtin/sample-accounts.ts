import { PREVIEW_SAMPLE_ACCOUNTS } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { openDemoAccount, type DemoAccountDefinition } from './core-seed';
import type { CoreTables } from './core.schema';

/**
 * The admin preview's sample borrower's accounts in the built-in core: a loan due soon, a line of credit and a
 * savings account, generated like the demo's (the sample is made only where the built-in core runs).
 */
const SAMPLE_ACCOUNTS: readonly (DemoAccountDefinition & { number: string })[] = [
  {
    kind: 'loan',
    account: '900001',
    number: PREVIEW_SAMPLE_ACCOUNTS.loan,
    type: 0,
    description: 'Sample Auto Loan',
    statementPreference: 'ElectronicOnly',
    principalCents: 1_800_000,
    rateHundredths: 549,
    termPayments: 60,
    openedMonthsAgo: 14,
    openedDayOffset: 12,
    behaviour: { kind: 'onTime' },
  },
  {
    kind: 'loan',
    account: '900002',
    number: PREVIEW_SAMPLE_ACCOUNTS.lineOfCredit,
    type: 9,
    description: 'Sample Line of Credit',
    statementPreference: 'ElectronicOnly',
    principalCents: 0,
    creditLimitCents: 500_000,
    minimumPaymentCents: 5_000,
    rateHundredths: 1_199,
    termPayments: 600,
    openedMonthsAgo: 23,
    behaviour: { kind: 'line', advances: [{ daysAgo: 300, amountCents: 250_000 }] },
  },
  {
    kind: 'deposit',
    account: '900003',
    number: PREVIEW_SAMPLE_ACCOUNTS.savings,
    type: 3,
    description: 'Sample Savings',
    statementPreference: 'ElectronicOnly',
    openingCents: 300_000,
    rateHundredths: 35,
    openedMonthsAgo: 30,
  },
];

const SAMPLE_ADDRESS = {
  address1: '1 Sample Way',
  city: 'Portland',
  state: 'ME',
  zipCode: '04101',
};

/**
 * Opens the sample borrower's accounts (the previews module's SampleAccountOpener): numbered as
 * PREVIEW_SAMPLE_ACCOUNTS says (the admin's "Show in preview" opens their pages), at the sample
 * address.
 */
export async function openSampleAccounts(
  db: Kysely<Database>,
  owner: { institutionId: number; customerId: string; personalName: string; today: string },
  now: Date,
): Promise<void> {
  for (const account of SAMPLE_ACCOUNTS) {
    await openDemoAccount(
      db.withTables<CoreTables>(),
      {
        institutionId: owner.institutionId,
        customerId: owner.customerId,
        number: account.number,
        nameOnAccount: owner.personalName,
        address: SAMPLE_ADDRESS,
        today: owner.today,
        now,
      },
      account,
    );
  }
}
