import type { CalendarDate, Cents } from '@portal/domain';

/**
 * The ACH processor (the institution's ODFI side): it takes each bank-account payment as a WEB
 * debit and sends each processing day's debits as one NACHA file. The built-in processor
 * (`builtin-ach-processor.ts`) keeps the debits in its own table and writes the day's file with
 * `nacha-file.ts`; staff download it in the admin app. A real processor replaces it by
 * configuration (BuildAppOptions.achProcessor).
 *
 * The account number exists in plain text only in memory during `submitDebit`; the built-in
 * processor stores it encrypted.
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
}

export type AchDebitOutcome =
  | { status: 'accepted' | 'alreadyAccepted'; traceNumber: string }
  | { status: 'refused'; error: 'RoutingNumberInvalid' | 'InvalidInfo' };

/** One processing day's file. */
export interface AchDayFile {
  institutionId: number;
  /** The file creation (processing) day. */
  date: CalendarDate;
  /** The NACHA file, 94-character records. */
  content: string;
  entries: number;
  totalDebitCents: Cents;
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

export interface AchProcessor {
  submitDebit(request: AchDebitRequest): Promise<AchDebitOutcome>;
  /** Validates an account number on its first use (NACHA WEB debit rule). */
  validateAccount(request: AchAccountValidationRequest): Promise<AchAccountValidationOutcome>;
  /** The processing days that have debits, newest first. */
  listDays(
    institutionId: number,
  ): Promise<{ date: CalendarDate; entries: number; totalDebitCents: Cents }[]>;
  /** The NACHA file of a processing day; undefined when the day has no debits. */
  dayFile(institutionId: number, date: CalendarDate): Promise<AchDayFile | undefined>;
}
