import { passesAbaChecksum } from '@portal/domain';

/** A bank as the routing lookup (GET /api/ACHRoutingData) describes it. */
export interface RoutingDirectoryBank {
  routingNumber: string;
  name: string;
  city: string;
  /** Two-letter state or territory code; blank for a correspondent abroad. */
  state: string;
  /** Street or delivery address, when the source has one. */
  address?: string;
  /** Five digits, or five plus four as '12345-6789', when the source has one. */
  zip?: string;
}

/**
 * The bank behind a routing number, for the routing lookup and the `achRoutingPreCheckOption`
 * setting. The built-in directory is in memory; a bank's own directory service replaces it here.
 */
export interface RoutingDirectory {
  /** The bank for a 9-digit routing number; undefined when the number is unknown or malformed. */
  lookup(routingNumber: string): Promise<RoutingDirectoryBank | undefined>;
}

/** The built-in directory: a fixed set of banks, keyed by routing number. */
export class InMemoryRoutingDirectory implements RoutingDirectory {
  readonly #banks = new Map<string, RoutingDirectoryBank>();

  /** Later banks replace earlier ones with the same routing number. */
  constructor(banks: Iterable<RoutingDirectoryBank>) {
    for (const bank of banks) {
      if (!passesAbaChecksum(bank.routingNumber)) {
        throw new Error(
          `Routing directory: '${bank.routingNumber}' (${bank.name}) is not a 9-digit routing number passing the ABA checksum`,
        );
      }
      this.#banks.set(bank.routingNumber, bank);
    }
  }

  get size(): number {
    return this.#banks.size;
  }

