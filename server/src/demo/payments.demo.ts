import {
  addDays,
  type CalendarDate,
  daysBeforeDueChoices,
  daysBeforeDuePayDate,
  isBilledMonthly,
  PaymentRequest,
  RecurringPaymentRequest,
  type SavedPaymentMethod,
  toWire,
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
import { createPaymentMethodsService } from '../modules/payment-methods/payment-methods.service';
import {
  institutionTimeZoneOf,
  type LoanContext,
  loadLoanContext,
  type PaymentCaller,
} from '../modules/payments/payment-context';
import { paymentIdOf } from '../modules/payments/payment-handles';
import type { ChosenPaymentMethod } from '../modules/payments/payment-method-choice';
import type { AcceptedPlan, SubmitRequest } from '../modules/payments/payment-submit';
import {
  type AcceptedSubmission,
  decideLoanSubmission,
  recordAcceptedSubmission,
} from '../modules/payments/payment-records';
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
  sealNextFile: () => Promise.resolve(undefined),
  receiveReturns: () => Promise.resolve([]),
  listDebits: () => Promise.resolve([]),
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
  const core = createBuiltinCore({
    db: trx.withTables<CoreTables>(),
    clock,
    branding: () => Promise.resolve(seed.branding),
    timeZone: () => Promise.resolve(timeZone),
  });
  const card = await saveDemoCard(trx, seed, clock, core, caller);
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
  // A card payment has no ACH draft agreement.
  await recordAcceptedSubmission(trx, protector, accepted(seed, caller, RECURRING_KEY, recurring));

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
  await recordAcceptedSubmission(trx, protector, accepted(seed, caller, SCHEDULED_KEY, scheduled));
}

/** The card, saved through the payment methods service as AddCardPaymentMethod saves one. */
async function saveDemoCard(
  trx: Kysely<Database>,
  seed: PaymentsDemoSeed,
  clock: Clock,
  core: ServicingCore,
  caller: PaymentCaller,
): Promise<SavedPaymentMethod> {
  const methods = createPaymentMethodsService({
    db: trx,
    clock,
    core,
    settings: () => Promise.resolve(seed.settings),
    cardProcessor: createBuiltinCardProcessor({ db: trx, clock }),
    achProcessor: NO_ACH_PROCESSOR,
    routingDirectory: bundledRoutingDirectory(),
    dataProtector: seed.protector,
  });
  const expiryYear = (seed.now.getUTCFullYear() + 4) % 100;
  const saved = await methods.addCard(caller, {
    BillingAddress: { ZipCode: seed.user.zip, Address1: '', Address2: '', City: '', State: '' },
    CardHolderFirstName: seed.user.firstName,
    CardHolderLastName: seed.user.lastName,
    CardNumber: DEMO_CARD_NUMBER,
    ExpirationDate: `12/${String(expiryYear).padStart(2, '0')}`,
    SecurityCode: '123',
    CardType: 'visa',
    DebitCreditType: 'DebitCard',
    LoanAccountNumber: demoAccountNumber(seed.branch, DEMO_RECURRING_LOAN),
    SavePaymentProfile: true,
  });
  if (saved.kind !== 'ok') {
    throw new Error(`The demo card was refused: ${JSON.stringify(saved)}`);
  }
  return saved.value;
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
      PaymentAmount: wanted.amountCents,
      // The demo loans charge no fees (decideSubmission refuses fees that are not the server's).
      FirstPartyFee: 0,
      ThirdPartyFee: 0,
      AdditionalPrincipalAmount: 0,
    },
    AccountType: context.account.type,
    IsPayoff: false,
    Method: card,
  };
  // The body as the portal sends it (toWire: dollars), read as the server's validator reads it
  // (parse: cents again), so the demo's payment passes every check a borrower's would.
  const request: SubmitRequest = wanted.recurring
    ? {
        route: 'recurring',
        paymentType: 'Card',
        body: RecurringPaymentRequest.parse(
          toWire(RecurringPaymentRequest, {
            EncryptedData: '',
            AchDraftAgreementToken: '',
            Payment: { ...payment, RecurringDetails: wanted.recurring },
          }),
        ),
      }
    : {
        route: 'scheduled',
        paymentType: 'Card',
        body: PaymentRequest.parse(toWire(PaymentRequest, { EncryptedData: '', Payment: payment })),
      };
  const decision = await decideLoanSubmission(
    {
      db: trx,
      dataProtector: submission.protector,
      achProcessor: NO_ACH_PROCESSOR,
      routingDirectory: bundledRoutingDirectory(),
      core,
    },
    caller,
    context,
    request,
  );
  if (decision.kind === 'notFound') throw refused('no card');
  if (decision.kind === 'refuse') throw refused(decision.error);
  return { context, plan: decision.plan, method: decision.method };
}

/** The columns payments.service write gives a payment and a recurring payment alike. */
function accepted(
  seed: PaymentsDemoSeed,
  caller: PaymentCaller,
  key: string,
  decision: DemoDecision,
): AcceptedSubmission {
  return {
    id: paymentIdOf(seed.protector, { ...caller, key }),
    caller,
    loanNumber: decision.context.account.number,
    plan: decision.plan,
    method: decision.method,
    now: seed.now,
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
