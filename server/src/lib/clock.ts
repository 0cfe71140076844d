/** The time source. Tests pass a clock they can move instead of sleeping (STYLE.md). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
