import { describe, expect, it } from 'vitest';
import { formatDraftCreationDate } from './draft-date';

describe('the creation date of a recurring ACH authorization', () => {
  it('reads M/d/yy, h:mm:ss in the institution’s time zone for a moment with a zone', () => {
    expect(formatDraftCreationDate('2026-03-07T19:05:09Z', 'America/New_York')).toBe(
      '3/7/26, 2:05:09',
    );
    expect(formatDraftCreationDate('2026-11-26T05:00:00.123Z', 'America/New_York')).toBe(
      '11/26/26, 12:00:00',
    );
    expect(formatDraftCreationDate('2026-01-01T02:30:00+02:00', 'America/Chicago')).toBe(
      '12/31/25, 6:30:00',
    );
  });

  it('shows a moment without a zone as written, 12 for noon and midnight', () => {
    expect(formatDraftCreationDate('2026-12-24T00:07:03', 'America/New_York')).toBe(
      '12/24/26, 12:07:03',
    );
    expect(formatDraftCreationDate('2026-12-24T12:00:59', 'America/Los_Angeles')).toBe(
      '12/24/26, 12:00:59',
    );
    expect(formatDraftCreationDate('2009-10-05T23:59:01', 'America/New_York')).toBe(
      '10/5/09, 11:59:01',
    );
  });
});
