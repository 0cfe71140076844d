import type { CalendarDate, Cents } from '@portal/domain';
import { calendarDateIn, isAbaRoutingNumber, minuteOfDayIn } from '@portal/domain';
import {
  alpha,
  assertRecord,
  entryHashOf,
  expectEqual,
  fromYymmdd,
  NACHA_BLOCKING_FACTOR,
  NACHA_RECORD_LENGTH,
  NachaFileError,
  numberAt,
  numeric,
  textAt,
  yymmdd,
  type NachaAccountType,
  type NachaOriginator,
  type NachaSecCode,
} from './nacha-file';

/**
 * What comes back after a debit file: returns (the borrower's bank sends the debit back, with a
 * reason code) and notifications of change (the bank took the debit but says what to correct next
 * time), in NACHA's return format (Operating Rules, Appendix Four "Return Entries" and Appendix
 * Five "Notification of Change"). A return is an entry of transaction code 26 (checking) or 36
 * (savings) with an addenda record of type 99; a notification has the same codes, no amount, SEC
 * code COR and an addenda record of type 98. Both carry the original entry's trace number, which
 * is how a return finds its payment.
 *
 * `writeNachaReturnFile` is the built-in processor's side (it plays the receiving banks, for the
 * published test accounts); `parseNachaReturnFile` is what a real processor's return file goes
 * through. Written here for the reasons nacha-file.ts gives.
 */

/**
 * The return reasons the portal knows, with the time the receiving bank has to send each back
 * (NACHA Operating Rules, Appendix Four): two banking days after the settlement date for most; 60
 * calendar days for a consumer's claim that the debit was not authorised. `blocksAccount`: the
 * bank account cannot take another debit (closed, missing, frozen, not authorised) and is blocked
 * for ACH until the borrower gives another.
 */
export const ACH_RETURN_REASONS = {
  R01: { title: 'Insufficient funds', bankingDays: 2, blocksAccount: false },
  R02: { title: 'Account closed', bankingDays: 2, blocksAccount: true },
  R03: {
    title: 'No account, or unable to locate the account',
    bankingDays: 2,
    blocksAccount: true,
  },
  R04: { title: 'Invalid account number', bankingDays: 2, blocksAccount: true },
  R05: {
    title: 'Unauthorized debit to a consumer account',
    calendarDays: 60,
    blocksAccount: true,
  },
  R07: { title: 'Authorization revoked by the customer', calendarDays: 60, blocksAccount: true },
  R08: { title: 'Payment stopped', bankingDays: 2, blocksAccount: false },
  R09: { title: 'Uncollected funds', bankingDays: 2, blocksAccount: false },
  R10: {
    title: 'Customer says the debit was not authorized',
    calendarDays: 60,
    blocksAccount: true,
  },
  // Not as authorized (the amount or the date differs): the authorization itself stands.
  R11: {
    title: 'Customer says the debit was not as authorized',
    calendarDays: 60,
    blocksAccount: false,
  },
  R12: { title: 'Account sold to another bank', bankingDays: 2, blocksAccount: true },
  R14: { title: 'Representative payee deceased', bankingDays: 2, blocksAccount: true },
  R15: { title: 'Account holder deceased', bankingDays: 2, blocksAccount: true },
  R16: { title: 'Account frozen', bankingDays: 2, blocksAccount: true },
  R17: { title: 'Account number questionable', bankingDays: 2, blocksAccount: true },
  R20: { title: 'Non-transaction account', bankingDays: 2, blocksAccount: true },
  R24: { title: 'Duplicate entry', bankingDays: 2, blocksAccount: false },
  R29: {
    title: 'Business customer says the debit was not authorized',
    bankingDays: 2,
    blocksAccount: true,
  },
  // A returned-check entry only (RCK): the portal's debits are WEB and PPD, but a processor may
  // send it for one it misfiled.
  R51: { title: 'Returned-check entry ineligible', calendarDays: 60, blocksAccount: false },
} as const satisfies Record<
  string,
  { title: string; bankingDays?: number; calendarDays?: number; blocksAccount: boolean }
