import { calendarDateIn, isAbaRoutingNumber, isCalendarDate, minuteOfDayIn } from '@portal/domain';
import type { CalendarDate } from '@portal/domain';

/**
 * The built-in ACH processor's output: one processing day's debits as a NACHA file (NACHA
 * Operating Rules, Appendix Three "ACH Record Format Specifications"). Records are 94 characters;
 * the file is padded with records of nines to a multiple of ten (blocking factor 10). Only
 * debits are written, so every batch is service class 225 and every credit total is zero.
 *
 * Written here rather than with a package: `nach2` declares no licence in its package metadata,
 * ships no types and depends on moment and async 2; `@ach/ach` and `@midlandsbank/node-nacha`
 * load plugins through `requireg` (global modules). `parseNachaFile` reads the output back so
 * tests, and the admin download, can prove the totals.
 */

export const NACHA_RECORD_LENGTH = 94;
export const NACHA_BLOCKING_FACTOR = 10;
/**
 * The File ID Modifiers in the order an originator uses them: A for its first file of a day, then
 * B... Z, then 0... 9. Immediate origin, file creation date and modifier tell its files apart, so
 * a day has at most 36.
 */
export const NACHA_FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MAX_TRACE_SEQUENCE = 9_999_999;

/** Debits only (service class code 225). */
const SERVICE_CLASS_DEBITS = '225';

export type NachaSecCode = 'WEB' | 'PPD';
export type NachaAccountType = 'Checking' | 'Savings';

/** Transaction codes of a debit: 27 checking, 37 savings. */
const DEBIT_TRANSACTION_CODES: Readonly<Record<NachaAccountType, string>> = {
  Checking: '27',
  Savings: '37',
};

/**
 * Who sends the file (the institution as Originator) and to whom (its ODFI or the ACH operator).
 */
export interface NachaOriginator {
  /** Routing number of the receiver of the file (ODFI or ACH operator), 9 digits. */
  immediateDestination: string;
  /** Up to 23 characters. */
  immediateDestinationName: string;
  /**
   * 10 characters as agreed with the ODFI: usually '1' plus the tax id, or a 9-digit routing
   * number (written with a leading space).
   */
  immediateOrigin: string;
  /** Up to 23 characters. */
  immediateOriginName: string;
  /** The name the borrower sees on the bank statement; up to 16 characters. */
  companyName: string;
  /** 10 characters, usually '1' plus the tax id. */
  companyIdentification: string;
  /** Up to 10 characters, e.g. 'LOAN PMT'. */
  companyEntryDescription: string;
  /** The ODFI's routing number; its first 8 digits start every trace number. */
  originatingDfi: string;
}

/** One borrower's debit. */
export interface AchDebit {
  /** WEB (authorised online, the portal's case) unless given. */
  secCode?: NachaSecCode;
  accountType: NachaAccountType;
  /** The borrower's bank (RDFI), 9 digits. */
  routingNumber: string;
  /** 1 to 17 digits. */
  accountNumber: string;
  /** Integer cents, 1 to 9,999,999,999. */
  amountCents: number;
  /** Up to 15 characters; the loan account number, so returns can be matched. */
  individualId: string;
  /** The account owner; sanitised and cut to 22 characters. */
  individualName: string;
  /**
   * WEB only, the entry's Payment Type Code (positions 77-78 of a WEB entry detail record): R one
   * of a series under a recurring authorisation, S a single entry. Default S. PPD has no such
   * field (its positions 77-78 are discretionary data, left blank).
   */
  paymentType?: 'R' | 'S';
  /**
   * The 7 digits after the ODFI's 8 in the trace number, when the entry has one already (a
   * processor answers it when it takes the debit). Either every debit has one or none does; then
   * the file numbers its entries 1, 2, 3... in the order written. Unique in the file and
   * ascending within each batch (NACHA: "in ascending sequence within a batch").
   */
  traceSequence?: number;
}

