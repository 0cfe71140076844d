/** The time source. Tests pass a clock they can move instead of sleeping (STYLE.md). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` now and runs on at the pace of `base`: the demo server's
 * DEMO_CLOCK_START (config.ts), so the journeys see the same business day every run.
 */
export function clockStartingAt(start: Date, base: Clock = systemClock): Clock {
  const offset = start.getTime() - base.now().getTime();
  return { now: () => new Date(base.now().getTime() + offset) };
}
