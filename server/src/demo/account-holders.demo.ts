import { calendarDateIn } from '@portal/domain';
import type { Kysely } from 'kysely';
import { openDemoAccount } from '../core/builtin/core-seed';
import { demoAddress } from './demo-users';
import type { Database } from '../db/schema';
import type { DataProtector } from '../lib/data-protection';
import { activationEmail, type EmailSettings } from '../modules/mail/emails';
import { activationLink, issueLinkToken, optOutLink } from '../modules/account-links/links';
import { createJobQueue } from '../modules/jobs/job-queue';
import { createMailService } from '../modules/mail/mail.service';
import type { CoreTables } from '../core/builtin/core.schema';
import { insertCustomer, insertUser } from './demo-seed.repository';

/**
 * Demo data of the logged-out account flows: account holders without an online user, for
 * registration (Harbor's, and Summit's, where registration asks for an e-mail security code), and
 * sam.taylor at Harbor, created by the institution and waiting for activation (the activation
 * e-mail, with an opt-out link, is in the demo mailbox).
 */
export interface DemoAccountHolder {
  firstName: string;
  lastName: string;
  email: string;
  ssn: string;
  /** YYYY-MM-DD; typed as MM/DD/YYYY in the form. */
  dateOfBirth: string;
  zip: string;
  phone: string;
  /** The six-digit account part; the full number is `<branch>-<account>-<check digit>`. */
  loanAccount: string;
  depositAccount?: string;
}

/** Registration: match one of these (the e2e journey uses the first, the server tests the second). */
export const DEMO_REGISTRATION_HOLDERS: readonly DemoAccountHolder[] = [
  {
    firstName: 'Morgan',
    lastName: 'Blake',
    email: 'morgan.blake@example.test',
    ssn: '900778888',
    dateOfBirth: '1990-05-17',
    zip: '04105',
    phone: '2075550199',
    loanAccount: '400123',
    depositAccount: '400124',
  },
  {
    firstName: 'Drew',
    lastName: 'Ellis',
    email: 'drew.ellis@example.test',
    ssn: '900990000',
    dateOfBirth: '1975-12-01',
    zip: '04107',
    phone: '2075550177',
    loanAccount: '400300',
  },
];

/**
 * Summit's account holder to register: Summit asks for an e-mail security code during
 * registration (e2e/registration-code.spec.ts registers this holder; the server tests do too).
 */
export const SUMMIT_REGISTRATION_HOLDER: DemoAccountHolder = {
  firstName: 'Rowan',
  lastName: 'Pike',
  email: 'rowan.pike@example.test',
  ssn: '900661122',
  dateOfBirth: '1984-03-22',
  zip: '80203',
  phone: '3035550166',
  loanAccount: '400500',
};

export const DEMO_ACTIVATION_USERNAME = 'sam.taylor';

export const DEMO_ACTIVATION_HOLDER: DemoAccountHolder = {
  firstName: 'Sam',
  lastName: 'Taylor',
  email: 'sam.taylor@example.test',
  ssn: '900889999',
  dateOfBirth: '1988-09-09',
  zip: '04106',
  phone: '2075550122',
  loanAccount: '400200',
};

/** The demo's portal address (the default PORT); the seed runs without a request to take it from. */
export const DEMO_PORTAL_ORIGIN = 'http://localhost:3000';

/** The link lasts as long as the demo data: a newcomer may try it days after seeding. */
const DEMO_ACTIVATION_LIFETIME_MS = 365 * 24 * 3_600_000;

/** Where and when a demo account holder is written. */
export interface DemoHolderSeed {
  institutionId: number;
  branch: string;
  now: Date;
  protector: DataProtector;
  accountNumber(branch: string, account: string): string;
}

