import {
  addDays,
  type CalendarDate,
  centsToDollars,
  daysBeforeDueChoices,
  daysBeforeDuePayDate,
  isBilledMonthly,
  PaymentRequest,
  RecurringPaymentRequest,
  type SavedPaymentMethod,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { AchProcessor } from '../core/ach/ach-processor';
import { bundledRoutingDirectory } from '../core/ach/routing-directory';
import { createBuiltinCardProcessor } from '../core/builtin/builtin-card-processor';
import { createBuiltinCore } from '../core/builtin/builtin-core';
import type { ServicingCore } from '../core/servicing-core';
import type { Clock } from '../lib/clock';
import type { DataProtector } from '../lib/data-protection';
import type { PdfBranding } from '../lib/pdf/branded-pdf';
import { insertPaymentMethod } from '../modules/payment-methods/payment-methods.repository';
import { toSavedPaymentMethod } from '../modules/payment-methods/payment-methods.service';
import {
  institutionTimeZoneOf,
  type LoanContext,
  loadLoanContext,
  type PaymentCaller,
} from '../modules/payments/payment-context';
import { paymentIdOf, referenceNumberOf } from '../modules/payments/payment-handles';
import { loanSubmitError } from '../modules/payments/payment-info';
import { chooseMethod, type ChosenPaymentMethod } from '../modules/payments/payment-method-choice';
import {
  type AcceptedPlan,
  decideSubmission,
  loanRefusal,
  type SubmitRequest,
} from '../modules/payments/payment-submit';
import {
  insertPayment,
  insertRecurring,
  loanPaymentFacts,
} from '../modules/payments/payments.repository';
import {
  businessDayOnOrAfter,
  type PaymentDayCalendar,
} from '../modules/payments/recurring-schedule';
import type { Database } from '../db/schema';
import { demoAccountNumber } from './demo-accounts';
import type { CoreTables } from '../core/builtin/core.schema';

/*
 * Payments a demo borrower has already made (README "Payments to try"): devon.hayes at Harbor
 * saved a debit card, set up a recurring payment on the auto loan (days before each due date)
 * and scheduled a one-time payment on the personal loan. Both are decided by the payments
 * module's own rules (decideSubmission, on the core's figures and Harbor's settings as seeded)
 * and written as an accepted submission writes them (payments.service write): the lists,
 * deletion, the one-recurring rule, the quota and the posting job treat them as any borrower's.
 * A rule that would refuse them stops the seed, naming the refusal. Their Idempotency-Keys are
 * not stored: no client holds them to retry.
 *
 * By card: a recurring bank-account payment at Harbor needs the ACH draft agreement the
 * borrower signs in the browser, and a card is saved the way AddCardPaymentMethod saves it.
 */

export const DEMO_PAYMENTS_USERNAME = 'devon.hayes';
/** The loans (account part; demo-accounts.ts opens them). */
const DEMO_RECURRING_LOAN = '100730';
const DEMO_SCHEDULED_LOAN = '100731';
/** Visa debit, approved by the built-in processor (README "Test cards"). */
const DEMO_CARD_NUMBER = '4000056655665556';
/** The days before each due date the recurring payment is drawn, when the calendar allows. */
const DEMO_DAYS_BEFORE_DUE = 5;
/** The scheduled payment is dated this many business days after the seed day. */
const DEMO_SCHEDULED_BUSINESS_DAYS = 3;
/** The submissions' Idempotency-Keys: the payments' ids are derived from them, as any submit's. */
const RECURRING_KEY = 'demo-seed-recurring';
const SCHEDULED_KEY = 'demo-seed-scheduled';

export interface PaymentsDemoSeed {
  institutionId: number;
  /** The institutions row's time zone (the published one decides, as for every payment). */
  timeZone: string;
  settings: SettingsAccessor;
  branch: string;
  branding: PdfBranding;
  user: {
    userId: string;
    customerId: string;
    companyNumber: number;
    username: string;
    firstName: string;
    lastName: string;
    zip: string;
  };
  now: Date;
  protector: DataProtector;
}

/** No demo payment is by bank account: the rules never reach the ACH processor here. */
const NO_ACH_PROCESSOR: AchProcessor = {
  submitDebit: () => Promise.reject(new Error('The payments demo pays by card')),
  validateAccount: () => Promise.reject(new Error('The payments demo pays by card')),
  listDays: () => Promise.resolve([]),
  dayFile: () => Promise.resolve(undefined),
};

export async function seedPaymentsDemo(
  trx: Kysely<Database>,
  seed: PaymentsDemoSeed,
): Promise<void> {
  const { institutionId, settings, user, now, protector } = seed;
  const clock: Clock = { now: () => now };
  const timeZone = institutionTimeZoneOf(settings, seed.timeZone);
  const caller: PaymentCaller = {
    institutionId,
    timeZone,
    userId: user.userId,
    customerId: user.customerId,
    companyNumber: user.companyNumber,
  };
  const card = await saveDemoCard(trx, seed, clock);
  const core = createBuiltinCore({
    db: trx.withTables<CoreTables>(),
    clock,
    branding: () => Promise.resolve(seed.branding),
    timeZone: () => Promise.resolve(timeZone),
  });
  const submission = {
    trx,
    core,
    clock,
    settings,
    caller,
    card,
    username: user.username,
    protector,
  };

  const recurring = await decideDemoPayment(
    submission,
    demoAccountNumber(seed.branch, DEMO_RECURRING_LOAN),
    (context) => {
      const dueDate = context.terms.dueDate;
      if (!dueDate) return undefined;
      const days = daysBeforeDueOf(context, dueDate);
      if (days === undefined) return undefined;
      return {
        // What the portal sends: the first date drawn.
        paymentDate: daysBeforeDuePayDate(
          dueDate,
          days,
          calendarOf(context, context.nonPaymentDays),
        ),
        amountCents: context.terms.regularPaymentCents,
        recurring: { RecurringOption: 'DaysBeforeDue', DaysBeforeDue: days },
      };
    },
  );
  const recurringPlan = recurring.plan.recurring;
  if (!recurringPlan) throw new Error('The demo recurring payment was not decided as recurring');
  await insertRecurring(trx, {
    ...writtenColumns(seed, caller, RECURRING_KEY, recurring),
    recurring_option: recurringPlan.option,
    days_before_due: recurringPlan.daysBeforeDue,
    first_date: recurringPlan.firstDate,
    next_date: recurringPlan.nextDate,
    amount_cents: recurring.plan.amountCents,
    pays_total_due: recurringPlan.paysTotalDue,
    // A card payment has no ACH draft agreement.
    ach_draft_id: null,
    status: 'active',
  });

  const scheduled = await decideDemoPayment(
    submission,
    demoAccountNumber(seed.branch, DEMO_SCHEDULED_LOAN),
    (context) => ({
      paymentDate: businessDaysAfter(
        context.today,
        DEMO_SCHEDULED_BUSINESS_DAYS,
        calendarOf(context, context.nonPaymentDays),
      ),
      amountCents: context.terms.regularPaymentCents,
    }),
  );
  if (scheduled.plan.kind !== 'scheduled') {
    throw new Error(`The demo scheduled payment was decided as ${scheduled.plan.kind}`);
  }
  await insertPayment(trx, {
    ...writtenColumns(seed, caller, SCHEDULED_KEY, scheduled),
    kind: scheduled.plan.kind,
    pay_date: scheduled.plan.payDate,
    amount_cents: scheduled.plan.amountCents,
    is_payoff: scheduled.plan.isPayoff,
    status: 'scheduled',
  });
}

/** The card as AddCardPaymentMethod saves it: tokenized by the demo's processor, then stored. */
async function saveDemoCard(
  trx: Kysely<Database>,
  seed: PaymentsDemoSeed,
  clock: Clock,
): Promise<SavedPaymentMethod> {
  const expiryYear = (seed.now.getUTCFullYear() + 4) % 100;
  const tokenized = await createBuiltinCardProcessor({ db: trx, clock }).tokenize({
    institutionId: seed.institutionId,
    card: {
      number: DEMO_CARD_NUMBER,
      expiration: `12/${String(expiryYear).padStart(2, '0')}`,
      securityCode: '123',
      holderFirstName: seed.user.firstName,
      holderLastName: seed.user.lastName,
      zipCode: seed.user.zip,
    },
  });
  if (tokenized.status !== 'approved') {
    throw new Error(`The demo card was refused: ${tokenized.error}`);
  }
  const expiration = `${String(tokenized.expiryMonth).padStart(2, '0')}/${String(tokenized.expiryYear % 100).padStart(2, '0')}`;
  const row = await insertPaymentMethod(trx, {
    institution_id: seed.institutionId,
    user_id: seed.user.userId,
    profile_id: tokenized.token,
    is_card: true,
    saved: true,
    // payment-methods.service addCard's key of a saved card.
    duplicate_key: `card:${tokenized.brand}:${tokenized.lastFour}:${expiration}`,
    last_four: tokenized.lastFour,
    card_type: tokenized.brand,
    debit_credit_type: tokenized.funding === 'debit' ? 'DebitCard' : 'CreditCard',
    expiration_date: expiration,
    created_at: seed.now,
  });
  if (!row) throw new Error('The demo card was saved twice');
  return toSavedPaymentMethod(row);
}

interface DemoSubmission {
  trx: Kysely<Database>;
  core: ServicingCore;
  clock: Clock;
  settings: SettingsAccessor;
  caller: PaymentCaller;
  card: SavedPaymentMethod;
  username: string;
  protector: DataProtector;
}

interface DemoRequest {
  paymentDate: CalendarDate;
  amountCents: number;
  recurring?: { RecurringOption: 'DaysBeforeDue'; DaysBeforeDue: number };
}

interface DemoDecision {
  context: LoanContext;
  plan: AcceptedPlan;
  method: ChosenPaymentMethod;
}

/**
 * The borrower's submission of a card payment for the loan, decided as the server decides one
 * (payments.service decide): the loan's refusals, its payments, the method, then the rules.
 */
async function decideDemoPayment(
  submission: DemoSubmission,
  loanNumber: string,
  requestOf: (context: LoanContext) => DemoRequest | undefined,
): Promise<DemoDecision> {
  const { trx, core, clock, settings, caller, card } = submission;
  const refused = (reason: string) =>
    new Error(`The demo payment of ${loanNumber} was refused: ${reason}`);
  const context = await loadLoanContext(
    { clock, core, settings: () => Promise.resolve(settings) },
    caller,
    loanNumber,
  );
  if (!context) throw refused(`not a loan of ${submission.username}`);
  const wanted = requestOf(context);
  if (!wanted) throw refused('no date the rules allow');
  const payment = {
    LogonName: submission.username,
    Details: {
      PaymentDate: wanted.paymentDate,
      LoanAccountNumber: loanNumber,
      Company: caller.companyNumber,
      PaymentAmount: centsToDollars(wanted.amountCents),
      // The demo loans charge no fees (decideSubmission refuses fees that are not the server's).
      FirstPartyFee: 0,
      ThirdPartyFee: 0,
      AdditionalPrincipalAmount: 0,
    },
    AccountType: context.account.type,
    IsPayoff: false,
    Method: card,
  };
  const request: SubmitRequest = wanted.recurring
    ? {
        route: 'recurring',
        paymentType: 'Card',
        body: RecurringPaymentRequest.parse({
          Payment: { ...payment, RecurringDetails: wanted.recurring },
        }),
      }
    : { route: 'scheduled', paymentType: 'Card', body: PaymentRequest.parse({ Payment: payment }) };
  const facts = await loanPaymentFacts(trx, caller.institutionId, context.account.number);
  const loanError = loanRefusal(context, request) ?? (await loanSubmitError(context, facts));
  if (loanError) throw refused(loanError);
  const choice = await chooseMethod(
    {
      db: trx,
      dataProtector: submission.protector,
      achProcessor: NO_ACH_PROCESSOR,
      routingDirectory: bundledRoutingDirectory(),
    },
    caller,
    settings,
    request.body.Payment.Method,
    { payDate: wanted.paymentDate, immediate: false },
  );
  if (choice.kind !== 'ok') throw refused(choice.kind === 'refused' ? choice.error : 'no card');
  const decision = await decideSubmission(core, context, request, choice.method, {
    scheduledCount: facts.scheduledCount,
    hasRecurring: facts.hasActiveRecurring,
  });
  if (decision.kind === 'refuse') throw refused(decision.error);
  return { context, plan: decision.plan, method: choice.method };
}

/** The columns payments.service write gives a payment and a recurring payment alike. */
function writtenColumns(
  seed: PaymentsDemoSeed,
  caller: PaymentCaller,
  key: string,
  decision: DemoDecision,
) {
  const id = paymentIdOf(seed.protector, { ...caller, key });
  return {
    id,
    institution_id: caller.institutionId,
    user_id: caller.userId,
    customer_id: caller.customerId,
    loan_number: decision.context.account.number,
    reference_number: referenceNumberOf(seed.protector, id),
    additional_principal_cents: decision.plan.additionalPrincipalCents,
    first_party_fee_cents: decision.plan.firstPartyFeeCents,
    third_party_fee_cents: decision.plan.thirdPartyFeeCents,
    created_at: seed.now,
    ...decision.method.snapshot,
  };
}

/** The loan's payment-day calendar with the given closed days. */
function calendarOf(
  context: LoanContext,
  nonPaymentDays: readonly CalendarDate[],
): PaymentDayCalendar {
  return {
    nonPaymentDays,
    allowSaturday: context.rules.days.allowSaturday,
    allowSunday: context.rules.days.allowSunday,
  };
}

/**
 * DEMO_DAYS_BEFORE_DUE when the 'Day(s) before due date' select offers it for this due date,
 * else the nearest number it offers (a holiday can take one out).
 */
function daysBeforeDueOf(context: LoanContext, dueDate: CalendarDate): number | undefined {
  const choices = daysBeforeDueChoices({
    today: context.today,
    dueDate,
    billedMonthly: isBilledMonthly(context.terms.billingFrequency),
    ...calendarOf(context, context.nonPaymentDays),
  });
  const distance = (days: number) => Math.abs(days - DEMO_DAYS_BEFORE_DUE);
  return [...choices].sort((a, b) => distance(a) - distance(b) || b - a)[0];
}

/** The `count`th payment day after `today`. */
function businessDaysAfter(
  today: CalendarDate,
  count: number,
  calendar: PaymentDayCalendar,
): CalendarDate {
  let day = today;
  for (let step = 0; step < count; step += 1) {
    day = businessDayOnOrAfter(addDays(day, 1), calendar);
  }
  return day;
}