>;
export type AchReturnCode = keyof typeof ACH_RETURN_REASONS;

export function isAchReturnCode(code: string): code is AchReturnCode {
  return Object.hasOwn(ACH_RETURN_REASONS, code);
}

/**
 * A return's reason in the bank's words ('Insufficient funds'): what the borrower's notices and
 * e-mail and the staff's timeline say; a code the rules do not list is named as itself.
 */
export function achReturnReasonText(code: string): string {
  return isAchReturnCode(code) ? ACH_RETURN_REASONS[code].title : `Return ${code}`;
}

/**
 * The changes a notification can ask for, and how its corrected data is laid out (Appendix Five):
 * C01 the account number, C02 the routing number, C03 both, C05 the account type (the transaction
 * code), C06 the account number and type, C07 all three.
 */
export const ACH_CHANGE_CODES = {
  C01: 'Incorrect account number',
  C02: 'Incorrect routing number',
  C03: 'Incorrect routing number and account number',
  C05: 'Incorrect transaction code (account type)',
  C06: 'Incorrect account number and transaction code',
  C07: 'Incorrect routing number, account number and transaction code',
} as const;
export type AchChangeCode = keyof typeof ACH_CHANGE_CODES;

export function isAchChangeCode(code: string): code is AchChangeCode {
  return Object.hasOwn(ACH_CHANGE_CODES, code);
}

/** What a notification corrects. */
export interface AchCorrection {
  routingNumber?: string;
  accountNumber?: string;
  accountType?: NachaAccountType;
}

const TYPE_OF_CODE: Readonly<Record<string, NachaAccountType>> = {
  '22': 'Checking',
  '27': 'Checking',
  '32': 'Savings',
  '37': 'Savings',
};
const DEBIT_CODE: Readonly<Record<NachaAccountType, string>> = { Checking: '27', Savings: '37' };
/** Returns and notifications of a debit: 26 checking, 36 savings. */
const RETURN_CODE: Readonly<Record<NachaAccountType, string>> = { Checking: '26', Savings: '36' };

function accountTypeOfCode(code: string, where: string): NachaAccountType {
  const type = TYPE_OF_CODE[code];
  if (!type) throw new NachaFileError(`${where}: transaction code ${code} is not a debit's`);
  return type;
}

/** The corrected data field (29 characters) of a change. */
export function correctedDataOf(code: AchChangeCode, correction: AchCorrection): string {
  const routing = () => correction.routingNumber ?? '';
  const account = () => (correction.accountNumber ?? '').padEnd(17, ' ');
  const type = () => (correction.accountType ? DEBIT_CODE[correction.accountType] : '');
  const data = {
    C01: () => account(),
    C02: () => routing(),
    C03: () => `${routing()}   ${account()}`,
    C05: () => type(),
    C06: () => `${account()}   ${type()}`,
    C07: () => `${routing()}${account()}${type()}`,
  }[code]();
  return data.padEnd(29, ' ').slice(0, 29);
}

/** What a change's corrected data says. */
export function correctionOf(
  code: AchChangeCode,
  data: string,
  where = 'corrected data',
): AchCorrection {
  const account = (from: number) => data.slice(from, from + 17).trim();
  const type = (from: number) => accountTypeOfCode(data.slice(from, from + 2), where);
  const correction: AchCorrection = {
    C01: () => ({ accountNumber: account(0) }),
    C02: () => ({ routingNumber: data.slice(0, 9) }),
    C03: () => ({ routingNumber: data.slice(0, 9), accountNumber: account(12) }),
    C05: () => ({ accountType: type(0) }),
    C06: () => ({ accountNumber: account(0), accountType: type(20) }),
    C07: () => ({
      routingNumber: data.slice(0, 9),
      accountNumber: account(9),
      accountType: type(26),
    }),
  }[code]();
  if (correction.routingNumber !== undefined && !isAbaRoutingNumber(correction.routingNumber)) {
    throw new NachaFileError(`${where}: '${correction.routingNumber}' is not a routing number`);
  }
  if (correction.accountNumber !== undefined && !/^\d{1,17}$/.test(correction.accountNumber)) {
    throw new NachaFileError(`${where}: the account number must be 1 to 17 digits`);
  }
  return correction;
}

