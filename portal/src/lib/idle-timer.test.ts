import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, formatCountdown } from './idle-timer';

function setUp() {
  const events: string[] = [];
  const timer = createIdleTimer({
    timeoutMs: 180_000,
    countdownSeconds: 120,
    onWarning: (seconds) => events.push(`warning ${seconds}`),
    onCountdown: (seconds) => events.push(`countdown ${seconds}`),
    onTimeout: () => events.push('timeout'),
  });
  return { timer, events };
}

describe('idle timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns after 180000 ms without input, not before', () => {
    const { timer, events } = setUp();
    timer.start();
    vi.advanceTimersByTime(179_999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warning 120']);
    expect(timer.phase).toBe('warning');
  });

  it('counts down one step per 1000 ms and times out at 0', () => {
    const { timer, events } = setUp();
    timer.start();
    vi.advanceTimersByTime(180_000 + 3_000);
    expect(events).toEqual(['warning 120', 'countdown 119', 'countdown 118', 'countdown 117']);
    vi.advanceTimersByTime(117_000);
    expect(events.slice(-2)).toEqual(['countdown 0', 'timeout']);
    expect(timer.phase).toBe('stopped');
    vi.advanceTimersByTime(600_000);
    expect(events.filter((event) => event === 'timeout')).toHaveLength(1);
  });

  it('input before the warning starts the idle time again', () => {
    const { timer, events } = setUp();
    timer.start();
    vi.advanceTimersByTime(170_000);
    timer.recordActivity();
    vi.advanceTimersByTime(170_000);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual(['warning 120']);
  });

  it('input while the warning is up changes nothing', () => {
    const { timer, events } = setUp();
    timer.start();
    vi.advanceTimersByTime(180_000);
    timer.recordActivity();
    vi.advanceTimersByTime(120_000);
    expect(events.at(-1)).toBe('timeout');
  });

  it('resume stops the countdown and watches again from now', () => {
    const { timer, events } = setUp();
    timer.start();
    vi.advanceTimersByTime(180_000 + 61_000);
    timer.resume();
    expect(timer.phase).toBe('watching');
    events.length = 0;
    vi.advanceTimersByTime(179_999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warning 120']);
  });

  it('stop ends watching and the countdown', () => {
    const { timer, events } = setUp();
    timer.start();
    vi.advanceTimersByTime(180_000);
    timer.stop();
    vi.advanceTimersByTime(1_000_000);
    expect(events).toEqual(['warning 120']);
  });

  it('keeps time by the clock, so a late tick still shows the right count', () => {
    const { timer, events } = setUp();
    timer.start();
    vi.advanceTimersByTime(180_000);
    // A throttled tab: the clock moves 30 s while no timer runs.
    vi.setSystemTime(Date.now() + 30_000);
    vi.advanceTimersByTime(1_000);
    expect(events.at(-1)).toBe('countdown 89');
  });
});

describe('formatCountdown', () => {
  const template = 'You will be logged out in {minutes} minutes {seconds} seconds';
  it.each([
    [120, 'You will be logged out in 2 minutes 0 seconds'],
    [119, 'You will be logged out in 1 minutes 59 seconds'],
    [59, 'You will be logged out in 0 minutes 59 seconds'],
    [0, 'You will be logged out in 0 minutes 0 seconds'],
  ])('shows %i seconds as "%s"', (seconds, text) => {
    expect(formatCountdown(template, seconds)).toBe(text);
  });
});
