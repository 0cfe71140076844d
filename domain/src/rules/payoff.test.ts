import { describe, expect, it } from 'vitest';
import { PAYOFF_HORIZON_DAYS, payoffDateAllowed, payoffDateProblem } from './payoff';

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