export interface NachaFileInput {
  originator: NachaOriginator;
  /** The day the debits settle, 'YYYY-MM-DD'. */
  effectiveEntryDate: CalendarDate;
  /** When the file is made, written as date and time in `timeZone`. */
  createdAt: Date;
  /** The institution's time zone (IANA name). */
  timeZone: string;
  /** A-Z or 0-9, to tell apart files made the same day. Default 'A'. */
  fileIdModifier?: string;
  debits: readonly AchDebit[];
}

/** An entry as written, with what the file added to it. */
export interface NachaEntry extends Required<Omit<AchDebit, 'paymentType' | 'traceSequence'>> {
  /** WEB entries only. */
  paymentType?: 'R' | 'S';
  transactionCode: string;
  traceNumber: string;
}

export interface NachaBatch {
  batchNumber: number;
  secCode: NachaSecCode;
  companyName: string;
  companyIdentification: string;
  companyEntryDescription: string;
  effectiveEntryDate: CalendarDate;
  originatingDfiIdentification: string;
  entries: NachaEntry[];
  entryHash: string;
  totalDebitCents: number;
  totalCreditCents: number;
}

export interface NachaFile {
  immediateDestination: string;
  immediateOrigin: string;
  immediateDestinationName: string;
  immediateOriginName: string;
  /** 'YYYY-MM-DD' */
  creationDate: CalendarDate;
  /** 'HHMM' */
  creationTime: string;
  fileIdModifier: string;
  batches: NachaBatch[];
  blockCount: number;
  entryAndAddendaCount: number;
  entryHash: string;
  totalDebitCents: number;
  totalCreditCents: number;
}

/** A debit the file cannot carry, or a file that does not parse; says which and where. */
export class NachaFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NachaFileError';
  }
}

// ---------------------------------------------------------------------------------------------
// Characters and fields (exported for nacha-returns.ts, the return and notification file's
// records, which share them)

/**
 * Text for an alphameric field: accents dropped, upper case, and anything outside a conservative
 * subset of NACHA's alphameric characters (A-Z, 0-9, space and & ' , - . / #) made a space;
 * spaces collapsed and the result cut to `length`. Every ODFI accepts this subset, and an owner
 * name such as 'José Núñez-O’Brien' still reads right: 'JOSE NUNEZ-O'BRIEN'.
 */