/** The original entry a return or notification is about, as the debit file carried it. */
export interface NachaOriginalEntry {
  secCode: NachaSecCode;
  traceNumber: string;
  routingNumber: string;
  accountNumber: string;
  accountType: NachaAccountType;
  amountCents: Cents;
  individualId: string;
  individualName: string;
}

export interface NachaReturnFileInput {
  /** The originator of the debits (the return file goes back to its ODFI). */
  originator: NachaOriginator;
  /** The routing number of the bank (or operator) sending the file, 9 digits. */
  returningBank: string;
  returningBankName: string;
  /** The day the returns settle. */
  effectiveEntryDate: CalendarDate;
  createdAt: Date;
  timeZone: string;
  fileIdModifier?: string;
  returns: readonly { original: NachaOriginalEntry; reasonCode: AchReturnCode }[];
  notices: readonly {
    original: NachaOriginalEntry;
    changeCode: AchChangeCode;
    correction: AchCorrection;
  }[];
}

export interface NachaReturn {
  reasonCode: string;
  originalTraceNumber: string;
  /** The original entry's receiving bank (first 8 digits of its routing number). */
  originalReceivingDfi: string;
  accountType: NachaAccountType;
  accountNumber: string;
  amountCents: Cents;
  individualId: string;
  individualName: string;
  traceNumber: string;
  effectiveEntryDate: CalendarDate;
}

export interface NachaChangeNotice {
  changeCode: AchChangeCode;
  originalTraceNumber: string;
  originalReceivingDfi: string;
  correction: AchCorrection;
  individualId: string;
  individualName: string;
  traceNumber: string;
}

export interface NachaReturnFile {
  creationDate: CalendarDate;
  fileIdModifier: string;
  returns: NachaReturn[];
  notices: NachaChangeNotice[];
}

const SERVICE_CLASS_CREDITS = '220';

/**
 * The file a receiving bank sends back: a batch of returns (in the original's SEC code) and a
 * COR batch of notifications, each entry followed by its addenda record.
 */
