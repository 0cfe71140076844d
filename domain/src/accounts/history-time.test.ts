import { describe, expect, it } from 'vitest';
import { formatHistoryTime, historyTimeOf } from './history-time';

describe('historyTimeOf', () => {
  it('keeps a time of day the core recorded', () => {
    expect(historyTimeOf('23:59:00')).toBe('23:59:00');
    expect(historyTimeOf('10:07')).toBe('10:07:00');
    expect(historyTimeOf(' 10:07:04 ')).toBe('10:07:04');
  });

  it("reads the core's midnight, a blank or a non-time as a date only", () => {
    for (const none of ['00:00:00', '00:00', '', '   ', null, undefined, '24:00:00', 'noon']) {
      expect(historyTimeOf(none), String(none)).toBeUndefined();
    }
  });
});

describe('formatHistoryTime', () => {
  it("shows a recorded time in the institution's zone, named as on the line's date", () => {
    expect(formatHistoryTime('2025-02-26', '23:59:00', 'America/New_York')).toBe('11:59 PM EST');
    expect(formatHistoryTime('2025-07-01', '10:07:04', 'America/Denver')).toBe('10:07 AM MDT');
  });

  it('shows nothing for a line the core keeps no time of (a payment posted as of its date)', () => {
    expect(formatHistoryTime('2025-03-14', '00:00:00', 'America/New_York')).toBe('');
    expect(formatHistoryTime(undefined, '10:07:00', 'America/New_York')).toBe('');
  });
});
