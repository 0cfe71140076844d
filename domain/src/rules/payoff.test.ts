import { describe, expect, it } from 'vitest';
import {
  PAYOFF_HORIZON_DAYS,
  payoffDateAllowed,
  payoffDateProblem,
  payoffLessInFlight,
} from './payoff';

describe('the payoff quote date (one rule for the dialog and the server)', () => {
  it('allows today through the horizon, and says why anything else is refused', () => {
    expect(PAYOFF_HORIZON_DAYS).toBe(90);
    expect(payoffDateAllowed('2026-11-25', '2026-11-25')).toBe(true);
    expect(payoffDateAllowed('2027-02-23', '2026-11-25')).toBe(true);
    expect(payoffDateProblem('2027-02-24', '2026-11-25')).toBe('beyondHorizon');
    expect(payoffDateProblem('2026-11-24', '2026-11-25')).toBe('past');
    expect(payoffDateProblem('11/30/2026', '2026-11-25')).toBe('notADate');
    expect(payoffDateProblem('', '2026-11-25')).toBe('notADate');
  });
});

describe('payoffLessInFlight', () => {
  it.each([
    // payoff, in flight, what pays the loan off, what was taken off
    [100_000, 0, 100_000, 0],
    [100_000, 25_000, 75_000, 25_000],
    [100_000, 100_000, 0, 100_000],
    // More in flight than the payoff: nothing left, and only the payoff counted.
    [100_000, 150_000, 0, 100_000],
    // A loan paid off, or a negative figure from a core: never below 0.
    [0, 25_000, 0, 0],
    [-500, 0, 0, 0],
    [100_000, -1, 100_000, 0],
  ])(
    'a payoff of %i with %i in flight leaves %i (%i counted)',
    (payoff, inFlight, total, counted) => {
      expect(payoffLessInFlight(payoff, inFlight)).toEqual({
        totalCents: total,
        inFlightCountedCents: counted,
      });
    },
  );
});
