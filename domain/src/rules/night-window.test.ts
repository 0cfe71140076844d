import { describe, expect, it } from 'vitest';
import { endOfDayDue, inNightWindow, nightWindowOf } from './night-window';

const at = (hours: number, minutes = 0) => hours * 60 + minutes;

describe('the nightly processing window', () => {
  it('reads HH:MM and a positive length; anything else means no window', () => {
    expect(nightWindowOf('23:50', 15)).toEqual({ startMinute: at(23, 50), minutes: 15 });
    expect(nightWindowOf('', 15)).toBeUndefined();
    expect(nightWindowOf('24:00', 15)).toBeUndefined();
    expect(nightWindowOf('7:5', 15)).toBeUndefined();
    expect(nightWindowOf('01:00', 0)).toBeUndefined();
  });

  it('is open from its start for its length, across midnight too', () => {
    const window = nightWindowOf('23:50', 15);
    expect(inNightWindow(window, at(23, 49))).toBe(false);
    expect(inNightWindow(window, at(23, 50))).toBe(true);
    expect(inNightWindow(window, at(0, 4))).toBe(true);
    expect(inNightWindow(window, at(0, 5))).toBe(false);
    const early = nightWindowOf('01:00', 30);
    expect(inNightWindow(early, at(1, 29))).toBe(true);
    expect(inNightWindow(early, at(1, 30))).toBe(false);
    expect(inNightWindow(undefined, at(1, 0))).toBe(false);
  });

  it('closes its own day when it opens in the evening, the day before when after midnight', () => {
    const evening = nightWindowOf('23:50', 15);
    expect(endOfDayDue(evening, '2025-03-14', at(23, 49))).toBe('2025-03-13');
    expect(endOfDayDue(evening, '2025-03-14', at(23, 50))).toBe('2025-03-14');
    const early = nightWindowOf('01:00', 15);
    expect(endOfDayDue(early, '2025-03-14', at(0, 59))).toBe('2025-03-12');
    expect(endOfDayDue(early, '2025-03-14', at(1, 0))).toBe('2025-03-13');
    // No window: 00:05 closes yesterday.
    expect(endOfDayDue(undefined, '2025-03-14', at(0, 4))).toBe('2025-03-12');
    expect(endOfDayDue(undefined, '2025-03-14', at(0, 5))).toBe('2025-03-13');
  });
});
