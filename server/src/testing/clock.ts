import type { Clock } from '../lib/clock';

export interface TestClock extends Clock {
  advance(milliseconds: number): void;
  set(instant: Date | string): void;
}

/** A clock that only moves when the test says so. */
export function createTestClock(start: Date | string = '2025-03-14T15:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(milliseconds) {
      current += milliseconds;
    },
    set(instant) {
      current = new Date(instant).getTime();
    },
  };
}
