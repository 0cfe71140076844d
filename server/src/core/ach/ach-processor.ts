import type { CalendarDate, Cents } from '@portal/domain';
import type { NachaChangeNotice, NachaReturn } from './nacha-returns';

/**
 * The ACH processor (the institution's ODFI side): it takes each bank-account payment as a WEB
 * debit and sends each processing day's debits as NACHA files. The built-in processor
 * (`builtin-ach-processor.ts`) keeps the debits in its own table and seals them into NACHA files
 * written with `nacha-file.ts`; staff make and download them in the admin app. A real processor
 * replaces it by configuration (BuildAppOptions.achProcessor).
 *
 * A file is sealed once made: the same bytes every time it is asked for, and a debit is in
 * exactly one file. Debits that come after a day's file was made wait for the day's next file
 * (the next File ID Modifier: A, B, ... Z, 0, ... 9). A debit is sent once it is in a sealed
 * file: only then has the borrower's money been asked for, and only then does the portal post
 * its payment to the core (`AchDebitOutcome.sent`; modules/payments/payment-settlement.ts).
 *
 * The account number exists in plain text only in memory during `submitDebit` and while a file
 * is made or read; the built-in processor stores it, and the files, encrypted.
 */
export interface AchDebitRequest {
  institutionId: number;
  /**
   * The caller's key for this debit (a payment occurrence's id). A repeat with the same key
   * answers the first trace number and queues nothing more, also when two instances send it at
   * once.
   */
  idempotencyKey: string;
  /** The day the debit settles (the payment's date, a business day). */
  effectiveDate: CalendarDate;
  routingNumber: string;
  accountNumber: string;
  accountType: 'Checking' | 'Savings';
  /** The receiver (the account owner's name). */
  ownerName: string;
  /** The loan number: the entry's individual identification number. */
  loanNumber: string;
  amountCents: Cents;
  /**
   * One of a series of debits under the borrower's recurring authorization (a recurring
   * payment's ACH draft agreement): the WEB entry's payment type code is R. Absent or false: a
   * single entry, S. Not part of what makes the debit this debit (a repeat under its key that
   * says otherwise is the same debit, filed as first told).
   */
  recurring?: boolean;
}

export type AchDebitOutcome =
  | {
      status: 'accepted' | 'alreadyAccepted';
      traceNumber: string;
      /**
       * The debit was sent: it is in a sealed file, handed to the ODFI for the network. False
       * while it waits for its processing day's file. A repeat under the key answers where the
       * debit is now, so asking again is how a caller learns it was sent (a processor that sends
       * each debit at once answers true from the start).
       */
      sent: boolean;
    }
  | { status: 'refused'; error: 'RoutingNumberInvalid' | 'InvalidInfo' };

/** A sealed NACHA file of a processing day, without its bytes. */
export interface AchSealedFile {
  /** The File ID Modifier: A for the day's first file, then B... Z, 0... 9. */
  fileIdModifier: string;
  entries: number;
  totalDebitCents: Cents;
  /** When it was made (sealed). */
  sealedAt: Date;
}

/** A sealed NACHA file with its bytes: the same every time it is read. */
export interface AchDayFile extends AchSealedFile {
  institutionId: number;
  /** The processing day its debits were taken on: the file creation date of its header. */
  date: CalendarDate;
  /** The NACHA file, 94-character records. */
  content: string;
}

/** A processing day with debits: its sealed files, and what waits for its next file. */
export interface AchProcessingDay {
  date: CalendarDate;
  /** All the day's debits, filed or not. */
  entries: number;
  totalDebitCents: Cents;
  /** Oldest (A) first. */
  files: AchSealedFile[];
  /** The debits in no file yet. */
  pending: { entries: number; totalDebitCents: Cents };
}

/** A day already has its 36 files (A-Z, 0-9): NACHA has no modifier for another. */
export class AchFileModifiersUsedUpError extends Error {
  constructor(readonly date: CalendarDate) {
    super(`ACH processor: ${date} has its 36 files (A-Z, 0-9) already`);
    this.name = 'AchFileModifiersUsedUpError';
  }
}

