import type { BorrowerCaller } from '../../lib/caller';
import {
  type AccountAlerts,
  accountCategory,
  addDays,
  addMonths,
  calendarDateIn,
  type CalendarDate,
  configuredAgreements,
  daysBetween,
  eStatementAgreementsNeeded,
  hostDateTime,
  type HistoryItem,
  isClosedComment,
  type LoanAccountInformation,
  type LoanHold,
  type PostalAddress,
  postalAddressIssues,
  sanitizeAddressText,
  type StatementFormat,
  type StatementListItem,
  EMAIL_REQUIRED_ERROR,
  paperlessWithoutEmail,
} from '@portal/domain';
import type { Agreement, SettingsAccessor } from '@portal/settings-schema';
import type { ReadCache } from '../../lib/read-cache';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ZipDirectory } from '../../lib/zip-directory';
import type {
  CoreAccount,
  CoreLoanInformation,
  CorePayoffPath,
  CoreStatement,
  CoreTransaction,
  CustomerRef,
  ServicingCore,
} from '../../core/servicing-core';
import type { DocumentStore, StoredDocument } from '../../core/document-store';
import { listedStatementProvider } from '../../core/statement-providers';
import { createBorrowersService } from '../borrowers/borrowers.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import { loanPaymentLists, type LoanPaymentLists } from '../payments/payment-info';
import type { DataProtector } from '../../lib/data-protection';
import { findAccountAlerts, saveAccountAlerts } from './account-alerts.repository';
import { withDefaultAlerts } from './account-alerts.service';

/** Who is asking: the signed-in user, their customer and the institution's today. */
export type AccountCaller = BorrowerCaller;

/** Error codes of the accounts area's answers (the portal words them from settings). */
export const ACCOUNT_ERRORS = {
  error: 'Error',
  correctErrors: 'CorrectErrors',
  zipCityNoMatch: 'ZipCityNoMatch',
  securityNotAllowed: 'SecurityNotAllowed',
  /** Paperless asked for while an e-statement agreement is still to be accepted. */
  eStatementAgreementNeeded: 'EStatementAgreementNeeded',
} as const;

type DefaultPaymentMethod = LoanAccountInformation['PaymentInformation']['DefaultPaymentMethod'];

export function toLoanInformation(
  info: CoreLoanInformation,
  today: CalendarDate,
  payments: { defaultMethod: DefaultPaymentMethod; lists: LoanPaymentLists },
): LoanAccountInformation {
  const account = info.account;
  return {
    Name: account.nameOnAccount,
    AccountNumber: account.number,
    AccountType: account.type,
    Description: account.description,
    Comment: account.comment,
    Address: {
      Address1: account.address.address1,
      City: account.address.city,
      State: account.address.state,
      ZipCode: account.address.zipCode,
    },
    PrincipalBalance: info.principalCents,
    PayoffAmount: info.payoffTodayCents,
    NextPaymentDate: hostDateTime(info.nextDueDate),
    NextPaymentAmount: info.nextPaymentCents,
    InterestRate: account.rate,
    CurrentYearToDateInterest: info.interestThisYearCents,
    LastYearToDateInterest: info.interestLastYearCents,
    AvailableCredit: info.availableCreditCents,
    CreditLimit: info.creditLimitCents,
    LoanOriginationDate: hostDateTime(info.originationDate),
    OriginalLoanAmount: info.originalPrincipalCents,
    OriginalMaturityDate: hostDateTime(info.maturityDate),
    LateChargesDue: info.lateChargesDueCents,
    TotalLoanFees: info.totalFeesCents,
    LastPaymentDate: hostDateTime(info.lastPaymentDate),
    LastPaymentAmount: info.lastPaymentCents,
    MonthlyInstallment: info.installmentCents,
    BillingFrequency: info.billingFrequency,
    DaysPastDue: info.daysPastDue,
    DaysSinceOpened: Math.max(1, daysBetween(info.originationDate, today)),
    PaymentInformation: {
      TotalAmountDue: info.totalAmountDueCents,
      RecurringPayment: payments.lists.RecurringPayment,
      DefaultPaymentMethod: payments.defaultMethod,
      ScheduledPayments: payments.lists.ScheduledPayments,
    },
  };
}

function toStatementItem(
  statement: CoreStatement,
  number: string,
  institutionProvider: string,
): StatementListItem {
  return {
    Date: hostDateTime(statement.date),
    Id: statement.id,
    Number: number,
    Type: statement.type,
    Provider: listedStatementProvider(statement.provider, institutionProvider),
  };
}

export function toHistoryItem(line: CoreTransaction): HistoryItem {
  return {
    TransactionDate: hostDateTime(line.date),
    TransactionDescription: line.description,
    PrincipalAmount: line.principalCents,
    InterestAmount: line.interestCents,
    OtherAmount: line.otherCents,
    TotalPaymentAmount: line.totalCents,
    RunningPrincipalBalance: line.principalBalanceCents,
    TransactionTime: line.time,
  };
}

