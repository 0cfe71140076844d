import { describe, expect, it } from 'vitest';

import {
  NACHA_FILE_ID_MODIFIERS,
  NACHA_RECORD_LENGTH,
  NachaFileError,
  parseNachaFile,
  sanitizeNachaText,
  writeNachaFile,
} from './nacha-file';
import type { AchDebit, NachaFileInput } from './nacha-file';

const ORIGINATOR = {
  immediateDestination: '011000015',
  immediateDestinationName: 'Federal Reserve Bank',
  immediateOrigin: '1234567890',
  immediateOriginName: 'Harbor Community Bank',
  companyName: 'Harbor Community Bank',
  companyIdentification: '1234567890',
  companyEntryDescription: 'LOAN PMT',
  originatingDfi: '011099990',
};

const JORDAN: AchDebit = {
  accountType: 'Checking',
  routingNumber: '011099990',
  accountNumber: '123456789',
  amountCents: 25_000,
  individualId: '001-100234-5',
  individualName: 'Jordan Rivers',
};

const DEBITS: AchDebit[] = [
  JORDAN,
  {
    accountType: 'Savings',
    routingNumber: '071099998',
    accountNumber: '00098765432101234',
    amountCents: 1,
    individualId: '001-100311-2',
    individualName: 'Casey Morgan',
    paymentType: 'R',
  },
  {
    secCode: 'PPD',
    accountType: 'Checking',
    routingNumber: '121000374',
    accountNumber: '42',
    amountCents: 9_999_999_999,
    individualId: '002-200100-7',
    individualName: 'Pat Lee',
  },
  {
    accountType: 'Checking',
    routingNumber: '271099992',
    accountNumber: '5550001',
    amountCents: 123_456,
    individualId: '003-300200-1',
    individualName: 'Riley Chen',
  },
];

function input(debits: readonly AchDebit[] = DEBITS): NachaFileInput {
  return {
    originator: ORIGINATOR,
    effectiveEntryDate: '2026-11-27',
    // 2026-11-26 09:05 in New York.
    createdAt: new Date('2026-11-26T14:05:00Z'),
    timeZone: 'America/New_York',
    debits,
  };
}

function records(fileText: string): string[] {
  return fileText.split('\n').slice(0, -1);
}