  lookup(routingNumber: string): Promise<RoutingDirectoryBank | undefined> {
    return Promise.resolve(this.#banks.get(routingNumber.trim()));
  }
}

// ---------------------------------------------------------------------------------------------
// Bundled banks

/**
 * The twelve Federal Reserve Banks, each under the routing number its own record carries in the
 * Federal Reserve's FedACH directory (record type code 0, "institution is a Federal Reserve
 * Bank"; checked against the directory published on frbservices.org, as kept in moov-io/fed's
 * `data/FedACHdir.txt`). The directory's delivery addresses are the Reserve Banks' ACH
 * processing sites (Atlanta, East Rutherford, Minneapolis), so city and state here are each
 * Reserve Bank's head office instead, which is what a borrower recognises.
 */
export const FEDERAL_RESERVE_BANKS: readonly RoutingDirectoryBank[] = [
  {
    routingNumber: '011000015',
    name: 'Federal Reserve Bank of Boston',
    city: 'Boston',
    state: 'MA',
  },
  {
    routingNumber: '021001208',
    name: 'Federal Reserve Bank of New York',
    city: 'New York',
    state: 'NY',
  },
  {
    routingNumber: '031000040',
    name: 'Federal Reserve Bank of Philadelphia',
    city: 'Philadelphia',
    state: 'PA',
  },
  {
    routingNumber: '041000014',
    name: 'Federal Reserve Bank of Cleveland',
    city: 'Cleveland',
    state: 'OH',
  },
  {
    routingNumber: '051000033',
    name: 'Federal Reserve Bank of Richmond',
    city: 'Richmond',
    state: 'VA',
  },
  {
    routingNumber: '061000146',
    name: 'Federal Reserve Bank of Atlanta',
    city: 'Atlanta',
    state: 'GA',
  },
  {
    routingNumber: '071000301',
    name: 'Federal Reserve Bank of Chicago',
    city: 'Chicago',
    state: 'IL',
  },
  {
    routingNumber: '081000045',
    name: 'Federal Reserve Bank of St. Louis',
    city: 'St. Louis',
    state: 'MO',
  },
  {
    routingNumber: '091000080',
    name: 'Federal Reserve Bank of Minneapolis',
    city: 'Minneapolis',
    state: 'MN',
  },
  {
    routingNumber: '101000048',
    name: 'Federal Reserve Bank of Kansas City',
    city: 'Kansas City',
    state: 'MO',
  },
  {
    routingNumber: '111000038',
    name: 'Federal Reserve Bank of Dallas',
    city: 'Dallas',
    state: 'TX',
  },
  {
    routingNumber: '121000374',
    name: 'Federal Reserve Bank of San Francisco',
    city: 'San Francisco',
    state: 'CA',
  },
];

/**
 * Invented banks for the demo institutions and their borrowers. Each number passes the ABA
 * checksum and sits in the right Federal Reserve district for its state, with the institution
 * identifier 9999 or 9998, which no bank held in the FedACH directory the numbers were checked
 * against. They are not real banks: a debit to one would be returned.
 */
const FEDERAL_RESERVE_ROUTING_NUMBERS: ReadonlySet<string> = new Set(
  FEDERAL_RESERVE_BANKS.map((bank) => bank.routingNumber),
);

/** Whether the routing number is one of the twelve Federal Reserve Banks' own. */
export function isFederalReserveBank(routingNumber: string): boolean {
  return FEDERAL_RESERVE_ROUTING_NUMBERS.has(routingNumber.trim());
}

export const DEMO_BANKS: readonly RoutingDirectoryBank[] = [
  {
    routingNumber: '011099990',
    name: 'Harbor Community Bank',
    address: '12 Wharf Street',
    city: 'Portland',
    state: 'ME',
    zip: '04101',
  },
  {
    routingNumber: '211099994',
    name: 'Lighthouse Savings Bank',
    address: '400 Atlantic Avenue',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
  },
  {
    routingNumber: '102099993',
    name: 'Front Range State Bank',
    address: '1700 Larimer Street',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
  },
  {
    routingNumber: '271099992',
    name: 'Cedar Credit Union',
    address: '55 Cedar Avenue',
    city: 'Naperville',
    state: 'IL',
    zip: '60540',
  },
  {
    routingNumber: '071099998',
    name: 'Prairie National Bank',
    address: '300 Capitol Avenue',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
  },
];

/** The directory every installation starts with: the Federal Reserve Banks and the demo banks. */
export function bundledRoutingDirectory(): InMemoryRoutingDirectory {
  return new InMemoryRoutingDirectory([...FEDERAL_RESERVE_BANKS, ...DEMO_BANKS]);
}

// ---------------------------------------------------------------------------------------------
// The FedACH directory file

/**
 * One record of the FedACH participant file of the Federal Reserve's E-Payments Routing
 * Directory: fixed-width text, 155 characters a line (frbservices.org "FedACH Directory File
 * Format"; positions are 1-based and inclusive):
 *
 * | Field | Positions |
 * | --- | --- |
 * | Routing number | 1-9 |
 * | Office code (O main, B branch) | 10 |
 * | Servicing FRB number | 11-19 |
 * | Record type code (0 a Reserve Bank, 1 use this number, 2 use the new routing number) | 20 |
 * | Change date, MMDDYY | 21-26 |
 * | New routing number (zeros when none) | 27-35 |
 * | Customer name | 36-71 |
 * | Address | 72-107 |
 * | City | 108-127 |
 * | State code | 128-129 |
 * | ZIP code | 130-134 |
 * | ZIP extension | 135-138 |
 * | Telephone area code, prefix, suffix | 139-141, 142-144, 145-148 |
 * | Institution status code (1 receives government and commercial items) | 149 |
 * | Data view code (1 current view) | 150 |
 * | Filler (spaces) | 151-155 |
 */
export interface FedAchParticipant {
  routingNumber: string;
  officeCode: 'O' | 'B';
  servicingFrbNumber: string;
  recordTypeCode: '0' | '1' | '2';
  /** The change date as a calendar date, 'YYYY-MM-DD'. */
  changeDate: string;
  /** Where items for this number go after a merger or renumbering (record type 2 only). */
  newRoutingNumber?: string;
  customerName: string;
  address: string;
  city: string;
  /** Blank for the institutions abroad that FedGlobal reaches. */
  state: string;
  zipCode: string;
  /** Four digits; undefined when the file has 0000. */
  zipExtension?: string;
  /** Ten digits: area code, prefix, suffix; some records leave it blank. */
  telephone?: string;
  institutionStatusCode: string;
  dataViewCode: string;
}

export const FEDACH_RECORD_LENGTH = 155;
/** Where the data ends; the filler after it may be trimmed by whoever copied the file. */
const FEDACH_DATA_LENGTH = 150;

/** What is wrong with one line of a FedACH directory file. */
export interface FedAchLineIssue {
  /** 1-based, as an editor shows it. */
  lineNumber: number;
  reason: string;
}

/** A FedACH directory file with malformed lines; nothing of it should be loaded. */
export class FedAchDirectoryError extends Error {
  readonly issues: readonly FedAchLineIssue[];

