import { describe, expect, it } from 'vitest';
import { borrowerEvents } from './payment-timeline';

describe("a borrower's payment timeline", () => {
  it('shows each change of status once, at the time it began', () => {
    // A refund the card processor refused after the core reversed the posting: staff's row
    // keeps the status Posted with the reason, and a retry later finishes it.
    const events = borrowerEvents([
      { status: 'settling', at: '2026-11-02T15:00:00.000Z' },
      { status: 'posted', at: '2026-11-03T22:00:00.000Z' },
      { status: 'posted', at: '2026-11-10T14:00:00.000Z' },
      { status: 'refunded', at: '2026-11-11T14:00:00.000Z' },
    ]);
    expect(events).toEqual([
      { Status: 'settling', At: '2026-11-02T15:00:00.000Z' },
      { Status: 'posted', At: '2026-11-03T22:00:00.000Z' },
      { Status: 'refunded', At: '2026-11-11T14:00:00.000Z' },
    ]);
  });

  it('keeps a status that comes back after another (posted again after a review)', () => {
    expect(
      borrowerEvents([
        { status: 'settling', at: '2026-11-02T15:00:00.000Z' },
        { status: 'needsReview', at: '2026-11-03T15:00:00.000Z' },
        { status: 'settling', at: '2026-11-04T15:00:00.000Z' },
        { status: 'posted', at: '2026-11-04T16:00:00.000Z' },
      ]).map((event) => event.Status),
    ).toEqual(['settling', 'needsReview', 'settling', 'posted']);
  });
});