/** Writes an account holder (a customer with a loan, and a savings account if any) without a user. */
export async function insertDemoAccountHolder(
  trx: Kysely<Database>,
  seed: DemoHolderSeed,
  holder: DemoAccountHolder,
): Promise<string> {
  const { institutionId, branch, now, protector } = seed;
  const id = await insertCustomer(trx, {
    institution_id: institutionId,
    first_name: holder.firstName,
    last_name: holder.lastName,
    personal_name: `${holder.firstName} ${holder.lastName}`,
    email: holder.email,
    ssn_encrypted: protector.encrypt(holder.ssn),
    ssn_blind_index: protector.blindIndex(holder.ssn),
    date_of_birth: holder.dateOfBirth,
    zip: holder.zip,
    phone: holder.phone,
    servicing_branch: branch,
    created_at: now,
  });
  const today = calendarDateIn('America/New_York', now);
  const owner = {
    institutionId,
    customerId: id,
    nameOnAccount: `${holder.firstName} ${holder.lastName}`,
    address: demoAddress(holder.zip),
    today,
    now,
  };
  await openDemoAccount(
    trx.withTables<CoreTables>(),
    { ...owner, number: seed.accountNumber(branch, holder.loanAccount) },
    {
      kind: 'loan',
      account: holder.loanAccount,
      type: 0,
      description: 'Personal Loan',
      statementPreference: 'ElectronicOnly',
      principalCents: 1_000_000,
      rateHundredths: 899,
      termPayments: 60,
      openedMonthsAgo: 18,
      behaviour: { kind: 'onTime' },
    },
  );
  if (holder.depositAccount) {
    await openDemoAccount(
      trx.withTables<CoreTables>(),
      { ...owner, number: seed.accountNumber(branch, holder.depositAccount) },
      {
        kind: 'deposit',
        account: holder.depositAccount,
        type: 3,
        description: 'Savings',
        statementPreference: 'ElectronicOnly',
        openingCents: 125_000,
        rateHundredths: 150,
        openedMonthsAgo: 18,
      },
    );
  }
  return id;
}

export async function seedAccountFlowDemo(
  trx: Kysely<Database>,
  seed: DemoHolderSeed & {
    institutionName: string;
    /** The institution's settings: the activation e-mail is worded by them. */
    settings: EmailSettings;
    /** Where the activation e-mail's links point (the running server's Harbor address). */
    portalOrigin: string;
  },
): Promise<void> {
  const { institutionId, now } = seed;
  const insertHolder = (holder: DemoAccountHolder) => insertDemoAccountHolder(trx, seed, holder);

  for (const holder of DEMO_REGISTRATION_HOLDERS) await insertHolder(holder);

  const customerId = await insertHolder(DEMO_ACTIVATION_HOLDER);
  const userId = await insertUser(trx, {
    institution_id: institutionId,
    customer_id: customerId,
    username: DEMO_ACTIVATION_USERNAME,
    password_hash: null,
    email_verified: false,
    created_at: now,
  });
  const activationToken = await issueLinkToken(trx, {
    institutionId,
    userId,
    purpose: 'activation',
    lifetimeMs: DEMO_ACTIVATION_LIFETIME_MS,
    at: now,
  });
  const optOutToken = await issueLinkToken(trx, {
    institutionId,
    userId,
    purpose: 'optOut',
    lifetimeMs: null,
    at: now,
  });
  const message = activationEmail({
    settings: seed.settings,
    institutionId,
    institutionName: seed.institutionName,
    to: DEMO_ACTIVATION_HOLDER.email,
    username: DEMO_ACTIVATION_USERNAME,
    activationUrl: activationLink(seed.portalOrigin, activationToken),
    lifetimeMs: DEMO_ACTIVATION_LIFETIME_MS,
    optOutUrl: optOutLink(seed.portalOrigin, optOutToken),
  });
  // Queued like any other e-mail (message and delivery job together); the server sends it.
  const clock = { now: () => now };
  const mail = createMailService({
    db: trx,
    clock,
    dataProtector: seed.protector,
    jobs: createJobQueue({ db: trx, clock, queues: [] }),
  });
  await mail.enqueue(message, trx);
}