export function writeNachaReturnFile(input: NachaReturnFileInput): string {
  const { originator } = input;
  const odfi = originator.originatingDfi;
  const rdfi8 = input.returningBank.slice(0, 8);
  const creationDate = calendarDateIn(input.timeZone, input.createdAt);
  const minutes = minuteOfDayIn(input.timeZone, input.createdAt);
  const creationTime =
    String(Math.floor(minutes / 60)).padStart(2, '0') + String(minutes % 60).padStart(2, '0');
  const records: string[] = [
    assertRecord(
      '101' +
        ` ${odfi}` +
        ` ${input.returningBank}` +
        yymmdd(creationDate) +
        creationTime +
        (input.fileIdModifier ?? 'A') +
        '094101' +
        alpha(originator.immediateDestinationName, 23) +
        alpha(input.returningBankName, 23) +
        ' '.repeat(8),
    ),
  ];
  let batchNumber = 0;
  let sequence = 0;
  const all: { routingNumber: string }[] = [];
  let fileRecords = 0;
  let fileCredits = 0;

  const batch = (
    secCode: string,
    items: readonly { original: NachaOriginalEntry; amountCents: Cents; addenda: string }[],
  ) => {
    if (items.length === 0) return;
    batchNumber += 1;
    const number = numeric(batchNumber, 7, 'batch number');
    records.push(
      assertRecord(
        '5' +
          SERVICE_CLASS_CREDITS +
          alpha(originator.companyName, 16) +
          ' '.repeat(20) +
          originator.companyIdentification.padEnd(10, ' ') +
          secCode +
          alpha(originator.companyEntryDescription, 10) +
          ' '.repeat(6) +
          yymmdd(input.effectiveEntryDate) +
          '   ' +
          '1' +
          rdfi8 +
          number,
      ),
    );
    let credits = 0;
    for (const item of items) {
      sequence += 1;
      const trace = rdfi8 + numeric(sequence, 7, 'trace sequence');
      credits += item.amountCents;
      records.push(
        assertRecord(
          '6' +
            RETURN_CODE[item.original.accountType] +
            odfi +
            item.original.accountNumber.padEnd(17, ' ') +
            numeric(item.amountCents, 10, 'amount') +
            alpha(item.original.individualId, 15) +
            alpha(item.original.individualName, 22) +
            '  ' +
            '1' +
            trace,
        ),
        assertRecord(item.addenda + trace),
      );
      all.push({ routingNumber: odfi });
    }
    records.push(
      assertRecord(
        '8' +
          SERVICE_CLASS_CREDITS +
          numeric(items.length * 2, 6, 'entry and addenda count') +
          entryHashOf(items.map(() => ({ routingNumber: odfi }))) +
          '0'.repeat(12) +
          numeric(credits, 12, 'batch credit total') +
          originator.companyIdentification.padEnd(10, ' ') +
          ' '.repeat(25) +
          rdfi8 +
          number,
      ),
    );
    fileRecords += items.length * 2;
    fileCredits += credits;
  };

  const bySec = new Map<NachaSecCode, NachaReturnFileInput['returns'][number][]>();
  for (const item of input.returns) {
    bySec.set(item.original.secCode, [...(bySec.get(item.original.secCode) ?? []), item]);
  }
  for (const [secCode, items] of bySec) {
    batch(
      secCode,
      items.map(({ original, reasonCode }) => ({
        original,
        amountCents: original.amountCents,
        addenda:
          '799' +
          reasonCode +
          original.traceNumber +
          ' '.repeat(6) +
          original.routingNumber.slice(0, 8) +
          alpha(ACH_RETURN_REASONS[reasonCode].title, 44),
      })),
    );
  }
  batch(
    'COR',
    input.notices.map(({ original, changeCode, correction }) => ({
      original,
      amountCents: 0,
      addenda:
        '798' +
        changeCode +
        original.traceNumber +
        ' '.repeat(6) +
        original.routingNumber.slice(0, 8) +
        correctedDataOf(changeCode, correction) +
        ' '.repeat(15),
    })),
  );
  const blockCount = Math.ceil((records.length + 1) / NACHA_BLOCKING_FACTOR);
  records.push(
    assertRecord(
      '9' +
        numeric(batchNumber, 6, 'batch count') +
        numeric(blockCount, 6, 'block count') +
        numeric(fileRecords, 8, 'entry and addenda count') +
        entryHashOf(all) +
        '0'.repeat(12) +
        numeric(fileCredits, 12, 'file credit total') +
        ' '.repeat(39),
    ),
  );
  while (records.length % NACHA_BLOCKING_FACTOR !== 0) records.push('9'.repeat(94));
  return records.join('\n') + '\n';
}