export interface LoanPage {
  information: LoanAccountInformation;
  format: StatementFormat;
  alerts: AccountAlerts;
  statements: StatementListItem[];
  agreements: Agreement[];
  documents: StoredDocument[];
  /** The core's hold on the loan (spec 002 section 8's on-load flags), shown above it. */
  hold: LoanHold | null;
}

/** The AccountDetails answer's parts: the information and the hold (as the loan page's). */
export type LoanDetails = Pick<LoanPage, 'information' | 'hold'>;

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface AccountDetailsService {
  today(caller: Pick<AccountCaller, 'timeZone'>): CalendarDate;
  /** The caller's account (hidden ones too: the loan page of a hidden account still opens). */
  account(caller: AccountCaller, number: string): Promise<CoreAccount | undefined>;
  /**
   * `GET /api/AccountDetails`: the loan's information and the core's hold on it (the payment
   * screen reads the hold there); undefined when the account is not the caller's.
   */
  details(caller: AccountCaller, number: string): Promise<LoanDetails | undefined>;
  /**
   * The loan page's load: the information and statement format, the alerts, this year's
   * statements, the e-statement agreements still to accept and the documents. The account is
   * looked up once (the core's answer proves it is the caller's); undefined when it is not.
   */
  loanPage(caller: AccountCaller, number: string): Promise<LoanPage | undefined>;
  alerts(caller: AccountCaller, number: string): Promise<AccountAlerts>;
  saveAlerts(caller: AccountCaller, number: string, alerts: AccountAlerts): Promise<boolean>;
  updateAddress(
    caller: AccountCaller,
    number: string,
    address: PostalAddress,
  ): Promise<Outcome<PostalAddress> | undefined>;
  /** The file services' documents about the account (undefined: not the caller's account). */
  documents(caller: AccountCaller, number: string): Promise<StoredDocument[] | undefined>;
  /** The e-statement agreements the caller has yet to accept (spec 002 e-statement toggle). */
  eStatementAgreements(caller: AccountCaller): Promise<Agreement[]>;
  /**
   * Paper or paperless; paperless only with an e-mail address on file (paperlessWithoutEmail) and
   * once every e-statement agreement is accepted (the portal records them through
   * AgreementLogging first). Undefined when the account is not the caller's.
   */
  setStatementFormat(
    caller: AccountCaller,
    number: string,
    format: StatementFormat,
    emailAddress: string,
  ): Promise<{ ok: true } | { ok: false; error: string } | undefined>;
  hide(caller: AccountCaller, number: string): Promise<boolean>;
  statements(
    caller: AccountCaller,
    number: string,
    year: number,
  ): Promise<StatementListItem[] | undefined>;
  history(
    caller: AccountCaller,
    number: string,
    days: number,
  ): Promise<CoreTransaction[] | 'denied' | undefined>;
  insurance(caller: AccountCaller, number: string): ReturnType<ServicingCore['insurance']>;
  /** The principal at the end of each month since opening (the last month: today's). */
  balanceHistory(
    caller: AccountCaller,
    number: string,
  ): Promise<{ date: CalendarDate; principalCents: number }[] | 'denied' | undefined>;
  payoffProjection(
    caller: AccountCaller,
    number: string,
    extraPrincipalCents: number,
  ): Promise<{ regular: CorePayoffPath; extra: CorePayoffPath } | undefined>;
}

/**
 * A core's history (newest first: ServicingCore.history) oldest first, by date and time; lines
 * of the same date and time keep the core's order, reversed, so the day's last balance is its
 * newest line's (two returns of one day ended the chart on the first's balance).
 */
export function oldestFirst<Line extends { date: CalendarDate; time: string }>(
  newestFirst: readonly Line[],
): Line[] {
  return [...newestFirst]
    .reverse()
    .sort((a, b) =>
      a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date),
    );
}

/** The last point of each month, in date order (a chart needs no more). */
export function monthlyPoints<Point extends { date: CalendarDate }>(points: readonly Point[]) {
  const byMonth = new Map<string, Point>();
  for (const point of points) byMonth.set(point.date.slice(0, 7), point);
  return [...byMonth.values()];
}

/**
 * One point per month from the account's opening: a month without a transaction carries the
 * balance before it (a line of credit opened long before its first advance stays at zero until
 * then), so the chart's months are evenly spaced and start at the opening.
 */