describe('NACHA file of a processing day’s debits', () => {
  it('parses back to the same entries, batches and totals', () => {
    const file = parseNachaFile(writeNachaFile(input()));
    expect(file).toMatchObject({
      immediateDestination: '011000015',
      immediateOrigin: '1234567890',
      immediateDestinationName: 'FEDERAL RESERVE BANK',
      immediateOriginName: 'HARBOR COMMUNITY BANK',
      creationDate: '2026-11-26',
      creationTime: '0905',
      fileIdModifier: 'A',
      totalDebitCents: 25_000 + 1 + 9_999_999_999 + 123_456,
      totalCreditCents: 0,
      entryAndAddendaCount: 4,
    });
    expect(
      file.batches.map((batch) => [batch.batchNumber, batch.secCode, batch.entries.length]),
    ).toEqual([
      [1, 'WEB', 3],
      [2, 'PPD', 1],
    ]);
    const [web, ppd] = file.batches;
    expect(web).toMatchObject({
      companyName: 'HARBOR COMMUNITY',
      companyIdentification: '1234567890',
      companyEntryDescription: 'LOAN PMT',
      effectiveEntryDate: '2026-11-27',
      originatingDfiIdentification: '01109999',
      totalDebitCents: 25_000 + 1 + 123_456,
    });
    expect(ppd?.totalDebitCents).toBe(9_999_999_999);

    const entries = file.batches.flatMap((batch) => batch.entries);
    const byId = new Map(entries.map((entry) => [entry.individualId, entry]));
    for (const debit of DEBITS) {
      expect(byId.get(debit.individualId)).toMatchObject({
        accountType: debit.accountType,
        routingNumber: debit.routingNumber,
        accountNumber: debit.accountNumber,
        amountCents: debit.amountCents,
        individualName: debit.individualName.toUpperCase(),
        secCode: debit.secCode ?? 'WEB',
      });
    }
    expect(byId.get('001-100234-5')).toMatchObject({ transactionCode: '27', paymentType: 'S' });
    expect(byId.get('001-100311-2')).toMatchObject({ transactionCode: '37', paymentType: 'R' });
    expect(byId.get('002-200100-7')?.paymentType).toBeUndefined();
    expect(entries.map((entry) => entry.traceNumber)).toEqual([
      '011099990000001',
      '011099990000002',
      '011099990000003',
      '011099990000004',
    ]);
  });

  it('writes entry hashes and counts that add up', () => {
    const lines = records(writeNachaFile(input()));
    // WEB batch: 01109999 + 07109999 + 27109999; the file adds PPD's 12100037.
    const webHash = 1109999 + 7109999 + 27109999;
    const fileHash = webHash + 12100037;
    const [webControl, ppdControl] = lines.filter((line) => line.startsWith('8'));
    expect(webControl?.slice(4, 10)).toBe('000003');
    expect(webControl?.slice(10, 20)).toBe(String(webHash).padStart(10, '0'));
    expect(webControl?.slice(20, 32)).toBe(String(25_000 + 1 + 123_456).padStart(12, '0'));
    expect(ppdControl?.slice(10, 20)).toBe('0012100037');
    const fileControl = lines.find((line) => line.startsWith('9') && !/^9+$/.test(line));
    expect(fileControl?.slice(1, 7)).toBe('000002');
    expect(fileControl?.slice(7, 13)).toBe('000001');
    expect(fileControl?.slice(13, 21)).toBe('00000004');
    expect(fileControl?.slice(21, 31)).toBe(String(fileHash).padStart(10, '0'));
  });

  it('keeps only the last ten digits of a large entry hash', () => {
    const debits = Array.from({ length: 900 }, (_, index) => ({
      ...JORDAN,
      routingNumber: '121000374',
      accountNumber: String(index + 1),
      individualId: `ID${index}`,
    }));
    const file = parseNachaFile(writeNachaFile(input(debits)));
    // 12100037 x 900 = 10890033300: eleven digits, the leading 1 dropped.
    expect(file.entryHash).toBe('0890033300');
    // 900 entries plus header, batch header, batch control and file control: 904 records.
    expect(file.blockCount).toBe(91);
  });

  it('makes every record 94 characters and pads with nines to blocks of ten', () => {
    const lines = records(writeNachaFile(input()));
    // header, 2 batch headers, 4 entries, 2 batch controls, file control = 10 records: one block.
    expect(lines).toHaveLength(10);
    for (const line of lines) expect(line).toHaveLength(NACHA_RECORD_LENGTH);

    const one = records(writeNachaFile(input(DEBITS.slice(0, 1))));
    expect(one).toHaveLength(10);
    expect(one.slice(5)).toEqual(Array(5).fill('9'.repeat(94)));
    expect(one[4]?.slice(7, 13)).toBe('000001');
  });

  it('places entry fields at their NACHA positions', () => {
    const entry = records(writeNachaFile(input(DEBITS.slice(0, 1)))).find((line) =>
      line.startsWith('6'),
    );
    expect(entry).toBe(
      '6' +
        '27' +
        '01109999' +
        '0' +
        '123456789'.padEnd(17) +
        '0000025000' +
        '001-100234-5'.padEnd(15) +
        'JORDAN RIVERS'.padEnd(22) +
        'S ' +
        '0' +
        '011099990000001',
    );
  });

  it('sanitises names to NACHA characters and cuts the individual name to 22', () => {
    const debit = { ...JORDAN, individualName: 'José Núñez-O’Brien <Sr.> & Associates Unlimited' };
    const file = parseNachaFile(writeNachaFile(input([debit])));
    expect(file.batches[0]?.entries[0]?.individualName).toBe("JOSE NUNEZ-O'BRIEN SR.");
    expect(sanitizeNachaText('  Zoë   Smith\t😀 ', 22)).toBe('ZOE SMITH');
    expect(sanitizeNachaText('Åsa Lindqvist-Øberg', 10)).toBe('ASA LINDQV');
  });

  it.each([
    [
      'a routing number failing the check digit',
      { routingNumber: '011099991' },
      /debit 2: routing number/,
    ],
    [
      'an account number of 18 digits',
      { accountNumber: '123456789012345678' },
      /debit 2: account number/,
    ],
    ['a zero amount', { amountCents: 0 }, /debit 2: amount/],
    ['fractional cents', { amountCents: 10.5 }, /debit 2: amount/],
    ['a name with no letters', { individualName: '<<>>' }, /debit 2: individual name/],
  ])('refuses %s', (_case, change, message) => {
    const debits = [JORDAN, { ...JORDAN, ...change }];
    expect(() => writeNachaFile(input(debits))).toThrow(message);
  });

  it('writes the entries’ own trace sequences and the file id modifier it is given', () => {
    const numbered = DEBITS.map((debit, index) => ({ ...debit, traceSequence: 41 + index * 2 }));
    const file = parseNachaFile(writeNachaFile({ ...input(numbered), fileIdModifier: 'B' }));
    expect(file.fileIdModifier).toBe('B');
    // WEB first (41, 43, 47), then PPD (45): each batch ascends.
    expect(file.batches.map((batch) => batch.entries.map((entry) => entry.traceNumber))).toEqual([
      ['011099990000041', '011099990000043', '011099990000047'],
      ['011099990000045'],
    ]);
    expect(NACHA_FILE_ID_MODIFIERS).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
  });

  it.each([
    ['some debits numbered and others not', [{ traceSequence: 1 }, {}], /every debit/],
    ['a sequence used twice', [{ traceSequence: 7 }, { traceSequence: 7 }], /used twice/],
    ['a batch out of order', [{ traceSequence: 9 }, { traceSequence: 8 }], /ascend/],
    ['a sequence of 8 digits', [{ traceSequence: 1 }, { traceSequence: 10_000_000 }], /1 to/],
    ['a sequence of 0', [{ traceSequence: 0 }, { traceSequence: 1 }], /1 to/],
  ])('refuses %s', (_case, numbers, message) => {
    const debits = numbers.map((number) => ({ ...JORDAN, ...number }));
    expect(() => writeNachaFile(input(debits))).toThrow(message);
  });

  it('refuses a file id modifier outside A-Z and 0-9', () => {
    expect(() => writeNachaFile({ ...input(), fileIdModifier: 'a' })).toThrow(/A-Z or 0-9/);
  });

  it('reads a file with CRLF line ends', () => {
    const file = writeNachaFile(input()).replace(/\n/g, '\r\n');
    expect(parseNachaFile(file).totalDebitCents).toBe(25_000 + 1 + 9_999_999_999 + 123_456);
  });

  it('rejects a file whose totals or records were tampered with, naming the line', () => {
    const lines = records(writeNachaFile(input()));
    const withAmount = lines.map((line, index) =>
      index === 2 ? line.slice(0, 29) + '0000025001' + line.slice(39) : line,
    );
    expect(() => parseNachaFile(withAmount.join('\n'))).toThrow(/line 6: total debit/);

    const shortened = lines.map((line, index) => (index === 3 ? line.slice(0, 93) : line));
    expect(() => parseNachaFile(shortened.join('\n'))).toThrow(/line 4: a record is 94 characters/);

    const unpadded = lines.slice(0, 9);
    expect(() => parseNachaFile(unpadded.join('\n'))).toThrow(NachaFileError);
  });
});
