import { isAbaRoutingNumber } from '@portal/domain';
import { describe, expect, it } from 'vitest';

import {
  DEMO_BANKS,
  FEDACH_RECORD_LENGTH,
  FEDERAL_RESERVE_BANKS,
  FedAchDirectoryError,
  InMemoryRoutingDirectory,
  bundledRoutingDirectory,
  parseFedAchDirectory,
  parseFedAchLine,
  routingDirectoryFromFedAchFile,
} from './routing-directory';

interface LineFields {
  routingNumber: string;
  officeCode: string;
  servicingFrbNumber: string;
  recordTypeCode: string;
  changeDate: string;
  newRoutingNumber: string;
  customerName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  zipExtension: string;
  telephone: string;
  statusCode: string;
  dataViewCode: string;
}

const PRAIRIE: LineFields = {
  routingNumber: '071099998',
  officeCode: 'O',
  servicingFrbNumber: '071000301',
  recordTypeCode: '1',
  changeDate: '031524',
  newRoutingNumber: '000000000',
  customerName: 'PRAIRIE NATIONAL BANK',
  address: '300 CAPITOL AVENUE',
  city: 'SPRINGFIELD',
  state: 'IL',
  zipCode: '62701',
  zipExtension: '1234',
  telephone: '2175550100',
  statusCode: '1',
  dataViewCode: '1',
};

/** A FedACH directory line laid out field by field, as the Federal Reserve's format gives it. */
function fedAchLine(overrides: Partial<LineFields> = {}): string {
  const f = { ...PRAIRIE, ...overrides };
  return [
    f.routingNumber,
    f.officeCode,
    f.servicingFrbNumber,
    f.recordTypeCode,
    f.changeDate,
    f.newRoutingNumber,
    f.customerName.padEnd(36),
    f.address.padEnd(36),
    f.city.padEnd(20),
    f.state,
    f.zipCode,
    f.zipExtension,
    f.telephone,
    f.statusCode,
    f.dataViewCode,
    '     ',
  ].join('');
}

const RENUMBERED = fedAchLine({
  routingNumber: '211099994',
  officeCode: 'B',
  servicingFrbNumber: '011000015',
  recordTypeCode: '2',
  changeDate: '110199',
  newRoutingNumber: '011099990',
  customerName: 'LIGHTHOUSE SAVINGS BANK',
  address: '',
  city: 'BOSTON',
  state: 'MA',
  zipCode: '02110',
  zipExtension: '0000',
});

function lineIssues(fileText: string): { lineNumber: number; reason: string }[] {
  try {
    parseFedAchDirectory(fileText);
  } catch (error) {
    if (error instanceof FedAchDirectoryError) return [...error.issues];
    throw error;
  }
  return [];
}

describe('bundled routing directory', () => {
  it('lists the twelve Federal Reserve Banks, districts 01 to 12, with valid routing numbers', () => {
    expect(FEDERAL_RESERVE_BANKS).toHaveLength(12);
    expect(FEDERAL_RESERVE_BANKS.map((bank) => bank.routingNumber.slice(0, 2))).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    for (const bank of [...FEDERAL_RESERVE_BANKS, ...DEMO_BANKS]) {
      expect(isAbaRoutingNumber(bank.routingNumber), bank.name).toBe(true);
    }
  });

  it('finds a Federal Reserve Bank and a demo bank by routing number', async () => {
    const directory = bundledRoutingDirectory();
    await expect(directory.lookup('121000374')).resolves.toMatchObject({
      name: 'Federal Reserve Bank of San Francisco',
      city: 'San Francisco',
      state: 'CA',
    });
    await expect(directory.lookup(' 011099990 ')).resolves.toMatchObject({
      name: 'Harbor Community Bank',
      state: 'ME',
    });
  });

  it('answers undefined for an unknown, short or non-numeric routing number', async () => {
    const directory = bundledRoutingDirectory();
    await expect(directory.lookup('011000028')).resolves.toBeUndefined();
    await expect(directory.lookup('01100001')).resolves.toBeUndefined();
    await expect(directory.lookup('abc')).resolves.toBeUndefined();
  });

  it('refuses to hold a routing number that fails the ABA checksum', () => {
    expect(
      () =>
        new InMemoryRoutingDirectory([
          { routingNumber: '011000016', name: 'X', city: 'Y', state: 'MA' },
        ]),
    ).toThrow(/'011000016' \(X\).*ABA checksum/);
  });
});

