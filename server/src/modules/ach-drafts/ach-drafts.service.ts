import {
  accountCategory,
  type AchDraftPreviewRequest,
  calendarDateIn,
  type CalendarDate,
  daysBeforeDueWording,
  RECURRING_OPTIONS,
  scheduleWording,
  scheduleWordingTextsOf,
  type ScheduleWordingTexts,
  isTimeZone,
  lastFourOf,
  thirdPartyFeeFor,
  thirdPartyFeeSettingsOf,
} from '@portal/domain';
import { agreementTypeCode, type SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import { readCdnFile } from '../../lib/cdn-files';
import type { Clock } from '../../lib/clock';
import type { PdfBranding } from '../../lib/pdf/branded-pdf';
import { createToken, hashToken } from '../../lib/tokens';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { readInstitutionWithin } from '../institutions/institutions.service';
import { DOWNLOAD_TOKEN_MS } from '../downloads/download-tokens.service';
import { savedAchAccount } from '../payment-methods/payment-methods.service';
import { AUTHORIZATION_TITLE, authorizationTitle, renderAchDraftPdf } from './ach-draft-pdf';
import {
  type AchDraftPreviewRow,
  findAchDraft,
  findBorrowerNames,
  findLatestAchDraftPreview,
  findLiveAchDraftPreview,
  findLiveAchDraftPreviewByToken,
  markAchDraftPreviewOpened,
  insertAchDraft,
  insertAchDraftPreview,
  listAchDrafts,
} from './ach-drafts.repository';

/** The terms an ACH draft agreement states (money in whole cents). */
export interface AchDraftTerms {
  amountCents: number;
  additionalPrincipalCents: number;
  /** The processing fee: first-party plus third-party fee of a recurring ACH payment. */
  feesCents: number;
  daysBeforeDue: number;
  accountType: 'Checking' | 'Savings';
  lastFour: string;
  /** The recurring option previewed (migration 0024), or null for a preview made without it. */
  recurringOption: string | null;
  /** The first payment date previewed (date-based options), or null. */
  firstDate: string | null;
}

/**
 * How long a preview's token stays good for the submit: the borrower opens the preview, reads
 * it, agrees and submits (spec 001 does not say; decided as 30 minutes of reading time). The
 * submit needs the borrower's session too; the PDF itself opens once, in the token's first
 * minute (renderPreview).
 */
export const ACH_DRAFT_PREVIEW_MS = 30 * 60_000;

/**
 * The agreement record of a recurring ACH authorization (spec 001 "Server agreement record").
 * It is not one of the institution's configured agreements (host numbers 11337 and up), so its
 * AgreementType is 0, which no configured agreement has; WhenToAgree is 'ach' (2).
 */
export const ACH_DRAFT_AGREEMENT_RECORD = {
  nameOfTerms: AUTHORIZATION_TITLE,
  agreementType: 0,
  whenToAgree: agreementTypeCode('ach'),
} as const;

/**
 * The schedule a preview shows, in the institution's words (`texts`, as the signed authorization
 * uses). With the recurring option the portal now sends (and the first date of a date-based one)
 * it is the schedule the borrower signs. Without it the preview call carries only daysBeforeDue
 * (spec 001 section 7): days above 0 are the days-before-due wording; 0 is either 'on your due
 * date' or another frequency, so the preview names no schedule it cannot know (in the document's
 * own English, as its other labels).
 */
export function previewScheduleText(
  preview: { daysBeforeDue: number; recurringOption: string | null; firstDate: string | null },
  texts: ScheduleWordingTexts,
): string {
  const option = RECURRING_OPTIONS.find((known) => known === preview.recurringOption);
  if (option && (option === 'DaysBeforeDue' || preview.firstDate)) {
    return scheduleWording(
      {
        RecurringOption: option,
        Date: preview.firstDate ?? '',
        NumberOfDays: preview.daysBeforeDue,
      },
      texts,
    );
  }
  return preview.daysBeforeDue > 0
    ? daysBeforeDueWording(preview.daysBeforeDue, texts)
    : 'As chosen for this payment';
}

function asAccountType(value: string): AchDraftTerms['accountType'] {
  if (value === 'Checking' || value === 'Savings') return value;
  throw new Error(`Not an ACH account type: ${value}`);
}

function termsOf(row: AchDraftPreviewRow): AchDraftTerms {
  return {
    amountCents: row.amount_cents,
    additionalPrincipalCents: row.additional_principal_cents,
    feesCents: row.first_party_fee_cents + row.third_party_fee_cents,
    daysBeforeDue: row.days_before_due,
    accountType: asAccountType(row.account_type),
    lastFour: row.last_four,
    recurringOption: row.recurring_option,
    firstDate: row.first_date,
  };
}

/**
 * The terms of the preview this user made for this loan, while it is unexpired; undefined for
 * an unknown or expired token, another user's, or another loan's. The token is not spent: a
 * retried submit presents it again, and it expires on its own (ACH_DRAFT_PREVIEW_MS).
 */
async function verifyPreviewToken(
  db: Kysely<Database>,
  caller: { institutionId: number; userId: string },
  token: string,
  loanNumber: string,
  now: Date,
): Promise<AchDraftTerms | undefined> {
  if (token.length === 0 || token.length > 200) return undefined;
  const row = await findLiveAchDraftPreview(db, caller, hashToken(token), now);
  // The borrower agrees to what the preview showed: one never opened is no agreement (spec 001
  // section 2, Confirm disabled until the preview was opened; the server decides).
  return row && row.loan_number === loanNumber && row.opened_at !== null ? termsOf(row) : undefined;
}

/** The borrower's name as the portal shows it (the customer's personal name). */
async function borrowerNameOf(
  db: Kysely<Database>,
  caller: { institutionId: number; userId: string },
): Promise<string> {
  const row = await findBorrowerNames(db, caller);
  if (!row) return '';
  if (row.personal_name.trim() !== '') return row.personal_name.trim();
  return [row.first_name, row.middle_name, row.last_name]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

/** The authorization wording: the institution's ACH draft agreement text. */
function authorizationHtml(settings: SettingsAccessor): string {
  return settings.get('achDraftAgreementTexts.dialogRichText');
}

/**
 * The institution's branding, time zone and settings read through `db` only (the caller's
 * transaction: on PGlite a second connection inside a transaction waits forever). The same
 * figures as the app's pdfBranding.
 */
async function institutionWithin(
  db: Kysely<Database>,
  institutionId: number,
  cdnRoots: readonly string[],
) {
  const { institution, settings, timeZone } = await readInstitutionWithin(db, institutionId);
  const logo = institution
    ? await readCdnFile(cdnRoots, institution.cdnFolder, settings.get('themeOptions.logoFullPath'))
    : undefined;
  const branding: PdfBranding = {
    institutionName: institution?.name ?? '',
    primaryColor: settings.get('themeOptions.primaryColor'),
    ...(logo ? { logoSvg: logo.toString('utf8') } : {}),
  };
  return { branding, settings, timeZone };
}

/** The institution's time zone of its published settings (UTC if it is not one). */
function zoneOf(settings: SettingsAccessor): string {
  const zone = settings.get('localeOptions.institutionTimeZone');
  return isTimeZone(zone) ? zone : 'UTC';
}

/**
 * Stores the signed recurring ACH authorization with the caller's transaction `db` (nothing else
 * touches the database): the PDF as signed, and the agreement record (spec 001 "Server agreement
 * record": NameOfTerms 'Recurring ACH Authorization', AccountNumber the loan, IPAddress when
 * known, DateOfAgreement now, DateOfTerms today in the institution's time zone, AgreementType
 * and WhenToAgree as ACH_DRAFT_AGREEMENT_RECORD). Answers the draft's id.
 *
 * The PDF shows the time signed in the institution's time zone, naming it. `options.branding` may be resolved before the transaction (the app's
 * pdfBranding), else it is read through `db`, the logo from `cdnRoots`.
 */
async function recordAuthorization(
  cdnRoots: readonly string[],
  db: Kysely<Database>,
  caller: { institutionId: number; userId: string },
  input: {
    loanNumber: string;
    recurringPaymentId: string;
    terms: AchDraftTerms;
    scheduleText: string;
    firstDate: string;
  },
  now: Date,
  options: { ipAddress?: string; branding?: PdfBranding } = {},
): Promise<string> {
  const { terms } = input;
  const [institution, borrowerName, preview] = await Promise.all([
    institutionWithin(db, caller.institutionId, cdnRoots),
    borrowerNameOf(db, caller),
    findLatestAchDraftPreview(db, caller, input.loanNumber),
  ]);
  // The preview's split of the fees when it is the same total; else all of it as one fee line
  // (the document shows the fees' total and the charged amount only).
  const split =
    preview && preview.first_party_fee_cents + preview.third_party_fee_cents === terms.feesCents
      ? { first: preview.first_party_fee_cents, third: preview.third_party_fee_cents }
      : { first: terms.feesCents, third: 0 };
  const localTimeOffset = preview?.local_time_offset ?? 0;
  const document = await renderAchDraftPdf({
    branding: options.branding ?? institution.branding,
    preview: false,
    borrowerName,
    loanNumber: input.loanNumber,
    accountType: terms.accountType,
    lastFour: terms.lastFour,
    amountCents: terms.amountCents,
    additionalPrincipalCents: terms.additionalPrincipalCents,
    firstPartyFeeCents: split.first,
    thirdPartyFeeCents: split.third,
    scheduleText: input.scheduleText,
    firstDate: input.firstDate,
    at: now,
    timeZone: institution.timeZone,
    authorizationHtml: authorizationHtml(institution.settings),
  });
  const id = randomUUID();
  await insertAchDraft(db, {
    id,
    institution_id: caller.institutionId,
    user_id: caller.userId,
    loan_number: input.loanNumber,
    recurring_payment_id: input.recurringPaymentId,
    amount_cents: terms.amountCents,
    additional_principal_cents: terms.additionalPrincipalCents,
    fees_cents: terms.feesCents,
    days_before_due: terms.daysBeforeDue,
    account_type: terms.accountType,
    last_four: terms.lastFour,
    schedule_text: input.scheduleText,
    first_date: input.firstDate,
    local_time_offset: localTimeOffset,
    created_at: now,
    document,
  });
  await createBorrowersService({ db }).recordAgreements([
    {
      institutionId: caller.institutionId,
      userId: caller.userId,
      nameOfTerms: ACH_DRAFT_AGREEMENT_RECORD.nameOfTerms,
      accountNumber: input.loanNumber,
      ipAddress: options.ipAddress ?? '',
      dateOfAgreement: now,
      dateOfTerms: calendarDateIn(institution.timeZone, now),
      agreementType: ACH_DRAFT_AGREEMENT_RECORD.agreementType,
      whenToAgree: ACH_DRAFT_AGREEMENT_RECORD.whenToAgree,
    },
  ]);
  return id;
}

// ---------------------------------------------------------------------------------------------
// The calls

export interface AchDraftCaller {
  institutionId: number;
  userId: string;
  customerId: string;
  today: CalendarDate;
}

export type AchDraftOutcome<T> = { kind: 'ok'; value: T } | { kind: 'notFound' };

export interface AchDraftPdf {
  title: string;
  pdf: Uint8Array;
}

/**
 * What the recurring submit asks of the ACH draft agreements inside its own transaction (`db`):
 * whether a preview token still stands for the loan's terms, and storing the signed authorization.
 * app.ts builds it once with the app's clock and branding folders and hands it to the payments
 * module.
 */
export interface AchDraftAuthorizations {
  verifyPreviewToken(
    db: Kysely<Database>,
    caller: { institutionId: number; userId: string },
    token: string,
    loanNumber: string,
    now?: Date,
  ): Promise<AchDraftTerms | undefined>;
  recordAuthorization(
    db: Kysely<Database>,
    caller: { institutionId: number; userId: string },
    input: Parameters<typeof recordAuthorization>[3],
    now?: Date,
    options?: { ipAddress?: string; branding?: PdfBranding },
  ): Promise<string>;
}

export function createAchDraftAuthorizations(options: {
  clock: Clock;
  /** Folders holding `<cdn folder>/...` branding files (the signed PDF's logo). */
  cdnRoots: readonly string[];
}): AchDraftAuthorizations {
  const { clock, cdnRoots } = options;
  return {
    verifyPreviewToken: (db, caller, token, loanNumber, now = clock.now()) =>
      verifyPreviewToken(db, caller, token, loanNumber, now),
    recordAuthorization: (db, caller, input, now = clock.now(), extra = {}) =>
      recordAuthorization(cdnRoots, db, caller, input, now, extra),
  };
}

export interface AchDraftsService {
  /** PrepareAchDraftAgreementPreview: the preview's token. */
  prepare(
    caller: AchDraftCaller,
    request: AchDraftPreviewRequest,
  ): Promise<AchDraftOutcome<string>>;
  /**
   * RenderACHDraftAgreementPreview: the preview under the token while it is live, for the user
   * who made it (`sessionUserId`, when the request has a session, must be that user).
   */
  renderPreview(input: {
    institutionId: number;
    token: string;
    sessionUserId: string | undefined;
  }): Promise<AchDraftOutcome<AchDraftPdf>>;
  /** GetACHDrafts: the user's authorizations, newest first. */
  list(owner: {
    institutionId: number;
    userId: string;
  }): Promise<{ id: string; loanNumber: string; createdAt: Date }[]>;
  /** RenderACHDraftAgreement: one of the user's authorizations. */
  open(
    owner: { institutionId: number; userId: string },
    id: string,
  ): Promise<AchDraftOutcome<AchDraftPdf>>;
}

export function createAchDraftsService(options: {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  settings(institutionId: number): Promise<SettingsAccessor>;
  pdfBranding(institutionId: number): Promise<PdfBranding>;
}): AchDraftsService {
  const { db, clock, core } = options;
  const notFound = { kind: 'notFound' } as const;

  /** The recurring ACH payment's first- and third-party fees on this loan (server's figures). */
  async function recurringAchFees(
    institutionId: number,
    firstPartyCents: number,
  ): Promise<{ first: number; third: number }> {
    const settings = await options.settings(institutionId);
    // The domain's one projection of the fee settings (as the submit reads them).
    const third = thirdPartyFeeFor(
      {
        IsAch: true,
        IsCreditCard: false,
        IsDebitCard: false,
        IsImmediate: false,
        IsOneTime: false,
        IsRecurring: true,
      },
      thirdPartyFeeSettingsOf(settings),
    );
    return { first: firstPartyCents, third: third ?? 0 };
  }

  return {
    async prepare(caller, request) {
      const customer = { institutionId: caller.institutionId, customerId: caller.customerId };
      const number = request.LoanAccountNumber;
      // Ownership: another customer's loan, a deposit account and a missing one answer alike.
      const account = await core.findAccount(customer, number, caller.today);
      const category = account ? accountCategory(account.type) : undefined;
      if (category !== 'loan' && category !== 'lineOfCredit') return notFound;
      const paymentTerms = await core.paymentTerms(customer, number, caller.today);
      if (!paymentTerms) return notFound;

      let accountType: AchDraftTerms['accountType'];
      let lastFour: string;
      if ('ProfileId' in request.AchInfo) {
        // A saved method: the caller's own, and its type and last four as saved (not as sent).
        const saved = await savedAchAccount(db, caller, request.AchInfo.ProfileId);
        if (!saved) return notFound;
        accountType = asAccountType(saved.accountType);
        lastFour = saved.lastFour;
      } else {
        // A new account (not saved yet): its last four only are kept.
        accountType = request.AchInfo.AccountType;
        lastFour = lastFourOf(request.AchInfo.AccountNumber);
      }

      const fees = await recurringAchFees(
        caller.institutionId,
        paymentTerms.fees.recurringAchCents,
      );
      // Spec 001 section 7: the preview carries Amount, the payment amount (the submit's
      // PaymentAmount), and AdditionalPrincipal; the fees are the server's own figures, kept
      // beside it. The agreement's charged amount (section 9: payment amount plus first- and
      // third-party fees) is computed from these when the document is drawn, never sent. The
      // recurring submit compares these terms with its own (draftTermsMatch): same payment
      // amount, additional principal and fees. Amount and AdditionalPrincipal arrive in cents
      // (the request schema decodes the wire's dollars).
      const token = createToken();
      const now = clock.now();
      await insertAchDraftPreview(
        db,
        {
          token_hash: hashToken(token),
          institution_id: caller.institutionId,
          user_id: caller.userId,
          loan_number: number,
          amount_cents: request.Amount,
          additional_principal_cents: request.AdditionalPrincipal,
          first_party_fee_cents: fees.first,
          third_party_fee_cents: fees.third,
          days_before_due: request.daysBeforeDue,
          recurring_option: request.RecurringOption ?? null,
          // Only a date-based option starts on a chosen date; days-before-due follows the loan.
          first_date:
            request.RecurringOption && request.RecurringOption !== 'DaysBeforeDue'
              ? (request.Date?.slice(0, 10) ?? null)
              : null,
          account_type: accountType,
          last_four: lastFour,
          local_time_offset: request.LocalTimeOffset,
          created_at: now,
          expires_at: new Date(now.getTime() + ACH_DRAFT_PREVIEW_MS),
        },
        now,
      );
      return { kind: 'ok', value: token };
    },

    async renderPreview(input) {
      if (input.token.length === 0 || input.token.length > 200) return notFound;
      const now = clock.now();
      const row = await findLiveAchDraftPreviewByToken(
        db,
        input.institutionId,
        hashToken(input.token),
        now,
      );
      if (!row) return notFound;
      // Bound to its user: another signed-in user of the browser gets nothing.
      if (input.sessionUserId !== undefined && input.sessionUserId !== row.user_id) return notFound;
      // The address in the tab is a bearer link (the tab carries no session on the mobile app):
      // it opens the PDF once, within a download token's minute of Prepare, like the other
      // download tokens; a later GET of it (a browser history, a shared link) gets nothing. The
      // token itself stays good for the submit (ACH_DRAFT_PREVIEW_MS), which needs the session;
      // the preview button asks for a new token on every click.
      const first = await markAchDraftPreviewOpened(
        db,
        input.institutionId,
        row.token_hash,
        now,
        new Date(now.getTime() - DOWNLOAD_TOKEN_MS),
      );
      if (!first) return notFound;
      const owner = { institutionId: input.institutionId, userId: row.user_id };
      const [branding, settings, borrowerName] = await Promise.all([
        options.pdfBranding(input.institutionId),
        options.settings(input.institutionId),
        borrowerNameOf(db, owner),
      ]);
      const pdf = await renderAchDraftPdf({
        branding,
        preview: true,
        borrowerName,
        loanNumber: row.loan_number,
        accountType: asAccountType(row.account_type),
        lastFour: row.last_four,
        amountCents: row.amount_cents,
        additionalPrincipalCents: row.additional_principal_cents,
        firstPartyFeeCents: row.first_party_fee_cents,
        thirdPartyFeeCents: row.third_party_fee_cents,
        scheduleText: previewScheduleText(
          {
            daysBeforeDue: row.days_before_due,
            recurringOption: row.recurring_option,
            firstDate: row.first_date,
          },
          scheduleWordingTextsOf(settings),
        ),
        ...(row.first_date ? { firstDate: row.first_date } : {}),
        at: now,
        timeZone: zoneOf(settings),
        authorizationHtml: authorizationHtml(settings),
      });
      return {
        kind: 'ok',
        value: { title: `${AUTHORIZATION_TITLE} Preview ${row.loan_number}`, pdf },
      };
    },

    async list(owner) {
      const rows = await listAchDrafts(db, owner);
      return rows.map((row) => ({
        id: row.id,
        loanNumber: row.loan_number,
        createdAt: row.created_at,
      }));
    },

    async open(owner, id) {
      const row = await findAchDraft(db, owner, id);
      if (!row) return notFound;
      const timeZone = zoneOf(await options.settings(owner.institutionId));
      return {
        kind: 'ok',
        value: {
          title: authorizationTitle(row.loan_number, row.created_at, timeZone),
          pdf: row.document,
        },
      };
    },
  };
}
