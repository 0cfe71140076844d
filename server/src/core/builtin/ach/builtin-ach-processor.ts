import {
  addBusinessDays,
  calendarDateIn,
  isAbaRoutingNumber,
  isAchAccountNumber,
  isCalendarDate,
  isTimeZone,
  type CalendarDate,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import type { DataProtector } from '../../../lib/data-protection';
import {
  AchFileContentsChangedError,
  AchFileModifiersUsedUpError,
  type AchDayFile,
  type AchDebitOutcome,
  type AchDebitRequest,
  type AchProcessor,
  type AchReturnFileReceived,
  type AchSealedFile,
} from '../../ach/ach-processor';
import {
  isAchChangeCode,
  isAchReturnCode,
  parseNachaReturnFile,
  writeNachaReturnFile,
  type AchChangeCode,
  type AchReturnCode,
  type NachaOriginalEntry,
} from '../../ach/nacha-returns';
import {
  insertReturnFile,
  lastReturnFileNumber,
  listReturnFilesSince,
  lockTestDebitsToReturn,
  markDebitsReturned,
} from './ach-returns.repository';
import {
  fileAchDebits,
  findAchDebitByKey,
  insertAchDebitOnce,
  listAchDebitDays,
  listDebitsOfDay,
  listUnfiledDebitsOfDay,
  lockProcessingDay,
  takeTraceSequence,
  type AchDebitRow,
} from './ach-debits.repository';
import {
  findAchFile,
  insertAchFile,
  lastAchFileNumber,
  listAchFiles,
  type AchFileListRow,
} from './ach-files.repository';
import {
  NACHA_FILE_ID_MODIFIERS,
  parseNachaFile,
  sanitizeNachaText,
  writeNachaFile,
  type NachaOriginator,
} from '../../ach/nacha-file';
import type { RoutingDirectory } from '../../ach/routing-directory';

/**
 * The ODFI (the institution's bank, which sends the debits to the ACH operator) of the built-in
 * processor, when the app is not given one. An invented routing number in the style of the demo
 * banks (institution identifier 9999, St. Louis district; it passes the ABA checksum and no bank
 * in the FedACH directory holds it): the built-in processor is a test-mode stand-in, and a file it
 * writes is meant to be read, not sent. A real ODFI's routing number and name go here in
 * production (createBuiltinAchProcessor's `odfi`), or a real processor replaces this one.
 */
export const BUILTIN_ODFI = {
  routingNumber: '081099991',
  name: 'Built-in test ODFI',
} as const;

/** The entry description the borrower's bank statement shows next to the company name. */
export const ACH_ENTRY_DESCRIPTION = 'LOAN PMT';

const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/** NACHA's amount field: ten digits of cents. */
const MAX_ENTRY_CENTS = 9_999_999_999;
/** NACHA's individual identification number field. */
const LOAN_NUMBER_LENGTH = 15;
/** NACHA's individual name field. */
const OWNER_NAME_LENGTH = 22;

/** A debit under a used idempotency key that is not the same debit: a caller's mistake. */
export class AchIdempotencyConflictError extends Error {
  constructor() {
    super('ACH processor: this idempotency key was used for a different debit');
    this.name = 'AchIdempotencyConflictError';
  }
}

/** What the processor needs to know of an institution. */
export interface AchInstitutionProfile {
  name: string;
  /** IANA time zone: processing days are its calendar days. */
  timeZone: string;
}

export interface BuiltinAchProcessorOptions {
  db: Kysely<Database>;
  clock: Clock;
  dataProtector: DataProtector;
  routingDirectory: RoutingDirectory;
  /** The institution's name and time zone (app.ts: `achInstitutionProfiles(institutions)`). */
  institution(institutionId: number): Promise<AchInstitutionProfile | undefined>;
  /** The ODFI; BUILTIN_ODFI when absent. */
  odfi?: { routingNumber: string; name: string };
}

/**
 * The institution's profile as the rest of the server sees it: the name, and the published
 * `localeOptions.institutionTimeZone` (the zone the portal and the payment dates use), with the
 * institution row's zone as the fallback for a value that is not an IANA zone.
 */
export function achInstitutionProfiles(institutions: {
  findById(id: number): Promise<{ name: string; timeZone: string } | undefined>;
  settings(id: number): Promise<{ get(key: 'localeOptions.institutionTimeZone'): string }>;
}): (institutionId: number) => Promise<AchInstitutionProfile | undefined> {
  return async (institutionId) => {
    const institution = await institutions.findById(institutionId);
    if (!institution) return undefined;
    const published = (await institutions.settings(institutionId)).get(
      'localeOptions.institutionTimeZone',
    );
    return {
      name: institution.name,
      timeZone: isTimeZone(published) ? published : institution.timeZone,
    };
  };
}

/**
 * The originator fields of an institution's file. The spec and the settings are silent on them,
 * so (decisions):
 * - immediate destination: the ODFI's routing number and name (the file goes to the ODFI);
 * - company identification and immediate origin: '9' and the institution's id in 9 digits.
 *   NACHA's identification code designator 9 is "a user-assigned number"; an institution's tax
 *   id (designator 1) is not among its settings. The same 10 characters serve as the immediate
 *   origin, which the ODFI agrees with the originator;
 * - immediate origin name and company name: the institution's name (the company name, cut to 16
 *   characters, is what the borrower's bank statement shows);
 * - entry description: 'LOAN PMT'.
 */
export function achOriginatorOf(
  institutionId: number,
  institutionName: string,
  odfi: { routingNumber: string; name: string },
): NachaOriginator {
  const identification = `9${String(institutionId).padStart(9, '0')}`;
  return {
    immediateDestination: odfi.routingNumber,
    immediateDestinationName: odfi.name,
    immediateOrigin: identification,
    immediateOriginName: institutionName,
    companyName: institutionName,
    companyIdentification: identification,
    companyEntryDescription: ACH_ENTRY_DESCRIPTION,
    originatingDfi: odfi.routingNumber,
  };
}

/**
 * The effective entry date of a processing day's file (decision): the next business day after
 * the processing day on the Federal Reserve calendar, i.e. ordinary next-day settlement of a file
 * the ODFI sends at the end of the day (no same-day ACH). A payment made today before the ACH
 * cutoff has today as its payment date; the core credits the loan on that date and the
 * borrower's bank settles the debit the next business day. A file of a weekend or holiday
 * settles on the next business day too.
 */
export function achSettlementDate(processingDate: CalendarDate): CalendarDate {
  return addBusinessDays(processingDate, 1);
}

function traceNumberOf(odfiRoutingNumber: string, sequence: number): string {
  return odfiRoutingNumber.slice(0, 8) + String(sequence).padStart(7, '0');
}

/** Why the request cannot be a NACHA entry, or undefined when it can. */
function requestIssue(
  request: AchDebitRequest,
  processingDate: CalendarDate,
): 'RoutingNumberInvalid' | 'InvalidInfo' | undefined {
  if (!isAbaRoutingNumber(request.routingNumber)) return 'RoutingNumberInvalid';
  if (!isAchAccountNumber(request.accountNumber)) return 'InvalidInfo';
  if (request.accountType !== 'Checking' && request.accountType !== 'Savings') return 'InvalidInfo';
  if (sanitizeNachaText(request.ownerName, OWNER_NAME_LENGTH) === '') return 'InvalidInfo';
  // A loan number longer than the field would be cut, and a return could not be matched to it.
  const loanNumber = sanitizeNachaText(request.loanNumber, 100);
  if (loanNumber === '' || loanNumber.length > LOAN_NUMBER_LENGTH) return 'InvalidInfo';
  if (request.amountCents > MAX_ENTRY_CENTS) return 'InvalidInfo';
  if (!isCalendarDate(request.effectiveDate)) return 'InvalidInfo';
  // Decision: a debit is sent on (or after) its payment's date. One dated later than the day's
  // file settles would take the borrower's money early, so it is refused rather than filed.
  if (request.effectiveDate > achSettlementDate(processingDate)) return 'InvalidInfo';
  return undefined;
}

/**
 * The built-in processor's account validation answers 'invalid' for these account numbers, the
 * industry's public test bank accounts that fail (Stripe's test mode: 000111111116 "no such
 * account", 000111111113 "account closed"); every other account that passes the account-number
 * rules is valid. Documented in the README.
 */
export const INVALID_TEST_ACCOUNT_NUMBERS: ReadonlySet<string> = new Set([
  '000111111116',
  '000111111113',
]);

/**
 * The built-in processor's test banks (documented in the README): a debit to one of these account
 * numbers is taken, filed and settled like any other, then comes back in a return file two banking
 * days after its settlement date (NACHA's time frame for R01-R03; an R10 may come up to 60 days
 * later, the test bank sends it at once). Stripe's test numbers where it has one (000222222227
 * insufficient funds, 000333333335 debit not authorized). The last one is taken and answered by a
 * notification of change: the account number is now NOC_CORRECTED_ACCOUNT_NUMBER.
 */
export const TEST_ACCOUNT_ANSWERS: ReadonlyMap<string, AchReturnCode | AchChangeCode> = new Map<
  string,
  AchReturnCode | AchChangeCode
>([
  ['000222222227', 'R01'],
  ['000444444440', 'R02'],
  ['000555555559', 'R03'],
  ['000333333335', 'R10'],
  ['000777777771', 'C01'],
]);
export const NOC_CORRECTED_ACCOUNT_NUMBER = '000777777788';

/** The day a test bank's return or notification of a debit of `processingDate` arrives. */
export function testReturnDate(processingDate: CalendarDate): CalendarDate {
  return addBusinessDays(achSettlementDate(processingDate), 2);
}

/** The test banks' routing number in their return files' headers (the ACH operator's). */
const RETURNING_BANK = { routingNumber: '011000015', name: 'Built-in test banks' } as const;

/** Thrown inside the transaction to roll it back: a concurrent duplicate wrote first. */
class DuplicateDebit extends Error {}

function sealedFileOf(row: AchFileListRow): AchSealedFile {
  return {
    fileIdModifier: row.file_id_modifier,
    entries: row.entries,
    totalDebitCents: row.total_debit_cents,
    sealedAt: row.sealed_at,
  };
}

/**
 * The built-in ACH processor: WEB debits in its own tables (ach_debits, ach_processing_days),
 * sealed into NACHA files (ach_files) written with nacha-file.ts. The account number and owner
 * name are kept only encrypted, and so is each sealed file, which holds them in clear for the
 * ODFI.
 *
 * Sealing (decisions):
 * - A file is made when the day's next file is asked for (sealNextFile), from the day's debits
 *   in no file yet, and kept as written: reading it again gives the same bytes, on any instance,
 *   whatever changes later (the writer's code, the institution's name). It is asked for by the
 *   portal's job at the institution's ACH cut-off, as a real processor batches the day's debits
 *   (modules/payments/ach-file-sealing.ts: the day's file at its cut-off, what came after it the
 *   next morning), and by staff's Make file in the admin app at any time. A debit is sent once
 *   in a file (`AchDebitOutcome.sent`, answered again on a repeat of its key).
 * - A file holds the debits of one processing day, and its header's file creation date is that
 *   day, with the time the last of them came in (as the file rebuilt on every download had). So
 *   the ODFI's duplicate check (immediate origin, creation date, modifier) never sees two files
 *   alike, and no two files of a creation date share a trace number, even when a day's late
 *   debits are filed the next morning. The modifier runs A-Z, 0-9 per institution and day: the
 *   day's 37th file is refused (AchFileModifiersUsedUpError). DECISION (issue 24 said "the next
 *   day's file has the next modifier"): a new creation date starts again at A, as the NACHA
 *   rules mean the modifier (it tells apart files of one origin and creation date); a second
 *   file of the same day takes B with none of A's entries (ach-files.test.ts).
 * - Two instances: the file is made under the lock of the day's ach_processing_days row, the
 *   lock every debit of the day holds from taking its trace sequence until it is written. So a
 *   file takes every debit numbered before it and none after, its trace numbers follow on from
 *   the previous file's without a gap, and the day's files are numbered one after the other.
 *   The database keeps the rest true whoever writes: a debit is in at most one file, of its own
 *   institution and day, and never leaves it (migration 0036).
 */
export function createBuiltinAchProcessor(options: BuiltinAchProcessorOptions): AchProcessor {
  const { db, clock, dataProtector, routingDirectory } = options;
  const odfi = options.odfi ?? BUILTIN_ODFI;
  if (!isAbaRoutingNumber(odfi.routingNumber)) {
    throw new Error(`ACH processor: ODFI routing number '${odfi.routingNumber}' is not valid`);
  }

  async function profileOf(institutionId: number): Promise<AchInstitutionProfile> {
    const profile = await options.institution(institutionId);
    if (!profile) throw new Error(`ACH processor: no institution ${institutionId}`);
    return profile;
  }

  // The fields that make a debit this debit (the key names one debit; a different one under it
  // is a mistake). Keyed, so the digest of a short account number cannot be guessed back.
  // Decision: not the effective date. A caller retrying after a lost answer on a later day sends
  // that day as the date of a payment that waited (payment-settlement.ts); it is still the same
  // debit, already in its day's file, and the repeat answers its trace number.
  const digestOf = (request: AchDebitRequest) =>
    dataProtector.digest(
      'ach-debit',
      JSON.stringify([
        request.routingNumber,
        request.accountNumber,
        request.accountType,
        request.ownerName,
        request.loanNumber,
        request.amountCents,
      ]),
    );

  function repeatOutcome(row: AchDebitRow, request: AchDebitRequest): AchDebitOutcome {
    if (!dataProtector.sameDigest(row.request_digest, digestOf(request))) {
      throw new AchIdempotencyConflictError();
    }
    // Sent once its day's file took it (a debit never leaves its file: migration 0036).
    return {
      status: 'alreadyAccepted',
      traceNumber: row.trace_number,
      sent: row.ach_file_id !== null,
    };
  }

  return {
    async validateAccount(request) {
      // Decision: the built-in processor's "validation service" is the account-number rules and
      // the test accounts above; it keeps nothing (the caller remembers validated accounts).
      if (!isAbaRoutingNumber(request.routingNumber)) return { status: 'invalid' };
      if (!isAchAccountNumber(request.accountNumber)) return { status: 'invalid' };
      // The routing directory is the pre-check setting's business (achRoutingPreCheckOption),
      // and an unlisted bank's debit is refused when it is sent: not looked up here.
      return INVALID_TEST_ACCOUNT_NUMBERS.has(request.accountNumber)
        ? { status: 'invalid' }
        : { status: 'valid' };
    },

    async submitDebit(request) {
      const { institutionId, idempotencyKey } = request;
      if (idempotencyKey === '' || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
        throw new RangeError(
          `An idempotency key has 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
        );
      }
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(
          `A debit is a positive whole number of cents, not ${request.amountCents}`,
        );
      }

      const earlier = await findAchDebitByKey(db, institutionId, idempotencyKey);
      if (earlier) return repeatOutcome(earlier, request);

      const now = clock.now();
      const { timeZone } = await profileOf(institutionId);
      const processingDate = calendarDateIn(timeZone, now);
      const issue = requestIssue(request, processingDate);
      if (issue) return { status: 'refused', error: issue };
      // Decision: the ODFI's operator returns an entry to a bank that is not an ACH participant,
      // so a number the routing directory does not list is refused like a failed checksum.
      if ((await routingDirectory.lookup(request.routingNumber)) === undefined) {
        return { status: 'refused', error: 'RoutingNumberInvalid' };
      }

      try {
        const written = await db.transaction().execute(async (trx) => {
          const sequence = await takeTraceSequence(trx, institutionId, processingDate);
          const row = await insertAchDebitOnce(trx, {
            institution_id: institutionId,
            idempotency_key: idempotencyKey,
            request_digest: digestOf(request),
            processing_date: processingDate,
            trace_sequence: sequence,
            trace_number: traceNumberOf(odfi.routingNumber, sequence),
            requested_effective_date: request.effectiveDate,
            routing_number: request.routingNumber,
            account_type: request.accountType,
            account_number_sealed: dataProtector.encrypt(request.accountNumber),
            owner_name_sealed: dataProtector.encrypt(request.ownerName),
            loan_number: request.loanNumber,
            amount_cents: request.amountCents,
            recurring: request.recurring === true,
            test_return: TEST_ACCOUNT_ANSWERS.get(request.accountNumber) ?? null,
            created_at: now,
          });
          if (!row) throw new DuplicateDebit();
          return row;
        });
        // A new debit waits for its day's file.
        return { status: 'accepted', traceNumber: written.trace_number, sent: false };
      } catch (error) {
        if (!(error instanceof DuplicateDebit)) throw error;
        // A concurrent duplicate wrote first: its trace number is the answer.
        const winner = await findAchDebitByKey(db, institutionId, idempotencyKey);
        if (!winner) throw new Error('ACH processor: a debit vanished');
        return repeatOutcome(winner, request);
      }
    },

    async listDays(institutionId) {
      const [days, files] = await Promise.all([
        listAchDebitDays(db, institutionId),
        listAchFiles(db, institutionId),
      ]);
      return days.map((day) => ({
        date: day.processing_date,
        entries: day.entries,
        totalDebitCents: day.total_cents,
        files: files
          .filter((file) => file.processing_date === day.processing_date)
          .map(sealedFileOf),
        pending: { entries: day.pending_entries, totalDebitCents: day.pending_cents },
      }));
    },

    async sealNextFile(institutionId, date, expected): Promise<AchDayFile | undefined> {
      if (!isCalendarDate(date)) return undefined;
      const { name, timeZone } = await profileOf(institutionId);
      return db.transaction().execute(async (trx) => {
        const locked = await lockProcessingDay(trx, institutionId, date);
        const rows = locked ? await listUnfiledDebitsOfDay(trx, institutionId, date) : [];
        if (expected) {
          const pending = {
            entries: rows.length,
            totalDebitCents: rows.reduce((sum, row) => sum + row.amount_cents, 0),
          };
          if (
            pending.entries !== expected.entries ||
            pending.totalDebitCents !== expected.totalDebitCents
          ) {
            throw new AchFileContentsChangedError(date, pending);
          }
        }
        const last = rows.at(-1);
        if (last === undefined) return undefined;
        const fileNumber = (await lastAchFileNumber(trx, institutionId, date)) + 1;
        const fileIdModifier = NACHA_FILE_ID_MODIFIERS[fileNumber - 1];
        if (fileIdModifier === undefined) throw new AchFileModifiersUsedUpError(date);

        const content = writeNachaFile({
          originator: achOriginatorOf(institutionId, name, odfi),
          effectiveEntryDate: achSettlementDate(date),
          // The file is made "when" its last debit came in: its creation date is the processing
          // day even when it is made the next morning (see above).
          createdAt: rows.reduce(
            (latest, row) => (row.created_at > latest ? row.created_at : latest),
            last.created_at,
          ),
          timeZone,
          fileIdModifier,
          debits: rows.map((row) => ({
            secCode: 'WEB' as const,
            accountType:
              row.account_type === 'Savings' ? ('Savings' as const) : ('Checking' as const),
            routingNumber: row.routing_number,
            accountNumber: dataProtector.decrypt(row.account_number_sealed),
            amountCents: row.amount_cents,
            individualId: row.loan_number,
            individualName: dataProtector.decrypt(row.owner_name_sealed),
            paymentType: row.recurring ? ('R' as const) : ('S' as const),
            traceSequence: row.trace_sequence,
          })),
        });
        // The file carries exactly the trace numbers the processor answered.
        const parsed = parseNachaFile(content);
        const traces = parsed.batches.flatMap((batch) => batch.entries.map((e) => e.traceNumber));
        if (traces.join() !== rows.map((row) => row.trace_number).join()) {
          throw new Error(`ACH processor: the file of ${date} lost its debits' trace numbers`);
        }

        const file = await insertAchFile(trx, {
          institution_id: institutionId,
          processing_date: date,
          file_number: fileNumber,
          file_id_modifier: fileIdModifier,
          entries: rows.length,
          total_debit_cents: parsed.totalDebitCents,
          content_sealed: dataProtector.encrypt(content),
          sealed_at: clock.now(),
        });
        const filed = await fileAchDebits(
          trx,
          file.id,
          rows.map((row) => row.id),
        );
        // Under the day's lock nothing else files them; were it to, nothing is sealed twice.
        if (filed !== rows.length) {
          throw new Error(`ACH processor: a debit of ${date} was filed while its file was made`);
        }
        return { institutionId, date, content, ...sealedFileOf(file) };
      });
    },

    /**
     * First receives what the test banks send back by today: the debits to test accounts that were
     * filed and whose return date has come, in one return file of today (under the lock of their
     * rows, so a debit comes back once with two instances). Then answers every return file
     * received since `since`.
     */
    async receiveReturns(institutionId, since): Promise<AchReturnFileReceived[]> {
      const { name, timeZone } = await profileOf(institutionId);
      const now = clock.now();
      const today = calendarDateIn(timeZone, now);
      await db.transaction().execute(async (trx) => {
        const due = (await lockTestDebitsToReturn(trx, institutionId)).filter(
          (row) => testReturnDate(row.processing_date) <= today,
        );
        if (due.length === 0) return;
        const fileNumber = (await lastReturnFileNumber(trx, institutionId, today)) + 1;
        const fileIdModifier = NACHA_FILE_ID_MODIFIERS[fileNumber - 1];
        if (fileIdModifier === undefined) throw new AchFileModifiersUsedUpError(today);
        const original = (row: (typeof due)[number]): NachaOriginalEntry => ({
          secCode: 'WEB',
          traceNumber: row.trace_number,
          routingNumber: row.routing_number,
          accountNumber: dataProtector.decrypt(row.account_number_sealed),
          accountType: row.account_type === 'Savings' ? 'Savings' : 'Checking',
          amountCents: row.amount_cents,
          individualId: row.loan_number,
          individualName: dataProtector.decrypt(row.owner_name_sealed),
        });
        const returns = due.flatMap((row) =>
          row.test_return !== null && isAchReturnCode(row.test_return)
            ? [{ original: original(row), reasonCode: row.test_return }]
            : [],
        );
        const notices = due.flatMap((row) =>
          row.test_return !== null && isAchChangeCode(row.test_return)
            ? [
                {
                  original: original(row),
                  changeCode: row.test_return,
                  correction: { accountNumber: NOC_CORRECTED_ACCOUNT_NUMBER },
                },
              ]
            : [],
        );
        const content = writeNachaReturnFile({
          originator: achOriginatorOf(institutionId, name, odfi),
          returningBank: RETURNING_BANK.routingNumber,
          returningBankName: RETURNING_BANK.name,
          effectiveEntryDate: today,
          createdAt: now,
          timeZone,
          fileIdModifier,
          returns,
          notices,
        });
        const file = await insertReturnFile(trx, {
          institution_id: institutionId,
          received_date: today,
          file_number: fileNumber,
          file_id_modifier: fileIdModifier,
          returns: returns.length,
          notices: notices.length,
          content_sealed: dataProtector.encrypt(content),
          received_at: now,
        });
        const marked = await markDebitsReturned(
          trx,
          file.id,
          due.map((row) => row.id),
        );
        if (marked !== due.length) {
          throw new Error('ACH processor: a debit came back twice while its return was made');
        }
      });
      if (!isCalendarDate(since)) return [];
      return (await listReturnFilesSince(db, institutionId, since)).map((row) => {
        const parsed = parseNachaReturnFile(dataProtector.decrypt(row.content_sealed));
        return {
          institutionId,
          receivedDate: row.received_date,
          fileIdModifier: row.file_id_modifier,
          returns: parsed.returns,
          notices: parsed.notices,
        };
      });
    },

    /**
     * A debit came back when a return file of the test banks sent it (ach_return_file_id) with a
     * return code; one they answered with a notification of change (C01...) still stands.
     */
    async listDebits(institutionId, processingDate) {
      if (!isCalendarDate(processingDate)) return [];
      const rows = await listDebitsOfDay(db, institutionId, processingDate);
      return rows.map((row) => ({
        idempotencyKey: row.idempotency_key,
        traceNumber: row.trace_number,
        amountCents: row.amount_cents,
        processingDate: row.processing_date,
        filed: row.ach_file_id !== null,
        returnReasonCode:
          row.ach_return_file_id !== null &&
          row.test_return !== null &&
          isAchReturnCode(row.test_return)
            ? row.test_return
            : null,
      }));
    },

    async dayFile(institutionId, date, fileIdModifier): Promise<AchDayFile | undefined> {
      if (!isCalendarDate(date) || !/^[A-Z0-9]$/.test(fileIdModifier)) return undefined;
      const row = await findAchFile(db, institutionId, date, fileIdModifier);
      if (!row) return undefined;
      return {
        institutionId,
        date,
        content: dataProtector.decrypt(row.content_sealed),
        ...sealedFileOf(row),
      };
    },
  };
}
