import type { BorrowerCaller } from '../../lib/caller';
import {
  ACH_ACCOUNT_TYPES,
  cardAcceptanceOf,
  type AchAccountType,
  type AddCardPaymentMethodRequest,
  accountCategory,
  calendarDateIn,
  type CalendarDate,
  cardFormIssues,
  cardUse,
  cleanAchAccountNumber,
  configuredAgreements,
  DEBIT_CREDIT_TYPES,
  detectCardType,
  fundingOfDebitCreditType,
  holdBlocksOf,
  savedProfileAllowed,
  isAgreementNeeded,
  lastFourOf,
  type NewAchPaymentMethod,
  normalizeCardNumber,
  PAYMENT_CARD_TYPES,
  type PaymentMethodError,
  type PaymentOfMethod,
  loanName,
  maskAccountNumber,
  RECURRING_OPTIONS,
  type SavedPaymentMethod,
  type SubmitError,
  passesAbaChecksum,
} from '@portal/domain';
import type { Agreement, SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AchProcessor } from '../../core/ach/ach-processor';
import type { RoutingDirectory, RoutingDirectoryBank } from '../../core/ach/routing-directory';
import type { CardProcessor } from '../../core/card-processor';
import type { CoreAccount, ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { cancelPaymentsMadeWith, paymentsMadeWith } from '../payments/payments-of-method';
import { achAccountIssue, achDuplicateKey as duplicateKeyOf } from './ach-account-checks';
import {
  deletePaymentMethod,
  findDefaultPaymentMethod,
  findSavedDuplicateId,
  findSavedPaymentMethod,
  hasSavedDuplicate,
  insertPaymentMethod,
  listSavedPaymentMethods,
  markPaymentMethodSaved,
  type MethodOwner,
  type PaymentMethodRow,
  removeDefaultPaymentMethod,
  saveDefaultPaymentMethod,
} from './payment-methods.repository';

/*
 * Decision (the spec lists methods "per account request" but is silent on where they live):
 * saved methods belong to the signed-in user at the institution, not to one loan. The new ACH
 * payload and both delete calls carry no loan number, and a borrower with two loans expects the
 * card saved while paying one to be offered for the other. GetPaymentMethods still takes the
 * loan: it checks the loan is the caller's and answers that loan's default method, and the
 * default is kept per user and loan (SetDefault and RemoveDefault name the loan).
 */

/** Who is asking: the signed-in user, their customer and the institution's time zone. */
export type PaymentMethodCaller = BorrowerCaller;

/** The error keys these calls answer: section 8's method errors and the card processor's. */
export type MethodErrorKey =
  | PaymentMethodError
  | Extract<
      SubmitError,
      'Declined' | 'OverLimit' | 'InvalidInfo' | 'Expired' | 'CreditCardsNotAccepted'
    >;

/** notFound: the loan or method is not the caller's (or does not exist); the same answer. */
export type MethodOutcome<T> =
  { kind: 'ok'; value: T } | { kind: 'refused'; error: MethodErrorKey } | { kind: 'notFound' };

const ok = <T>(value: T): MethodOutcome<T> => ({ kind: 'ok', value });
const refused = (error: MethodErrorKey): { kind: 'refused'; error: MethodErrorKey } => ({
  kind: 'refused',
  error,
});
const NOT_FOUND = { kind: 'notFound' } as const;

export type RoutingLookup =
  | { kind: 'found'; bank: RoutingDirectoryBank }
  | { kind: 'unknown' }
  | { kind: 'refused'; error: 'RoutingNumberInvalid' | 'RoutingLookup' };

/** A stored method's columns that its answer (`toSavedPaymentMethod`) and `isUsable` read. */
type MethodColumns = Pick<
  PaymentMethodRow,
  | 'is_card'
  | 'card_type'
  | 'debit_credit_type'
  | 'expiration_date'
  | 'last_four'
  | 'profile_id'
  | 'ach_account_type'
>;

/** A saved method as listed for a loan: its columns, and whether it is the loan's default. */
export type ListedMethodRow = MethodColumns & { is_account_default: boolean };

/** The caller's saved methods a loan may be paid with, and the loan's default among them. */
export interface UsableMethods {
  methods: SavedPaymentMethod[];
  defaultMethod: SavedPaymentMethod | null;
}

export interface PaymentMethodsService {
  /** The caller's saved methods usable for the loan, and its default (GetPaymentMethods). */
  list(
    caller: PaymentMethodCaller,
    accountNumber: string,
  ): Promise<
    MethodOutcome<
      UsableMethods & {
        /** The HostNums of the ACH agreements the caller has yet to accept. */
        achAgreementsNeeded: number[];
      }
    >
  >;
  addCard(
    caller: PaymentMethodCaller,
    card: Omit<AddCardPaymentMethodRequest, 'SaveWithPayment'> & { SaveWithPayment?: boolean },
  ): Promise<MethodOutcome<SavedPaymentMethod>>;
  validateAch(caller: PaymentMethodCaller, ach: NewAchPaymentMethod): Promise<MethodOutcome<true>>;
  addAch(
    caller: PaymentMethodCaller,
    ach: NewAchPaymentMethod,
  ): Promise<MethodOutcome<SavedPaymentMethod>>;
  remove(
    caller: PaymentMethodCaller,
    method: { isCard: boolean; profileId: string; lastFour: string },
  ): Promise<MethodOutcome<true>>;
  /**
   * Of the caller's saved methods as read with a loan's (their own only, each marked when it is
   * their default for that loan: payments.repository `paymentInfoRows` reads them with the loan's
   * payments, in one statement), those usable, and the default, as `list` answers them without
   * the ACH terms still to accept (GetPaymentInfo's). `settings`: the institution's, as the
   * request read them.
   */
  usableMethodsOf(
    caller: PaymentMethodCaller,
    saved: readonly ListedMethodRow[],
    settings: SettingsAccessor,
  ): UsableMethods;
  /**
   * The caller's default method of the loan as `list` answers it (null with
   * useDefaultPaymentMethodOption off, or when it is no longer usable), without the rest of the
   * list: the loan page's. `loan`: the core's answer for this caller, which proves it is theirs.
   */
  defaultMethod(caller: PaymentMethodCaller, loan: CoreAccount): Promise<SavedPaymentMethod | null>;
  /**
   * Whether the caller has ACH terms yet to accept: a bank account is not saved then, however it
   * is saved (AddAchPaymentMethod, or with its payment), as section 6 orders the terms first.
   */
  achTermsOutstanding(caller: PaymentMethodCaller): Promise<boolean>;
  /** The scheduled and recurring payments `remove` would cancel (PaymentsOfMethod). */
  paymentsOf(
    caller: PaymentMethodCaller,
    method: { isCard: boolean; profileId: string },
  ): Promise<MethodOutcome<PaymentOfMethod[]>>;
  setDefault(
    caller: PaymentMethodCaller,
    accountNumber: string,
    method: { isCard: boolean; profileId: string },
  ): Promise<MethodOutcome<true>>;
  removeDefault(caller: PaymentMethodCaller, accountNumber: string): Promise<MethodOutcome<true>>;
  lookupRoutingNumber(routingNumber: string): Promise<RoutingLookup>;
}

function oneOf<T extends string>(choices: readonly T[], value: string | null, what: string): T {
  const found = choices.find((choice) => choice === value);
  if (found === undefined) throw new Error(`payment_methods: unexpected ${what} '${value}'`);
  return found;
}

/**
 * The DTO of a stored method: its handle and last four (CardInfo.CardNumber or
 * AchInfo.AccountNumber), never more.
 */
export function toSavedPaymentMethod(row: MethodColumns): SavedPaymentMethod {
  if (row.is_card) {
    return {
      IsCard: true,
      CardInfo: {
        CardType: oneOf(PAYMENT_CARD_TYPES, row.card_type, 'card type'),
        CardNumber: row.last_four,
        ExpirationDate: row.expiration_date ?? '',
        ProfileId: row.profile_id,
        DebitCreditType: oneOf(DEBIT_CREDIT_TYPES, row.debit_credit_type, 'debit/credit type'),
      },
    };
  }
  return {
    IsCard: false,
    AchInfo: {
      AccountType: oneOf(ACH_ACCOUNT_TYPES, row.ach_account_type, 'account type'),
      AccountNumber: row.last_four,
      ProfileId: row.profile_id,
    },
  };
}

/**
 * Whether the institution's settings still let this saved method pay: the saved-profile
 * permission of section 6 (the domain's `savedProfileAllowed`: checked again here, not only
 * when the method was added), then for cards allowed at all and the domain's `cardUse`. An
 * expired card stays listed: paying with it answers Expired, and the borrower sees which card to
 * replace.
 */
function isUsable(
  row: MethodColumns,
  settings: SettingsAccessor,
  today: CalendarDate,
  companyNumber: number,
): boolean {
  if (
    !savedProfileAllowed(row.is_card ? 'Card' : 'ACH', companyNumber, profileSettingsOf(settings))
  ) {
    return false;
  }
  if (row.is_card) {
    if (!settings.get('cardPaymentOptions.allowCardsOption')) return false;
    const use = cardUse(
      {
        brand: row.card_type ?? undefined,
        funding: fundingOfDebitCreditType(row.debit_credit_type ?? ''),
        expiration: row.expiration_date ?? '',
      },
      cardAcceptanceOf(settings),
      today,
    );
    return use.usable || use.error === 'Expired';
  }
  return (
    !settings.get('achPaymentOptions.hideAchOption') &&
    (row.ach_account_type === 'Checking' ||
      settings.get('achPaymentOptions.allowSavingsAccountOption'))
  );
}

/** The saved-profile settings as the domain's `savedProfileAllowed` reads them. */
export function profileSettingsOf(settings: SettingsAccessor) {
  return {
    allowCardProfiles: settings.get('cardPaymentOptions.allowCardProfilesOption'),
    disallowAchProfiles: settings.get('achPaymentOptions.disallowAchProfilesOption'),
  };
}

/**
 * The owner's saved bank account with this handle: its account type and last four as saved, not
 * as a request says. Undefined for anyone else's, a card, or a method without an account type.
 */
export async function savedAchAccount(
  db: Kysely<Database>,
  owner: MethodOwner,
  profileId: string,
): Promise<{ accountType: string; lastFour: string } | undefined> {
  const row = await findSavedPaymentMethod(db, owner, { profileId, isCard: false });
  return row?.ach_account_type
    ? { accountType: row.ach_account_type, lastFour: row.last_four }
    : undefined;
}

/** What a payment carries of a method typed for it that is to be saved with it. */
export type MethodToSave =
  | { kind: 'card'; methodId: number }
  | {
      kind: 'ach';
      duplicateKey: string;
      lastFour: string;
      accountType: AchAccountType;
      routingNumber: string;
      accountNumberSealed: string;
      ownerNameSealed: string;
    };

/**
 * Saves a method with the payment that uses it (issue 20 item 9: 'Save Payment Profile' saves the
 * method with the payment, not when the Payment Details dialog's Continue is pressed). Pass the
 * payment's own transaction for a scheduled or recurring payment, so the method is saved exactly
 * when the payment is. Answers the saved method's id (an already saved copy's, for a duplicate),
 * which the payment keeps so deleting the method later cancels it.
 */
export async function saveMethodWithPayment(
  db: Kysely<Database>,
  owner: MethodOwner,
  method: MethodToSave,
  at: Date,
): Promise<number | undefined> {
  if (method.kind === 'card') return markPaymentMethodSaved(db, owner, method.methodId);
  const existing = await findSavedDuplicateId(db, owner, method.duplicateKey);
  if (existing !== undefined) return existing;
  const row = await insertPaymentMethod(db, {
    institution_id: owner.institutionId,
    user_id: owner.userId,
    profile_id: `ach-${randomUUID()}`,
    is_card: false,
    saved: true,
    duplicate_key: method.duplicateKey,
    last_four: method.lastFour,
    ach_account_type: method.accountType,
    routing_number: method.routingNumber,
    account_number_sealed: method.accountNumberSealed,
    owner_name_sealed: method.ownerNameSealed,
    created_at: at,
  });
  return row?.id ?? findSavedDuplicateId(db, owner, method.duplicateKey);
}

const twoDigits = (value: number) => String(value % 100).padStart(2, '0');

export function createPaymentMethodsService(options: {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  settings: (institutionId: number) => Promise<SettingsAccessor>;
  cardProcessor: CardProcessor;
  achProcessor: AchProcessor;
  routingDirectory: RoutingDirectory;
  dataProtector: DataProtector;
}): PaymentMethodsService {
  const { db, clock, core, cardProcessor, achProcessor, routingDirectory, dataProtector } = options;
  const borrowers = createBorrowersService({ db });

  const today = (caller: PaymentMethodCaller): CalendarDate =>
    calendarDateIn(caller.timeZone, clock.now());
  const owner = (caller: PaymentMethodCaller): MethodOwner => ({
    institutionId: caller.institutionId,
    userId: caller.userId,
  });

  /** The caller's loan or line of credit; undefined for anyone else's, or a missing one. */
  async function loanOf(
    caller: PaymentMethodCaller,
    number: string,
  ): Promise<CoreAccount | undefined> {
    const account = await core.findAccount(
      { institutionId: caller.institutionId, customerId: caller.customerId },
      number,
      today(caller),
    );
    const category = account ? accountCategory(account.type) : undefined;
    return category === 'loan' || category === 'lineOfCredit' ? account : undefined;
  }

  /** The ACH terms (when-to-agree includes 'ach') the caller has yet to accept. */
  async function achAgreementsNeeded(
    caller: PaymentMethodCaller,
    settings: SettingsAccessor,
  ): Promise<Agreement[]> {
    const achTerms = configuredAgreements(settings).filter((agreement) =>
      agreement.whenToAgree.includes('ach'),
    );
    if (achTerms.length === 0) return [];
    const acceptances = await borrowers.agreementAcceptances(
      caller.institutionId,
      caller.userId,
      caller.timeZone,
    );
    return achTerms.filter((agreement) =>
      isAgreementNeeded(
        agreement.date,
        acceptances
          .filter((acceptance) => acceptance.hostNum === agreement.hostNum)
          .map((acceptance) => acceptance.acceptedOn),
        today(caller),
      ),
    );
  }

  function usableMethodsOf(
    caller: PaymentMethodCaller,
    rows: readonly ListedMethodRow[],
    settings: SettingsAccessor,
  ): UsableMethods {
    const day = today(caller);
    const usable = rows.filter((row) => isUsable(row, settings, day, caller.companyNumber));
    // The default is among the usable rows, when it is usable.
    const defaultRow = settings.get('paymentOptions.useDefaultPaymentMethodOption')
      ? usable.find((row) => row.is_account_default)
      : undefined;
    return {
      methods: usable.map(toSavedPaymentMethod),
      defaultMethod: defaultRow ? toSavedPaymentMethod(defaultRow) : null,
    };
  }

  const achChecks = { db, achProcessor, routingDirectory, dataProtector };
  const achDuplicateKey = (routingNumber: string, accountNumber: string) =>
    duplicateKeyOf(dataProtector, routingNumber, accountNumber);

  return {
    async list(caller, accountNumber) {
      const loan = await loanOf(caller, accountNumber);
      if (!loan) return NOT_FOUND;
      const settings = await options.settings(caller.institutionId);
      const [rows, needed] = await Promise.all([
        listSavedPaymentMethods(db, owner(caller), loan.number),
        achAgreementsNeeded(caller, settings),
      ]);
      return ok({
        ...usableMethodsOf(caller, rows, settings),
        achAgreementsNeeded: needed.map((agreement) => agreement.hostNum),
      });
    },

    usableMethodsOf,

    async defaultMethod(caller, loan) {
      const settings = await options.settings(caller.institutionId);
      if (!settings.get('paymentOptions.useDefaultPaymentMethodOption')) return null;
      const row = await findDefaultPaymentMethod(db, owner(caller), loan.number);
      return row && isUsable(row, settings, today(caller), caller.companyNumber)
        ? toSavedPaymentMethod(row)
        : null;
    },

    async addCard(caller, card) {
      const loan = await loanOf(caller, card.LoanAccountNumber);
      if (!loan) return NOT_FOUND;
      const [settings, terms] = await Promise.all([
        options.settings(caller.institutionId),
        core.paymentTerms(
          { institutionId: caller.institutionId, customerId: caller.customerId },
          loan.number,
          today(caller),
        ),
      ]);
      if (!terms) return NOT_FOUND;
      // The rule a card submit is refused by (payment-submit.ts loanRefusal): the core's hold
      // as the institution honours it (holdBlocksOf), the core's and the settings' card switch.
      const blockOnHolds = settings.get('paymentOptions.blockPaymentsOnHoldCodesOption');
      if (
        holdBlocksOf(terms.hold ?? loan.hold, blockOnHolds).card ||
        !terms.allowCards ||
        !settings.get('cardPaymentOptions.allowCardsOption')
      ) {
        return refused('CardNotAllowed');
      }
      const saving = card.SavePaymentProfile;
      if (
        (saving && !settings.get('cardPaymentOptions.allowCardProfilesOption')) ||
        (!saving && !settings.get('cardPaymentOptions.allowSingleUseCardOption'))
      ) {
        return refused('MethodError');
      }
      const acceptance = cardAcceptanceOf(settings);
      const issues = cardFormIssues(card, {
        ...acceptance,
        requireFullAddress: settings.get('cardPaymentOptions.requireFullBillingAddressOption'),
        today: today(caller),
      });
      // The card as the payload describes it; the processor's word decides again below.
      const claimed = cardUse(
        {
          brand: detectCardType(card.CardNumber),
          funding: fundingOfDebitCreditType(card.DebitCreditType),
          expiration: card.ExpirationDate,
        },
        acceptance,
        today(caller),
      );
      if (!claimed.usable) return refused(claimed.error);
      if (
        Object.keys(issues).length > 0 ||
        detectCardType(normalizeCardNumber(card.CardNumber)) !== card.CardType
      ) {
        return refused('InvalidInfo');
      }
      // The number and security code go to the processor and nowhere else.
      const tokenized = await cardProcessor.tokenize({
        institutionId: caller.institutionId,
        card: {
          number: card.CardNumber,
          expiration: card.ExpirationDate,
          securityCode: card.SecurityCode,
          holderFirstName: card.CardHolderFirstName,
          holderLastName: card.CardHolderLastName,
          zipCode: card.BillingAddress.ZipCode,
        },
      });
      if (tokenized.status !== 'approved') return refused(tokenized.error);
      // Decision (review defect 8): the borrower's Debit/Credit choice stands unless the
      // processor knows the card's funding for certain; then the processor's word decides the
      // fees, and with debit-only on a card the processor says is credit is refused. The
      // processor interface always answers a funding (TokenizedCard.funding), and the built-in
      // processor knows each test card's (README "Test cards"), so today its word always decides;
      // a processor that cannot tell would need 'unknown' added to CardFunding (and to the
      // card_tokens check of migration 0015), and the borrower's choice would then be kept.
      const debitCreditType = tokenized.funding === 'debit' ? 'DebitCard' : 'CreditCard';
      const expiration = `${twoDigits(tokenized.expiryMonth)}/${twoDigits(tokenized.expiryYear)}`;
      const use = cardUse(
        { brand: tokenized.brand, funding: tokenized.funding, expiration },
        acceptance,
        today(caller),
      );
      if (!use.usable) return refused(use.error);
      const duplicateKey = `card:${tokenized.brand}:${tokenized.lastFour}:${expiration}`;
      if (saving && (await hasSavedDuplicate(db, owner(caller), duplicateKey))) {
        return refused('AlreadyExists');
      }
      const row = await insertPaymentMethod(db, {
        institution_id: caller.institutionId,
        user_id: caller.userId,
        profile_id: tokenized.token,
        is_card: true,
        // Issue 20 item 9: with SaveWithPayment a card to be saved is saved with the payment
        // that uses it (the payment's SavePaymentMethod, saveMethodWithPayment), not here: until
        // then it is a tokenized card that is not listed.
        saved: saving && card.SaveWithPayment !== true,
        duplicate_key: duplicateKey,
        last_four: tokenized.lastFour,
        card_type: tokenized.brand,
        debit_credit_type: debitCreditType,
        expiration_date: expiration,
        created_at: clock.now(),
      });
      return row ? ok(toSavedPaymentMethod(row)) : refused('AlreadyExists');
    },

    async validateAch(caller, ach) {
      const settings = await options.settings(caller.institutionId);
      const issue = await achAccountIssue(achChecks, caller.institutionId, settings, ach);
      return issue ? refused(issue) : ok(true);
    },

    async achTermsOutstanding(caller) {
      const settings = await options.settings(caller.institutionId);
      return (await achAgreementsNeeded(caller, settings)).length > 0;
    },

    async addAch(caller, ach) {
      const settings = await options.settings(caller.institutionId);
      // Section 6's rule, once (domain savedProfileAllowed): a personal user, ACH profiles allowed.
      if (!savedProfileAllowed('ACH', caller.companyNumber, profileSettingsOf(settings))) {
        return refused('AchNotAllowed');
      }
      if ((await achAgreementsNeeded(caller, settings)).length > 0) {
        return refused('AchTermsDisagreed');
      }
      const accountNumber = cleanAchAccountNumber(ach.AccountNumber);
      const duplicateKey = achDuplicateKey(ach.RoutingNumber, accountNumber);
      // A saved duplicate is answered before validating (it was validated when first saved).
      if (await hasSavedDuplicate(db, owner(caller), duplicateKey)) {
        return refused('AlreadyExists');
      }
      const issue = await achAccountIssue(achChecks, caller.institutionId, settings, ach);
      if (issue) return refused(issue);
      if (await hasSavedDuplicate(db, owner(caller), duplicateKey)) {
        return refused('AlreadyExists');
      }
      const accountType: AchAccountType = ach.AccountType;
      const row = await insertPaymentMethod(db, {
        institution_id: caller.institutionId,
        user_id: caller.userId,
        // A UUID's groups are at most 12 hex digits: never mistaken for a card number.
        profile_id: `ach-${randomUUID()}`,
        is_card: false,
        saved: true,
        duplicate_key: duplicateKey,
        last_four: lastFourOf(accountNumber),
        ach_account_type: accountType,
        routing_number: ach.RoutingNumber,
        account_number_sealed: dataProtector.encrypt(accountNumber),
        owner_name_sealed: dataProtector.encrypt(ach.OwnerName.trim()),
        created_at: clock.now(),
      });
      return row ? ok(toSavedPaymentMethod(row)) : refused('AlreadyExists');
    },

    async remove(caller, method) {
      const row = await findSavedPaymentMethod(db, owner(caller), method);
      if (!row || row.last_four !== method.lastFour) return NOT_FOUND;
      // Spec 001: deleting a method cancels and removes the scheduled (and recurring) payments
      // set up with it, in the same transaction as the delete.
      const deleted = await db.transaction().execute(async (trx) => {
        await cancelPaymentsMadeWith(trx, owner(caller), row.id, clock.now());
        return deletePaymentMethod(trx, owner(caller), row.id);
      });
      return deleted ? ok(true) : NOT_FOUND;
    },

    async paymentsOf(caller, method) {
      const row = await findSavedPaymentMethod(db, owner(caller), method);
      if (!row) return NOT_FOUND;
      const [found, accounts] = await Promise.all([
        paymentsMadeWith(db, owner(caller), row.id),
        core.listAccounts(
          { institutionId: caller.institutionId, customerId: caller.customerId },
          today(caller),
        ),
      ]);
      // Each payment's loan by its name, as every screen names it (issue 20).
      const nameOf = (number: string) =>
        loanName({
          description: accounts.find((account) => account.number === number)?.description ?? '',
          number,
        });
      return ok([
        ...found.payments.map((payment): PaymentOfMethod => ({
          Kind: 'Scheduled',
          LoanAccountNumber: maskAccountNumber(payment.loan_number),
          LoanName: nameOf(payment.loan_number),
          PaymentDate: payment.pay_date,
          PaymentAmount: payment.amount_cents,
          RecurringOption: null,
          NumberOfDays: 0,
        })),
        ...found.recurring.map((recurring): PaymentOfMethod => ({
          Kind: 'Recurring',
          LoanAccountNumber: maskAccountNumber(recurring.loan_number),
          LoanName: nameOf(recurring.loan_number),
          PaymentDate: recurring.next_date,
          PaymentAmount: recurring.amount_cents,
          RecurringOption: oneOf(RECURRING_OPTIONS, recurring.recurring_option, 'recurring option'),
          NumberOfDays: recurring.days_before_due,
        })),
      ]);
    },

    async setDefault(caller, accountNumber, method) {
      const loan = await loanOf(caller, accountNumber);
      if (!loan) return NOT_FOUND;
      const row = await findSavedPaymentMethod(db, owner(caller), method);
      if (!row) return NOT_FOUND;
      const settings = await options.settings(caller.institutionId);
      if (
        !settings.get('paymentOptions.useDefaultPaymentMethodOption') ||
        !isUsable(row, settings, today(caller), caller.companyNumber)
      ) {
        return refused('SetDefaultFailed');
      }
      await saveDefaultPaymentMethod(db, {
        ...owner(caller),
        accountNumber: loan.number,
        methodId: row.id,
        at: clock.now(),
      });
      return ok(true);
    },

    async removeDefault(caller, accountNumber) {
      const loan = await loanOf(caller, accountNumber);
      if (!loan) return NOT_FOUND;
      await removeDefaultPaymentMethod(db, owner(caller), loan.number);
      return ok(true);
    },

    async lookupRoutingNumber(routingNumber) {
      if (!passesAbaChecksum(routingNumber))
        return { kind: 'refused', error: 'RoutingNumberInvalid' };
      try {
        const bank = await routingDirectory.lookup(routingNumber);
        return bank ? { kind: 'found', bank } : { kind: 'unknown' };
      } catch {
        return { kind: 'refused', error: 'RoutingLookup' };
      }
    },
  };
}
