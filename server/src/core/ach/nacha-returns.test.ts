import { describe, expect, it } from 'vitest';
import { NACHA_RECORD_LENGTH, NachaFileError, parseNachaFile, writeNachaFile } from './nacha-file';
import {
  ACH_RETURN_REASONS,
  achReturnReasonText,
  correctedDataOf,
  correctionOf,
  parseNachaReturnFile,
  writeNachaReturnFile,
  type NachaOriginalEntry,
  type NachaReturnFileInput,
} from './nacha-returns';

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

/** Two debits as the day's file carried them (written and read back, so traces are real). */
function originals(): NachaOriginalEntry[] {
  const file = parseNachaFile(
    writeNachaFile({
      originator: ORIGINATOR,
      effectiveEntryDate: '2026-11-27',
      createdAt: new Date('2026-11-26T22:00:00Z'),
      timeZone: 'America/New_York',
      debits: [
        {
          accountType: 'Checking',
          routingNumber: '071099998',
          accountNumber: '000111222',
          amountCents: 41_265,
          individualId: '001-100235-2',
          individualName: 'Jordan Rivers',
        },
        {
          accountType: 'Savings',
          routingNumber: '121000374',
          accountNumber: '42',
          amountCents: 9_999,
          individualId: '001-100410-7',
          individualName: 'Riley Chen',
        },
      ],
    }),
  );
  return file.batches.flatMap((batch) => batch.entries);
}

function input(overrides: Partial<NachaReturnFileInput> = {}): NachaReturnFileInput {
  const [jordan, riley] = originals();
  if (!jordan || !riley) throw new Error('two entries');
  return {
    originator: ORIGINATOR,
    returningBank: '071099998',
    returningBankName: 'Lakeside Bank',
    effectiveEntryDate: '2026-12-01',
    createdAt: new Date('2026-12-01T14:00:00Z'),
    timeZone: 'America/New_York',
    returns: [{ original: jordan, reasonCode: 'R01' }],
    notices: [
      {
        original: riley,
        changeCode: 'C06',
        correction: { accountNumber: '4200', accountType: 'Checking' },
      },
    ],
    ...overrides,
  };
}

describe('NACHA return and notification of change files', () => {
  it('writes 94-character records in blocks of ten, and reads each return and notice back', () => {
    const text = writeNachaReturnFile(input());
    const lines = text.slice(0, -1).split('\n');
    expect(lines.every((line) => line.length === NACHA_RECORD_LENGTH)).toBe(true);
    expect(lines.length % 10).toBe(0);
    const [jordan, riley] = originals();
    const file = parseNachaReturnFile(text);
    expect(file.creationDate).toBe('2026-12-01');
    expect(file.returns).toEqual([
      expect.objectContaining({
        reasonCode: 'R01',
        originalTraceNumber: jordan?.traceNumber,
        originalReceivingDfi: '07109999',
        accountType: 'Checking',
        accountNumber: '000111222',
        amountCents: 41_265,
        individualId: '001-100235-2',
        effectiveEntryDate: '2026-12-01',
      }),
    ]);
    expect(file.notices).toEqual([
      expect.objectContaining({
        changeCode: 'C06',
        originalTraceNumber: riley?.traceNumber,
        correction: { accountNumber: '4200', accountType: 'Checking' },
      }),
    ]);
  });

  it('lays out a return: code 26, addenda 99 with the reason and the original trace number', () => {
    const lines = writeNachaReturnFile(input({ notices: [] })).split('\n');
    const entry = lines.find((line) => line.startsWith('6')) ?? '';
    const addenda = lines.find((line) => line.startsWith('7')) ?? '';
    expect(entry.slice(1, 3)).toBe('26');
    expect(entry.slice(3, 12)).toBe(ORIGINATOR.originatingDfi);
    expect(entry.slice(78, 79)).toBe('1');
    expect(addenda.slice(0, 6)).toBe('799R01');
    expect(addenda.slice(6, 21)).toBe(originals()[0]?.traceNumber);
    expect(addenda.slice(79, 94)).toBe(entry.slice(79, 94));
  });

  it('puts notifications in a COR batch with no amount', () => {
    const lines = writeNachaReturnFile(input({ returns: [] })).split('\n');
    const header = lines.find((line) => line.startsWith('5')) ?? '';
    expect(header.slice(50, 53)).toBe('COR');
    const entry = lines.find((line) => line.startsWith('6')) ?? '';
    expect(entry.slice(1, 3)).toBe('36');
    expect(Number(entry.slice(29, 39))).toBe(0);
  });

  it('refuses a file whose totals do not add up', () => {
    const text = writeNachaReturnFile(input());
    const lines = text.split('\n');
    const index = lines.findIndex((line) => line.startsWith('6'));
    const entry = lines[index] ?? '';
    lines[index] = entry.slice(0, 29) + '0000000001' + entry.slice(39);
    expect(() => parseNachaReturnFile(lines.join('\n'))).toThrow(NachaFileError);
  });

  it('round-trips every change code through its corrected data', () => {
    const cases = [
      ['C01', { accountNumber: '987654321' }],
      ['C02', { routingNumber: '121000374' }],
      ['C03', { routingNumber: '121000374', accountNumber: '55' }],
      ['C05', { accountType: 'Savings' }],
      ['C06', { accountNumber: '12345678901234567', accountType: 'Checking' }],
      ['C07', { routingNumber: '071099998', accountNumber: '1', accountType: 'Savings' }],
    ] as const;
    for (const [code, correction] of cases) {
      const data = correctedDataOf(code, correction);
      expect(data).toHaveLength(29);
      expect(correctionOf(code, data)).toEqual(correction);
    }
    expect(() => correctionOf('C02', '123456789'.padEnd(29, ' '))).toThrow(NachaFileError);
  });
});

describe('the return reasons and their time frames (NACHA Operating Rules, Appendix Four)', () => {
  it('gives a consumer 60 calendar days to return a debit they did not authorise, and the bank two banking days for the rest', () => {
    const extended = Object.entries(ACH_RETURN_REASONS)
      .filter(([, reason]) => 'calendarDays' in reason && reason.calendarDays === 60)
      .map(([code]) => code);
    expect(extended).toEqual(['R05', 'R07', 'R10', 'R11', 'R51']);
    for (const [code, reason] of Object.entries(ACH_RETURN_REASONS)) {
      if (extended.includes(code)) continue;
      expect({ code, days: 'bankingDays' in reason ? reason.bankingDays : undefined }).toEqual({
        code,
        days: 2,
      });
    }
  });

  it('blocks the bank account for debits on a reason saying it cannot take them, not on one about the entry', () => {
    const blocking = Object.entries(ACH_RETURN_REASONS)
      .filter(([, reason]) => reason.blocksAccount)
      .map(([code]) => code);
    expect(blocking).toEqual([
      'R02',
      'R03',
      'R04',
      'R05',
      'R07',
      'R10',
      'R12',
      'R14',
      'R15',
      'R16',
      'R17',
      'R20',
      'R29',
    ]);
    expect(achReturnReasonText('R29')).toBe('Business customer says the debit was not authorized');
    expect(achReturnReasonText('R99')).toBe('Return R99');
  });
});