describe('FedACH directory file', () => {
  it('reads every field of a record at its position', () => {
    const line = fedAchLine();
    expect(line).toHaveLength(FEDACH_RECORD_LENGTH);
    expect(parseFedAchLine(line, 1)).toEqual({
      routingNumber: '071099998',
      officeCode: 'O',
      servicingFrbNumber: '071000301',
      recordTypeCode: '1',
      changeDate: '2024-03-15',
      customerName: 'PRAIRIE NATIONAL BANK',
      address: '300 CAPITOL AVENUE',
      city: 'SPRINGFIELD',
      state: 'IL',
      zipCode: '62701',
      zipExtension: '1234',
      telephone: '2175550100',
      institutionStatusCode: '1',
      dataViewCode: '1',
    });
  });

  it('keeps the new routing number of a renumbered bank and reads 1990s change dates', () => {
    expect(parseFedAchLine(RENUMBERED, 1)).toMatchObject({
      officeCode: 'B',
      recordTypeCode: '2',
      newRoutingNumber: '011099990',
      changeDate: '1999-11-01',
      address: '',
    });
  });

  it('accepts a correspondent abroad without state and a record without telephone', () => {
    const abroad = fedAchLine({
      routingNumber: '091099994',
      servicingFrbNumber: '091000080',
      customerName: 'MAPLE LEAF BANK',
      address: 'TORONTO, ON M5H 1C1',
      city: 'CANADA',
      state: '  ',
      zipCode: '00000',
      zipExtension: '0000',
      telephone: ' '.repeat(10),
    });
    const record = parseFedAchLine(abroad, 1);
    expect(record).toMatchObject({ city: 'CANADA', state: '' });
    expect(record.telephone).toBeUndefined();
  });

  it('accepts CRLF line ends, trimmed filler and blank lines', () => {
    const text = `${fedAchLine()}\r\n\r\n${RENUMBERED.trimEnd()}\r\n`;
    expect(parseFedAchDirectory(text).map((record) => record.routingNumber)).toEqual([
      '071099998',
      '211099994',
    ]);
  });

  it.each([
    ['a short line', fedAchLine().slice(0, 140), /this line has 140/],
    [
      'a bad checksum',
      fedAchLine({ routingNumber: '071099997' }),
      /routing number '071099997' fails the ABA checksum/,
    ],
    [
      'letters in the routing number',
      fedAchLine({ routingNumber: '07109999X' }),
      /routing number \(positions 1-9\)/,
    ],
    [
      'an unknown office code',
      fedAchLine({ officeCode: 'X' }),
      /office code \(position 10\) must be O or B/,
    ],
    [
      'an unknown record type',
      fedAchLine({ recordTypeCode: '3' }),
      /record type code \(position 20\)/,
    ],
    ['an impossible change date', fedAchLine({ changeDate: '023024' }), /change date '023024'/],
    [
      'record type 2 without a new number',
      fedAchLine({ recordTypeCode: '2' }),
      /needs a new routing number/,
    ],
    [
      'a new number without record type 2',
      fedAchLine({ newRoutingNumber: '011099990' }),
      /only 2 has one/,
    ],
    [
      'a blank name',
      fedAchLine({ customerName: '' }),
      /customer name \(positions 36-71\) is blank/,
    ],
    ['a lower-case state', fedAchLine({ state: 'il' }), /state code/],
    ['a short ZIP code', fedAchLine({ zipCode: '6270 ' }), /ZIP code \(positions 130-134\)/],
    ['text in the filler', `${fedAchLine().slice(0, 150)}XXXXX`, /filler/],
  ])('rejects %s, naming the line', (_case, badLine, reason) => {
    const issues = lineIssues(`${RENUMBERED}\n${badLine}\n`);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.lineNumber).toBe(2);
    expect(issues[0]?.reason).toMatch(reason);
  });

  it('names every malformed line and a repeated routing number in one error', () => {
    const text = [
      fedAchLine(),
      'garbage',
      RENUMBERED,
      fedAchLine({ state: '12' }),
      fedAchLine(),
    ].join('\n');
    expect(() => parseFedAchDirectory(text)).toThrow(
      /line 2: .*; line 4: .*; line 5: routing number 071099998 is already on line 1/,
    );
    expect(lineIssues(text).map((issue) => issue.lineNumber)).toEqual([2, 4, 5]);
  });

  it('rejects a file without records', () => {
    expect(lineIssues('\n\n')).toEqual([{ lineNumber: 1, reason: 'the file holds no records' }]);
  });
});

describe('routing directory from a FedACH file', () => {
  it('looks up the file’s banks beside the bundled ones, with ZIP+4', async () => {
    const directory = routingDirectoryFromFedAchFile(`${fedAchLine()}\n${RENUMBERED}\n`);
    await expect(directory.lookup('071099998')).resolves.toEqual({
      routingNumber: '071099998',
      name: 'PRAIRIE NATIONAL BANK',
      address: '300 CAPITOL AVENUE',
      city: 'SPRINGFIELD',
      state: 'IL',
      zip: '62701-1234',
    });
    await expect(directory.lookup('211099994')).resolves.toEqual({
      routingNumber: '211099994',
      name: 'LIGHTHOUSE SAVINGS BANK',
      city: 'BOSTON',
      state: 'MA',
      zip: '02110',
    });
    await expect(directory.lookup('011000015')).resolves.toMatchObject({
      name: 'Federal Reserve Bank of Boston',
    });
  });

  it('holds only the file’s banks when the bundled ones are left out', async () => {
    const directory = routingDirectoryFromFedAchFile(fedAchLine(), { includeBundled: false });
    expect(directory.size).toBe(1);
    await expect(directory.lookup('011000015')).resolves.toBeUndefined();
  });

  it('loads nothing from a file with a malformed line', () => {
    expect(() => routingDirectoryFromFedAchFile(`${fedAchLine()}\nnot a record\n`)).toThrow(
      FedAchDirectoryError,
    );
  });
});