/**
 * A file asked for with the debits it must hold (staff confirmed a count and a total) found
 * others waiting under the day's lock: no file was made. `pending` is what waits now.
 */
export class AchFileContentsChangedError extends Error {
  constructor(
    readonly date: CalendarDate,
    readonly pending: { entries: number; totalDebitCents: number },
  ) {
    super(`ACH processor: what waits for a file of ${date} is not what was expected`);
    this.name = 'AchFileContentsChangedError';
  }
}

/**
 * A bank account to validate before its first WEB debit (NACHA's WEB debit rule; see
 * account-validation.ts). How the processor validates (a prenote, micro-deposits, a validation
 * service) is its own business; the answer is whether the account can take debits.
 */
export interface AchAccountValidationRequest {
  institutionId: number;
  routingNumber: string;
  accountNumber: string;
  accountType: 'Checking' | 'Savings';
}

/** 'invalid': the bank or the validation service says no such open account (a third party's word). */
export type AchAccountValidationOutcome = { status: 'valid' } | { status: 'invalid' };

/**
 * A return file the processor received for the institution's debits: the entries the borrowers'
 * banks sent back (returns, with their reason codes) and the corrections they asked for
 * (notifications of change), each naming the original entry by its trace number.
 */
export interface AchReturnFileReceived {
  institutionId: number;
  /** The day it was received (the institution's calendar day). */
  receivedDate: CalendarDate;
  fileIdModifier: string;
  returns: NachaReturn[];
  notices: NachaChangeNotice[];
}

/** A debit as the processor's report of a processing day lists it (no account number). */
export interface AchDebitRecord {
  /** The caller's key (the portal payment's id). */
  idempotencyKey: string;
  traceNumber: string;
  amountCents: Cents;
  processingDate: CalendarDate;
  /** In a sealed file: sent to the ODFI. */
  filed: boolean;
  /**
   * The return reason code (R01...) once a return file sent the debit back; null while it
   * stands. A notification of change is not a return.
   */
  returnReasonCode: string | null;
}

export interface AchProcessor {
  submitDebit(request: AchDebitRequest): Promise<AchDebitOutcome>;
  /** Validates an account number on its first use (NACHA WEB debit rule). */
  validateAccount(request: AchAccountValidationRequest): Promise<AchAccountValidationOutcome>;
  /** The processing days that have debits, newest first. */
  listDays(institutionId: number): Promise<AchProcessingDay[]>;
  /**
   * Makes the processing day's next file of its debits in no file yet, and seals it; undefined
   * when there are none. Safe with several server instances at once: each debit goes into
   * exactly one file, and a debit taken while the file is made waits for the next one.
   * Throws AchFileModifiersUsedUpError when the day has its 36 files. With `expected` (what staff
   * confirmed), the file is made only if the debits waiting are exactly that many for exactly that
   * total, checked under the same lock that makes it; else AchFileContentsChangedError, nothing
   * made.
   */
  sealNextFile(
    institutionId: number,
    date: CalendarDate,
    expected?: { entries: number; totalDebitCents: number },
  ): Promise<AchDayFile | undefined>;
  /**
   * The return files received for the institution's debits from `since` to today, oldest first.
   * At least once: a file comes again on every call while `since` reaches it, so the caller acts
   * on each return and notification once, by its original trace number. (The built-in processor
   * first receives what its test banks send back by today: see builtin-ach-processor.ts.)
   */
  receiveReturns(institutionId: number, since: CalendarDate): Promise<AchReturnFileReceived[]>;
  /**
   * The debits the processor took on a processing day (the institution's calendar day), in trace
   * order, with whether each was filed and came back.
   */
  listDebits(institutionId: number, processingDate: CalendarDate): Promise<AchDebitRecord[]>;
  /** A sealed file of a processing day, byte for byte as sealed; undefined when there is none. */
  dayFile(
    institutionId: number,
    date: CalendarDate,
    fileIdModifier: string,
  ): Promise<AchDayFile | undefined>;
}