export function sanitizeNachaText(value: string, length: number): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘]/g, "'")
    .toUpperCase()
    .replace(/[^A-Z0-9 &',\-./#]/g, ' ')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, length)
    .trimEnd();
}

export function alpha(value: string, length: number): string {
  return sanitizeNachaText(value, length).padEnd(length, ' ');
}

export function numeric(value: number, length: number, name: string): string {
  const text = String(value);
  if (!Number.isSafeInteger(value) || value < 0 || text.length > length) {
    throw new NachaFileError(`${name} ${value} does not fit ${length} digits`);
  }
  return text.padStart(length, '0');
}

/** YYMMDD */
export function yymmdd(date: CalendarDate): string {
  return date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
}

function requireRoutingNumber(value: string, name: string): void {
  if (!isAbaRoutingNumber(value)) {
    throw new NachaFileError(`${name} '${value}' is not an ACH routing number`);
  }
}

/** The last 10 digits of the sum of the receiving DFIs' 8-digit identifications. */
export function entryHashOf(entries: readonly { routingNumber: string }[]): string {
  const sum = entries.reduce((total, entry) => total + BigInt(entry.routingNumber.slice(0, 8)), 0n);
  return String(sum % 10_000_000_000n).padStart(10, '0');
}

export function assertRecord(record: string): string {
  if (record.length !== NACHA_RECORD_LENGTH) {
    throw new Error(`NACHA record of ${record.length} characters: ${record}`);
  }
  return record;
}

// ---------------------------------------------------------------------------------------------
// Writing

const MAX_ENTRY_CENTS = 9_999_999_999;

function checkDebit(debit: AchDebit, index: number): void {
  const where = `debit ${index + 1}`;
  requireRoutingNumber(debit.routingNumber, `${where}: routing number`);
  if (!/^\d{1,17}$/.test(debit.accountNumber)) {
    throw new NachaFileError(`${where}: account number must be 1 to 17 digits`);
  }
  if (
    !Number.isSafeInteger(debit.amountCents) ||
    debit.amountCents < 1 ||
    debit.amountCents > MAX_ENTRY_CENTS
  ) {
    throw new NachaFileError(
      `${where}: amount must be 1 to ${MAX_ENTRY_CENTS} cents, got ${debit.amountCents}`,
    );
  }
  if (sanitizeNachaText(debit.individualName, 22) === '') {
    throw new NachaFileError(`${where}: individual name is empty once sanitised`);
  }
}

function checkInput(input: NachaFileInput): void {
  const { originator } = input;
  requireRoutingNumber(originator.immediateDestination, 'immediate destination');
  requireRoutingNumber(originator.originatingDfi, 'originating DFI');
  if (!/^[ 0-9A-Z]{10}$/.test(originator.immediateOrigin.padStart(10, ' '))) {
    throw new NachaFileError(
      `immediate origin '${originator.immediateOrigin}' must be up to 10 letters or digits`,
    );
  }
  if (!/^[0-9A-Z ]{1,10}$/.test(originator.companyIdentification)) {
    throw new NachaFileError(
      `company identification '${originator.companyIdentification}' must be up to 10 letters or digits`,
    );
  }
  if (!isCalendarDate(input.effectiveEntryDate)) {
    throw new NachaFileError(
      `effective entry date '${input.effectiveEntryDate}' is not YYYY-MM-DD`,
    );
  }
  if (!/^[A-Z0-9]$/.test(input.fileIdModifier ?? 'A')) {
    throw new NachaFileError(`file id modifier '${input.fileIdModifier ?? ''}' must be A-Z or 0-9`);
  }
  input.debits.forEach(checkDebit);
  const numbered = input.debits.filter((debit) => debit.traceSequence !== undefined);
  if (numbered.length > 0 && numbered.length < input.debits.length) {
    throw new NachaFileError('either every debit has its trace sequence or none does');
  }
  const seen = new Set<number>();
  input.debits.forEach((debit, index) => {
    const sequence = debit.traceSequence;
    if (sequence === undefined) return;
    if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > MAX_TRACE_SEQUENCE) {
      throw new NachaFileError(
        `debit ${index + 1}: trace sequence must be 1 to ${MAX_TRACE_SEQUENCE}, got ${sequence}`,
      );
    }
    if (seen.has(sequence)) {
      throw new NachaFileError(`debit ${index + 1}: trace sequence ${sequence} is used twice`);
    }
    seen.add(sequence);
  });
}

/**
 * The NACHA file for one processing day: one batch per SEC code (WEB first, then PPD), entries
 * in the order given, trace numbers the ODFI's 8 digits plus the debits' own trace sequences, or
 * else a sequence running through the file. Lines end in '\n' (ODFIs accept it;
 * `parseNachaFile` also reads CRLF).
 * Throws `NachaFileError` naming the first debit the file cannot carry.
 */