  constructor(issues: readonly FedAchLineIssue[]) {
    const shown = issues.slice(0, 10).map((issue) => `line ${issue.lineNumber}: ${issue.reason}`);
    const more = issues.length > shown.length ? [`and ${issues.length - shown.length} more`] : [];
    super(`FedACH directory file rejected: ${[...shown, ...more].join('; ')}`);
    this.name = 'FedAchDirectoryError';
    this.issues = issues;
  }
}

class LineIssue extends Error {}

function field(line: string, from: number, to: number): string {
  return line.slice(from - 1, to);
}

function digits(line: string, from: number, to: number, name: string): string {
  const value = field(line, from, to);
  if (!/^\d+$/.test(value) || value.length !== to - from + 1) {
    throw new LineIssue(
      `${name} (positions ${from}-${to}) must be ${to - from + 1} digits, got '${value}'`,
    );
  }
  return value;
}

function text(line: string, from: number, to: number, name: string, required: boolean): string {
  const value = field(line, from, to).trim();
  if (required && value === '') {
    throw new LineIssue(`${name} (positions ${from}-${to}) is blank`);
  }
  return value;
}

function routingNumberAt(line: string, from: number, name: string): string {
  const value = digits(line, from, from + 8, name);
  if (!passesAbaChecksum(value)) {
    throw new LineIssue(`${name} '${value}' fails the ABA checksum`);
  }
  return value;
}

// The directory dates from the 1990s on; two-digit years from 70 up are the 1900s.
function changeDateAt(line: string): string {
  const value = digits(line, 21, 26, 'change date');
  const month = Number(value.slice(0, 2));
  const day = Number(value.slice(2, 4));
  const shortYear = Number(value.slice(4, 6));
  const year = shortYear >= 70 ? 1900 + shortYear : 2000 + shortYear;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new LineIssue(`change date '${value}' is not a real MMDDYY date`);
  }
  return date.toISOString().slice(0, 10);
}

function isOfficeCode(value: string): value is FedAchParticipant['officeCode'] {
  return value === 'O' || value === 'B';
}

function isRecordTypeCode(value: string): value is FedAchParticipant['recordTypeCode'] {
  return value === '0' || value === '1' || value === '2';
}

/**
 * One line of a FedACH directory file. Throws `FedAchDirectoryError` naming the line when a field
 * is malformed. A trailing carriage return and trimmed filler are accepted.
 */
export function parseFedAchLine(rawLine: string, lineNumber: number): FedAchParticipant {
  try {
    return parseLine(rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine);
  } catch (error) {
    if (error instanceof LineIssue) {
      throw new FedAchDirectoryError([{ lineNumber, reason: error.message }]);
    }
    throw error;
  }
}