export function monthsSinceOpening(
  points: readonly { date: CalendarDate; principalCents: number }[],
  openedOn: CalendarDate,
): { date: CalendarDate; principalCents: number }[] {
  const byMonth = new Map(points.map((point) => [point.date.slice(0, 7), point]));
  const last = points.at(-1);
  if (!last) return [];
  const filled: { date: CalendarDate; principalCents: number }[] = [];
  let balance = 0;
  for (
    let month = `${openedOn.slice(0, 7)}-01`;
    month.slice(0, 7) <= last.date.slice(0, 7);
    month = addMonths(month, 1)
  ) {
    const point = byMonth.get(month.slice(0, 7));
    if (point) balance = point.principalCents;
    filled.push(point ?? { date: addDays(addMonths(month, 1), -1), principalCents: balance });
  }
  return filled;
}

export function createAccountDetailsService(options: {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  zips: ZipDirectory;
  settings: (institutionId: number) => Promise<SettingsAccessor>;
  documents: DocumentStore;
  /** Keeps built loan pages until a write (account-reads.ts); absent, every call builds one. */
  reads?: ReadCache;
  /** The saved methods' module: the loan's default method is the one it answers. */
  paymentMethods: Pick<PaymentMethodsService, 'defaultMethod'>;
  /** Makes the payments' handles (EncryptedString, EncryptedData), as GetPaymentInfo's. */
  dataProtector: DataProtector;
}): AccountDetailsService {
  const { db, clock, core, zips } = options;
  const borrowers = createBorrowersService({ db });

  /**
   * The caller's default method of the loan, as GetPaymentInfo and GetPaymentMethods answer it
   * (useDefaultPaymentMethodOption on, and the method still usable under the settings), with its
   * last four only. `loan`: the core's answer for the caller, which proves the loan is theirs.
   */
  async function defaultMethodOf(
    caller: AccountCaller,
    loan: CoreAccount,
  ): Promise<DefaultPaymentMethod> {
    const method = await options.paymentMethods.defaultMethod(caller, loan);
    if (!method) return null;
    return method.IsCard
      ? { IsCard: true, LastFour: method.CardInfo.CardNumber }
      : { IsCard: false, LastFour: method.AchInfo.AccountNumber };
  }

  /**
   * The loan's scheduled and recurring payments as GetPaymentInfo lists them (the same function).
   * They are listed by loan number: only call it for a loan the core answered for the caller.
   */
  async function paymentListsOf(
    caller: AccountCaller,
    number: string,
    day: CalendarDate,
  ): Promise<LoanPaymentLists> {
    const settings = await options.settings(caller.institutionId);
    return loanPaymentLists(
      { db, dataProtector: options.dataProtector },
      { caller, settings, today: day },
      number,
    );
  }

  async function eStatementAgreements(caller: AccountCaller): Promise<Agreement[]> {
    const [settings, acceptances] = await Promise.all([
      options.settings(caller.institutionId),
      borrowers.agreementAcceptances(caller.institutionId, caller.userId, caller.timeZone),
    ]);
    return eStatementAgreementsNeeded(configuredAgreements(settings), {
      acceptances,
      today: today(caller),
    });
  }
  async function alerts(caller: AccountCaller, number: string): Promise<AccountAlerts> {
    // Saved before each due-date alert had its own days: the missing parts take the defaults.
    return withDefaultAlerts(await findAccountAlerts(db, caller.userId, number));
  }
  const today = (caller: Pick<AccountCaller, 'timeZone'>) =>
    calendarDateIn(caller.timeZone, clock.now());
  const customer = (caller: AccountCaller): CustomerRef => ({
    institutionId: caller.institutionId,
    customerId: caller.customerId,
  });
  const account = (caller: AccountCaller, number: string) =>
    core.findAccount(customer(caller), number, today(caller));

  async function buildLoanPage(
    caller: AccountCaller,
    number: string,
    day: CalendarDate,
  ): Promise<LoanPage | undefined> {
    const info = await core.loanInformation(customer(caller), number, day);
    if (!info) return undefined;
    // The account is the caller's (the core answered for their customer): the rest needs no
    // second ownership check. This year is always among the years offered.
    const [alertsOf, statements, agreements, documents, settings, defaultMethod, lists] =
      await Promise.all([
        alerts(caller, number),
        core.statements(customer(caller), number, Number(day.slice(0, 4))),
        eStatementAgreements(caller),
        options.documents.accountDocuments(customer(caller), number),
        options.settings(caller.institutionId),
        defaultMethodOf(caller, info.account),
        paymentListsOf(caller, number, day),
      ]);
    const provider = settings.get('eStatementOptions.statementProvider');
    return {
      information: toLoanInformation(info, day, { defaultMethod, lists }),
      format: info.account.statementPreference,
      alerts: alertsOf,
      statements: (statements ?? []).map((statement) =>
        toStatementItem(statement, number, provider),
      ),
      agreements,
      documents,
      hold: info.account.hold,
    };
  }

  return {
    today,
    account,

    async details(caller, number) {
      const day = today(caller);
      // The core answers for the caller's customer only: another's account is undefined. The
      // default method and the payments, listed by loan number, are read after it: only for a
      // loan that is the caller's (the core's answer proves it, so neither asks the core again).
      const info = await core.loanInformation(customer(caller), number, day);
      if (!info) return undefined;
      const [defaultMethod, lists] = await Promise.all([
        defaultMethodOf(caller, info.account),
        paymentListsOf(caller, number, day),
      ]);
      return {
        information: toLoanInformation(info, day, { defaultMethod, lists }),
        hold: info.account.hold,
      };
    },

    async loanPage(caller, number) {
      const day = today(caller);
      const load = () => buildLoanPage(caller, number, day);
      return options.reads
        ? options.reads.get(
            `loan|${caller.institutionId}|${caller.userId}|${caller.customerId}|${number}|${day}`,
            load,
          )
        : load();
    },

    alerts,

    async saveAlerts(caller, number, alerts) {
      if (!(await account(caller, number))) return false;
      await saveAccountAlerts(db, {
        institutionId: caller.institutionId,
        userId: caller.userId,
        accountNumber: number,
        alerts,
        at: clock.now(),
      });
      return true;
    },

    async updateAddress(caller, number, typed) {
      const found = await account(caller, number);
      if (!found) return undefined;
      if (isClosedComment(found.comment)) {
        return { ok: false, error: ACCOUNT_ERRORS.error };
      }
      const address: PostalAddress = {
        Address1: sanitizeAddressText(typed.Address1).trim(),
        City: sanitizeAddressText(typed.City).trim(),
        State: typed.State.trim().toUpperCase(),
        ZipCode: typed.ZipCode.trim(),
      };
      if (Object.keys(postalAddressIssues(address)).length > 0) {
        return { ok: false, error: ACCOUNT_ERRORS.correctErrors };
      }
      if (!zips.cityMatches(address.ZipCode, address.City, address.State)) {
        return { ok: false, error: ACCOUNT_ERRORS.zipCityNoMatch };
      }
      await core.updateAddress(customer(caller), number, {
        address1: address.Address1,
        city: address.City,
        state: address.State,
        zipCode: address.ZipCode,
      });
      return { ok: true, value: address };
    },

    eStatementAgreements,

    async documents(caller, number) {
      if (!(await account(caller, number))) return undefined;
      return options.documents.accountDocuments(customer(caller), number);
    },

    async setStatementFormat(caller, number, format, emailAddress) {
      if (format === 'ElectronicOnly') {
        if (!(await account(caller, number))) return undefined;
        if (paperlessWithoutEmail(format, emailAddress)) {
          return { ok: false, error: EMAIL_REQUIRED_ERROR };
        }
        if ((await eStatementAgreements(caller)).length > 0) {
          return { ok: false, error: ACCOUNT_ERRORS.eStatementAgreementNeeded };
        }
      }
      return (await core.setStatementFormat(customer(caller), number, format))
        ? { ok: true }
        : undefined;
    },

    async hide(caller, number) {
      return core.hideFromWeb(customer(caller), number);
    },

    async statements(caller, number, year) {
      const thisYear = Number(today(caller).slice(0, 4));
      const settings = await options.settings(caller.institutionId);
      // The years the portal offers (eStatementOptions.statementYears, 3 by default).
      const years = Math.max(1, settings.get('eStatementOptions.statementYears'));
      if (year > thisYear || year <= thisYear - years) {
        return (await account(caller, number)) ? [] : undefined;
      }
      const found = await core.statements(customer(caller), number, year);
      const provider = settings.get('eStatementOptions.statementProvider');
      return found?.map((statement) => toStatementItem(statement, number, provider));
    },

    async history(caller, number, days) {
      const from = addDays(today(caller), -days);
      return core.history(customer(caller), number, from);
    },

    async balanceHistory(caller, number) {
      const found = await account(caller, number);
      const category = found ? accountCategory(found.type) : undefined;
      if (!found || (category !== 'loan' && category !== 'lineOfCredit')) return undefined;
      const history = await core.history(customer(caller), number, found.openedOn);
      if (history === undefined || history === 'denied') return history;
      const points = monthlyPoints(
        oldestFirst(history).map((transaction) => ({
          date: transaction.date,
          principalCents: transaction.principalBalanceCents,
        })),
      );
      return monthsSinceOpening(points, found.openedOn);
    },

    async payoffProjection(caller, number, extraPrincipalCents) {
      return core.payoffProjection(customer(caller), number, today(caller), extraPrincipalCents);
    },

    async insurance(caller, number) {
      const found = await account(caller, number);
      const category = found ? accountCategory(found.type) : undefined;
      if (category !== 'loan' && category !== 'lineOfCredit') return undefined;
      return core.insurance(customer(caller), number);
    },
  };
}