export function writeNachaFile(input: NachaFileInput): string {
  checkInput(input);
  const { originator } = input;
  const odfi = originator.originatingDfi.slice(0, 8);
  const creationDate = calendarDateIn(input.timeZone, input.createdAt);
  const minutes = minuteOfDayIn(input.timeZone, input.createdAt);
  const creationTime =
    String(Math.floor(minutes / 60)).padStart(2, '0') + String(minutes % 60).padStart(2, '0');

  const records: string[] = [
    assertRecord(
      '1' +
        '01' +
        ` ${originator.immediateDestination}` +
        originator.immediateOrigin.padStart(10, ' ') +
        yymmdd(creationDate) +
        creationTime +
        (input.fileIdModifier ?? 'A') +
        '094' +
        '10' +
        '1' +
        alpha(originator.immediateDestinationName, 23) +
        alpha(originator.immediateOriginName, 23) +
        ' '.repeat(8),
    ),
  ];

  let traceSequence = 0;
  let batchNumber = 0;
  let fileEntryCount = 0;
  let fileDebitCents = 0;
  const fileEntries: AchDebit[] = [];

  for (const secCode of ['WEB', 'PPD'] as const) {
    const debits = input.debits.filter((debit) => (debit.secCode ?? 'WEB') === secCode);
    if (debits.length === 0) continue;
    batchNumber += 1;
    const batchNumberText = numeric(batchNumber, 7, 'batch number');
    records.push(
      assertRecord(
        '5' +
          SERVICE_CLASS_DEBITS +
          alpha(originator.companyName, 16) +
          ' '.repeat(20) +
          originator.companyIdentification.padEnd(10, ' ') +
          secCode +
          alpha(originator.companyEntryDescription, 10) +
          ' '.repeat(6) +
          yymmdd(input.effectiveEntryDate) +
          '   ' +
          '1' +
          odfi +
          batchNumberText,
      ),
    );
    let batchDebitCents = 0;
    let lastSequence = 0;
    for (const debit of debits) {
      traceSequence += 1;
      const sequence = debit.traceSequence ?? traceSequence;
      if (sequence <= lastSequence) {
        throw new NachaFileError(
          `${secCode} batch: trace sequence ${sequence} comes after ${lastSequence}; a batch's ascend`,
        );
      }
      lastSequence = sequence;
      batchDebitCents += debit.amountCents;
      // WEB carries its payment type code in the discretionary data; PPD leaves it blank.
      const discretionary = secCode === 'WEB' ? `${debit.paymentType ?? 'S'} ` : '  ';
      records.push(
        assertRecord(
          '6' +
            DEBIT_TRANSACTION_CODES[debit.accountType] +
            debit.routingNumber +
            debit.accountNumber.padEnd(17, ' ') +
            numeric(debit.amountCents, 10, 'amount') +
            alpha(debit.individualId, 15) +
            alpha(debit.individualName, 22) +
            discretionary +
            '0' +
            odfi +
            numeric(sequence, 7, 'trace sequence'),
        ),
      );
    }
    records.push(
      assertRecord(
        '8' +
          SERVICE_CLASS_DEBITS +
          numeric(debits.length, 6, 'batch entry count') +
          entryHashOf(debits) +
          numeric(batchDebitCents, 12, 'batch debit total') +
          '0'.repeat(12) +
          originator.companyIdentification.padEnd(10, ' ') +
          ' '.repeat(19) +
          ' '.repeat(6) +
          odfi +
          batchNumberText,
      ),
    );
    fileEntryCount += debits.length;
    fileDebitCents += batchDebitCents;
    fileEntries.push(...debits);
  }

  const recordCount = records.length + 1;
  const blockCount = Math.ceil(recordCount / NACHA_BLOCKING_FACTOR);
  records.push(
    assertRecord(
      '9' +
        numeric(batchNumber, 6, 'batch count') +
        numeric(blockCount, 6, 'block count') +
        numeric(fileEntryCount, 8, 'entry count') +
        entryHashOf(fileEntries) +
        numeric(fileDebitCents, 12, 'file debit total') +
        '0'.repeat(12) +
        ' '.repeat(39),
    ),
  );
  while (records.length % NACHA_BLOCKING_FACTOR !== 0) {
    records.push('9'.repeat(NACHA_RECORD_LENGTH));
  }
  return records.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Reading

export function fromYymmdd(value: string, where: string): CalendarDate {
  const date = `20${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
  if (!isCalendarDate(date)) throw new NachaFileError(`${where}: '${value}' is not a YYMMDD date`);
  return date;
}

export function numberAt(record: string, from: number, to: number, where: string): number {
  const value = record.slice(from - 1, to);
  if (!/^\d+$/.test(value)) {
    throw new NachaFileError(`${where}: positions ${from}-${to} must be digits, got '${value}'`);
  }
  return Number(value);
}

export function textAt(record: string, from: number, to: number): string {
  return record.slice(from - 1, to).trim();
}

export function expectEqual(
  actual: string | number,
  expected: string | number,
  what: string,
): void {
  if (actual !== expected) {
    throw new NachaFileError(`${what} is ${actual}, the records add up to ${expected}`);
  }
}

function isSecCode(value: string): value is NachaSecCode {
  return value === 'WEB' || value === 'PPD';
}

function accountTypeOf(transactionCode: string, where: string): NachaAccountType {
  if (transactionCode === '27') return 'Checking';
  if (transactionCode === '37') return 'Savings';
  throw new NachaFileError(
    `${where}: transaction code ${transactionCode} is not a debit to checking (27) or savings (37)`,
  );
}

/**
 * Reads a NACHA file of debits back (the files `writeNachaFile` makes, WEB and PPD, no addenda)
 * and checks it: record lengths, record order, check digits, counts, entry hashes, totals and
 * blocking. Throws `NachaFileError` naming the line of the first problem.
 */
export function parseNachaFile(fileText: string): NachaFile {
  const lines = fileText
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((line, index) => {
    if (line.length !== NACHA_RECORD_LENGTH) {
      throw new NachaFileError(
        `line ${index + 1}: a record is 94 characters, this one has ${line.length}`,
      );
    }
  });
  if (lines.length === 0 || lines.length % NACHA_BLOCKING_FACTOR !== 0) {
    throw new NachaFileError(
      `the file has ${lines.length} records, not a whole number of blocks of 10`,
    );
  }

  let index = 0;
  const next = (): { record: string; where: string } => {
    const record = lines[index];
    index += 1;
    if (record === undefined)
      throw new NachaFileError(`the file ends before its file control record`);
    return { record, where: `line ${index}` };
  };

  const header = next();
  if (!header.record.startsWith('101') || header.record.slice(34, 40) !== '094101') {
    throw new NachaFileError(`${header.where}: not a file header (1, priority 01, 094, 10, 1)`);
  }
  const file: NachaFile = {
    immediateDestination: textAt(header.record, 4, 13),
    immediateOrigin: textAt(header.record, 14, 23),
    creationDate: fromYymmdd(header.record.slice(23, 29), header.where),
    creationTime: header.record.slice(29, 33),
    fileIdModifier: header.record.slice(33, 34),
    immediateDestinationName: textAt(header.record, 41, 63),
    immediateOriginName: textAt(header.record, 64, 86),
    batches: [],
    blockCount: 0,
    entryAndAddendaCount: 0,
    entryHash: '',
    totalDebitCents: 0,
    totalCreditCents: 0,
  };

  for (;;) {
    const { record, where } = next();
    if (record.startsWith('9')) {
      const allEntries = file.batches.flatMap((batch) => batch.entries);
      expectEqual(numberAt(record, 2, 7, where), file.batches.length, `${where}: batch count`);
      file.blockCount = numberAt(record, 8, 13, where);
      expectEqual(file.blockCount, lines.length / NACHA_BLOCKING_FACTOR, `${where}: block count`);
      file.entryAndAddendaCount = numberAt(record, 14, 21, where);
      expectEqual(file.entryAndAddendaCount, allEntries.length, `${where}: entry count`);
      file.entryHash = record.slice(21, 31);
      expectEqual(file.entryHash, entryHashOf(allEntries), `${where}: entry hash`);
      file.totalDebitCents = numberAt(record, 32, 43, where);
      expectEqual(
        file.totalDebitCents,
        allEntries.reduce((sum, entry) => sum + entry.amountCents, 0),
        `${where}: total debit`,
      );
      file.totalCreditCents = numberAt(record, 44, 55, where);
      expectEqual(file.totalCreditCents, 0, `${where}: total credit`);
      break;
    }
    if (!record.startsWith('5')) {
      throw new NachaFileError(`${where}: expected a batch header (5) or file control (9)`);
    }
    file.batches.push(parseBatch(record, where, next));
  }
  while (index < lines.length) {
    const { record, where } = next();
    if (record !== '9'.repeat(NACHA_RECORD_LENGTH)) {
      throw new NachaFileError(
        `${where}: after the file control only padding records of nines may follow`,
      );
    }
  }
  return file;
}

function parseBatch(
  header: string,
  headerWhere: string,
  next: () => { record: string; where: string },
): NachaBatch {
  const serviceClass = header.slice(1, 4);
  if (serviceClass !== SERVICE_CLASS_DEBITS) {
    throw new NachaFileError(
      `${headerWhere}: service class ${serviceClass}, only debits (225) are read`,
    );
  }
  const secCode = header.slice(50, 53);
  if (!isSecCode(secCode))
    throw new NachaFileError(`${headerWhere}: SEC code ${secCode} is not WEB or PPD`);
  const batch: NachaBatch = {
    batchNumber: numberAt(header, 88, 94, headerWhere),
    secCode,
    companyName: textAt(header, 5, 20),
    companyIdentification: textAt(header, 41, 50),
    companyEntryDescription: textAt(header, 54, 63),
    effectiveEntryDate: fromYymmdd(header.slice(69, 75), headerWhere),
    originatingDfiIdentification: header.slice(79, 87),
    entries: [],
    entryHash: '',
    totalDebitCents: 0,
    totalCreditCents: 0,
  };
  for (;;) {
    const { record, where } = next();
    if (record.startsWith('8')) {
      expectEqual(record.slice(1, 4), serviceClass, `${where}: service class`);
      expectEqual(numberAt(record, 5, 10, where), batch.entries.length, `${where}: entry count`);
      batch.entryHash = record.slice(10, 20);
      expectEqual(batch.entryHash, entryHashOf(batch.entries), `${where}: entry hash`);
      batch.totalDebitCents = numberAt(record, 21, 32, where);
      expectEqual(
        batch.totalDebitCents,
        batch.entries.reduce((sum, entry) => sum + entry.amountCents, 0),
        `${where}: total debit`,
      );
      batch.totalCreditCents = numberAt(record, 33, 44, where);
      expectEqual(batch.totalCreditCents, 0, `${where}: total credit`);
      expectEqual(record.slice(87, 94), header.slice(87, 94), `${where}: batch number`);
      return batch;
    }
    if (!record.startsWith('6'))
      throw new NachaFileError(`${where}: expected an entry (6) or batch control (8)`);
    batch.entries.push(parseEntry(record, where, secCode));
  }
}

function parseEntry(record: string, where: string, secCode: NachaSecCode): NachaEntry {
  const transactionCode = record.slice(1, 3);
  const routingNumber = record.slice(3, 12);
  if (!isAbaRoutingNumber(routingNumber)) {
    throw new NachaFileError(`${where}: receiving DFI ${routingNumber} fails the check digit`);
  }
  if (record.slice(78, 79) !== '0')
    throw new NachaFileError(`${where}: addenda records are not read`);
  const paymentTypeCode = record.slice(76, 77);
  const paymentType = paymentTypeCode === 'R' ? 'R' : 'S';
  return {
    secCode,
    transactionCode,
    accountType: accountTypeOf(transactionCode, where),
    routingNumber,
    accountNumber: textAt(record, 13, 29),
    amountCents: numberAt(record, 30, 39, where),
    individualId: textAt(record, 40, 54),
    individualName: textAt(record, 55, 76),
    ...(secCode === 'WEB' ? { paymentType } : {}),
    traceNumber: record.slice(79, 94),
  };
}