function parseLine(line: string): FedAchParticipant {
  if (line.length < FEDACH_DATA_LENGTH || line.length > FEDACH_RECORD_LENGTH) {
    throw new LineIssue(
      `a record is ${FEDACH_RECORD_LENGTH} characters (the last 5 blank), this line has ${line.length}`,
    );
  }
  if (field(line, 151, FEDACH_RECORD_LENGTH).trim() !== '') {
    throw new LineIssue('filler (positions 151-155) must be blank');
  }
  const routingNumber = routingNumberAt(line, 1, 'routing number');
  const officeCode = field(line, 10, 10);
  if (!isOfficeCode(officeCode)) {
    throw new LineIssue(`office code (position 10) must be O or B, got '${officeCode}'`);
  }
  const servicingFrbNumber = routingNumberAt(line, 11, 'servicing FRB number');
  const recordTypeCode = field(line, 20, 20);
  if (!isRecordTypeCode(recordTypeCode)) {
    throw new LineIssue(
      `record type code (position 20) must be 0, 1 or 2, got '${recordTypeCode}'`,
    );
  }
  const changeDate = changeDateAt(line);
  const newRoutingDigits = digits(line, 27, 35, 'new routing number');
  let newRoutingNumber: string | undefined;
  if (recordTypeCode === '2') {
    newRoutingNumber = routingNumberAt(line, 27, 'new routing number');
    if (/^0+$/.test(newRoutingNumber)) {
      throw new LineIssue('record type code 2 needs a new routing number');
    }
  } else if (!/^0+$/.test(newRoutingDigits)) {
    throw new LineIssue(
      `new routing number '${newRoutingDigits}' given with record type code ${recordTypeCode} (only 2 has one)`,
    );
  }
  // FedGlobal's correspondents abroad (Canada, Mexico, Germany...) have no state.
  const state = field(line, 128, 129);
  if (!/^([A-Z]{2}| {2})$/.test(state)) {
    throw new LineIssue(
      `state code (positions 128-129) must be two capital letters or blank, got '${state}'`,
    );
  }
  const zipExtension = digits(line, 135, 138, 'ZIP extension');
  const statusCode = digits(line, 149, 149, 'institution status code');
  const dataViewCode = digits(line, 150, 150, 'data view code');
  return {
    routingNumber,
    officeCode,
    servicingFrbNumber,
    recordTypeCode,
    changeDate,
    ...(newRoutingNumber === undefined ? {} : { newRoutingNumber }),
    customerName: text(line, 36, 71, 'customer name', true),
    address: text(line, 72, 107, 'address', false),
    city: text(line, 108, 127, 'city', true),
    state: state.trim(),
    zipCode: digits(line, 130, 134, 'ZIP code'),
    ...(zipExtension === '0000' ? {} : { zipExtension }),
    ...(field(line, 139, 148).trim() === ''
      ? {}
      : { telephone: digits(line, 139, 148, 'telephone number') }),
    institutionStatusCode: statusCode,
    dataViewCode,
  };
}

/**
 * Every record of a FedACH directory file. Blank lines are skipped; a malformed line or a routing
 * number listed twice rejects the whole file with every offending line named, so an operator
 * never loads half a directory.
 */
export function parseFedAchDirectory(fileText: string): FedAchParticipant[] {
  const participants: FedAchParticipant[] = [];
  const issues: FedAchLineIssue[] = [];
  const firstLineOf = new Map<string, number>();
  const lines = fileText.replace(/^\uFEFF/, '').split('\n');
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') return;
    try {
      const participant = parseFedAchLine(line, lineNumber);
      const firstLine = firstLineOf.get(participant.routingNumber);
      if (firstLine !== undefined) {
        issues.push({
          lineNumber,
          reason: `routing number ${participant.routingNumber} is already on line ${firstLine}`,
        });
        return;
      }
      firstLineOf.set(participant.routingNumber, lineNumber);
      participants.push(participant);
    } catch (error) {
      if (!(error instanceof FedAchDirectoryError)) throw error;
      issues.push(...error.issues);
    }
  });
  if (issues.length > 0) throw new FedAchDirectoryError(issues);
  if (participants.length === 0) {
    throw new FedAchDirectoryError([{ lineNumber: 1, reason: 'the file holds no records' }]);
  }
  return participants;
}

/** A directory record as the routing lookup shows it. */
export function fedAchParticipantToBank(participant: FedAchParticipant): RoutingDirectoryBank {
  return {
    routingNumber: participant.routingNumber,
    name: participant.customerName,
    city: participant.city,
    state: participant.state,
    ...(participant.address === '' ? {} : { address: participant.address }),
    zip:
      participant.zipExtension === undefined
        ? participant.zipCode
        : `${participant.zipCode}-${participant.zipExtension}`,
  };
}

export interface FedAchDirectoryOptions {
  /**
   * Keep the bundled banks (Federal Reserve Banks and demo banks) beside the file's; the file's
   * record wins for a number both hold. Default true, so the demo institutions keep working.
   */
  includeBundled?: boolean;
}

/**
 * The routing directory an operator loads from the Federal Reserve's FedACH directory file
 * (the text, already read). Throws `FedAchDirectoryError` naming each malformed line.
 */
export function routingDirectoryFromFedAchFile(
  fileText: string,
  options: FedAchDirectoryOptions = {},
): InMemoryRoutingDirectory {
  const fromFile = parseFedAchDirectory(fileText).map(fedAchParticipantToBank);
  const bundled = options.includeBundled === false ? [] : [...FEDERAL_RESERVE_BANKS, ...DEMO_BANKS];
  return new InMemoryRoutingDirectory([...bundled, ...fromFile]);
}