/** Reads a return file: every return and notification, its totals checked. */
export function parseNachaReturnFile(fileText: string): NachaReturnFile {
  const lines = fileText
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((line, index) => {
    if (line.length !== NACHA_RECORD_LENGTH) {
      throw new NachaFileError(`line ${index + 1}: a record is 94 characters`);
    }
  });
  const header = lines[0] ?? '';
  if (!header.startsWith('101') || header.slice(34, 40) !== '094101') {
    throw new NachaFileError('line 1: not a file header');
  }
  const file: NachaReturnFile = {
    creationDate: fromYymmdd(header.slice(23, 29), 'line 1'),
    fileIdModifier: header.slice(33, 34),
    returns: [],
    notices: [],
  };
  let index = 1;
  let batches = 0;
  let fileRecords = 0;
  let fileCredits = 0;
  const routings: { routingNumber: string }[] = [];
  for (;;) {
    const record = lines[index];
    const where = `line ${index + 1}`;
    index += 1;
    if (record === undefined) throw new NachaFileError('the file ends before its file control');
    if (record.startsWith('9')) {
      expectEqual(numberAt(record, 2, 7, where), batches, `${where}: batch count`);
      expectEqual(
        numberAt(record, 14, 21, where),
        fileRecords,
        `${where}: entry and addenda count`,
      );
      expectEqual(record.slice(21, 31), entryHashOf(routings), `${where}: entry hash`);
      expectEqual(numberAt(record, 44, 55, where), fileCredits, `${where}: total credit`);
      break;
    }
    if (!record.startsWith('5')) throw new NachaFileError(`${where}: expected a batch header`);
    batches += 1;
    const secCode = record.slice(50, 53);
    const effectiveEntryDate = fromYymmdd(record.slice(69, 75), where);
    let count = 0;
    let credits = 0;
    const batchRoutings: { routingNumber: string }[] = [];
    for (;;) {
      const entry = lines[index];
      const entryWhere = `line ${index + 1}`;
      index += 1;
      if (entry === undefined) throw new NachaFileError('the file ends inside a batch');
      if (entry.startsWith('8')) {
        expectEqual(
          numberAt(entry, 5, 10, entryWhere),
          count,
          `${entryWhere}: entry and addenda count`,
        );
        expectEqual(entry.slice(10, 20), entryHashOf(batchRoutings), `${entryWhere}: entry hash`);
        expectEqual(numberAt(entry, 33, 44, entryWhere), credits, `${entryWhere}: total credit`);
        break;
      }
      if (!entry.startsWith('6') || entry.slice(78, 79) !== '1') {
        throw new NachaFileError(`${entryWhere}: expected an entry with its addenda record`);
      }
      const addenda = lines[index] ?? '';
      const addendaWhere = `line ${index + 1}`;
      index += 1;
      const code = entry.slice(1, 3);
      const accountType: NachaAccountType =
        code === '26'
          ? 'Checking'
          : code === '36'
            ? 'Savings'
            : (() => {
                throw new NachaFileError(
                  `${entryWhere}: transaction code ${code} is not a debit's return`,
                );
              })();
      const amountCents = numberAt(entry, 30, 39, entryWhere);
      const traceNumber = entry.slice(79, 94);
      if (addenda.slice(79, 94) !== traceNumber) {
        throw new NachaFileError(`${addendaWhere}: the addenda's trace number is not its entry's`);
      }
      const common = {
        originalTraceNumber: addenda.slice(6, 21),
        originalReceivingDfi: addenda.slice(27, 35),
        individualId: textAt(entry, 40, 54),
        individualName: textAt(entry, 55, 76),
        traceNumber,
      };
      if (addenda.startsWith('799')) {
        file.returns.push({
          ...common,
          reasonCode: addenda.slice(3, 6),
          accountType,
          accountNumber: textAt(entry, 13, 29),
          amountCents,
          effectiveEntryDate,
        });
      } else if (addenda.startsWith('798') && secCode === 'COR') {
        const changeCode = addenda.slice(3, 6);
        if (!isAchChangeCode(changeCode)) {
          throw new NachaFileError(`${addendaWhere}: change code ${changeCode} is not read`);
        }
        file.notices.push({
          ...common,
          changeCode,
          correction: correctionOf(changeCode, addenda.slice(35, 64), addendaWhere),
        });
      } else {
        throw new NachaFileError(`${addendaWhere}: expected a return (99) or change (98) addenda`);
      }
      count += 2;
      credits += amountCents;
      batchRoutings.push({ routingNumber: entry.slice(3, 12) });
    }
    fileRecords += count;
    fileCredits += credits;
    routings.push(...batchRoutings);
  }
  return file;
}
