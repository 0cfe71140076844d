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

export interface AchProcessor {
  submitDebit(request: AchDebitRequest): Promise<AchDebitOutcome>;
  /** The processing days that have debits, newest first. */
  listDays(
    institutionId: number,
  ): Promise<{ date: CalendarDate; entries: number; totalDebitCents: Cents }[]>;
  /** The NACHA file of a processing day; undefined when the day has no debits. */
  dayFile(institutionId: number, date: CalendarDate): Promise<AchDayFile | undefined>;
}
