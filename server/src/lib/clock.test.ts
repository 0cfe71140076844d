import { describe, expect, it } from 'vitest';
import { clockStartingAt, type Clock } from './clock';

describe('clockStartingAt', () => {
  it('reads the start instant now and runs on at the pace of the base clock', () => {
    let real = Date.parse('2026-11-26T08:00:00Z');
    const base: Clock = { now: () => new Date(real) };
    const clock = clockStartingAt(new Date('2026-11-27T15:00:00Z'), base);
    expect(clock.now().toISOString()).toBe('2026-11-27T15:00:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-27T15:01:30.000Z');
  });
});
