import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import type { CoreTransaction } from '../../core/servicing-core';
import { historyColumns, historyCsv } from './history-downloads';

const line = (overrides: Partial<CoreTransaction>): CoreTransaction => ({
  id: '1',
  date: '2025-03-10',
  time: '23:59:00',
  description: 'Interest accrued',
  principalCents: 0,
  interestCents: 9_303,
  otherCents: 0,
  totalCents: 9_303,
  principalBalanceCents: 1_687_791,
  ...overrides,
});

describe('the history CSV', () => {
  it('keeps the time the core recorded, and leaves it blank for a line it dates only (its 00:00:00), as the table does', () => {
    const csv = historyCsv(
      [
        line({}),
        // A card payment posted as of its date: not paid at midnight.
        line({
          id: '2',
          time: '00:00:00',
          description: 'Payment received (card)',
          principalCents: 30_000,
          interestCents: 0,
          totalCents: 30_000,
        }),
      ],
      historyColumns(createSettingsAccessor({ shared: {}, english: {} }), 'loan'),
    );
    expect(csv.trim().split('\n').slice(1)).toEqual([
      '03/10/2025,23:59:00,Interest accrued,0.00,93.03,0.00,93.03,16877.91',
      '03/10/2025,,Payment received (card),300.00,0.00,0.00,300.00,16877.91',
    ]);
  });
});
