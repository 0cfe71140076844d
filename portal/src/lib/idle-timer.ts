/** The inputs that count as activity (spec 000 section 4: mouse, key, scroll or touch). */
export const IDLE_ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'wheel',
] as const;

export const COUNTDOWN_STEP_MS = 1000;

export type IdlePhase = 'stopped' | 'watching' | 'warning';

export interface IdleTimerOptions {
  /** Idle time before the warning (sessionOptions.idleTimeoutMilliseconds, 180000). */
  timeoutMs: number;
  /** Where the countdown starts (sessionOptions.idleCountdownSeconds, 120). */
  countdownSeconds: number;
  /** The warning opens with this many seconds left. */
  onWarning(secondsLeft: number): void;
  /** Each countdown step, down to 0. */
  onCountdown(secondsLeft: number): void;
  /** The countdown reached 0: the session must end. */
  onTimeout(): void;
}

export interface IdleTimer {
  readonly phase: IdlePhase;
  /** Starts watching from now. */
  start(): void;
  /** Stops everything (leaving the logged-in area, logout). */
  stop(): void;
  /** An input happened. It postpones the warning; once the warning is up it changes nothing. */
  recordActivity(): void;
  /** The user chose Resume: the countdown stops and watching starts again from now. */
  resume(): void;
}

/**
 * The idle-timeout clock (spec 000 sections 2.13, 4 and 9). Plain `setTimeout`, `setInterval`
 * and `Date.now()`, so fake clocks (vitest, Playwright's `page.clock`) drive it. Activity only
 * records a time stamp; the single timer re-arms itself for the remainder when it fires early,
 * so a stream of mouse moves costs nothing. The countdown is computed from a deadline, so a
 * throttled background tab still logs out on time.
 */
export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  let phase: IdlePhase = 'stopped';
  let lastActivity = 0;
  let deadline = 0;
  let idleHandle: ReturnType<typeof setTimeout> | undefined;
  let countdownHandle: ReturnType<typeof setInterval> | undefined;

  function clearTimers() {
    if (idleHandle !== undefined) clearTimeout(idleHandle);
    if (countdownHandle !== undefined) clearInterval(countdownHandle);
    idleHandle = undefined;
    countdownHandle = undefined;
  }

  function armIdleCheck(delay: number) {
    if (idleHandle !== undefined) clearTimeout(idleHandle);
    idleHandle = setTimeout(checkIdle, Math.max(0, delay));
  }

  function checkIdle() {
    idleHandle = undefined;
    if (phase !== 'watching') return;
    const idleFor = Date.now() - lastActivity;
    if (idleFor >= options.timeoutMs) warn();
    else armIdleCheck(options.timeoutMs - idleFor);
  }

  function warn() {
    phase = 'warning';
    deadline = Date.now() + options.countdownSeconds * COUNTDOWN_STEP_MS;
    options.onWarning(options.countdownSeconds);
    countdownHandle = setInterval(tick, COUNTDOWN_STEP_MS);
  }

  function tick() {
    if (phase !== 'warning') return;
    const secondsLeft = Math.max(0, Math.ceil((deadline - Date.now()) / COUNTDOWN_STEP_MS));
    options.onCountdown(secondsLeft);
    if (secondsLeft === 0) {
      clearTimers();
      phase = 'stopped';
      options.onTimeout();
    }
  }

  function start() {
    clearTimers();
    phase = 'watching';
    lastActivity = Date.now();
    armIdleCheck(options.timeoutMs);
  }

  return {
    get phase() {
      return phase;
    },
    start,
    stop() {
      clearTimers();
      phase = 'stopped';
    },
    recordActivity() {
      if (phase === 'watching') lastActivity = Date.now();
    },
    resume() {
      if (phase === 'warning') start();
    },
  };
}

/** 'You will be logged out in {minutes} minutes {seconds} seconds' with the numbers filled in. */
export function formatCountdown(template: string, secondsLeft: number): string {
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = secondsLeft % 60;
  return template.replaceAll('{minutes}', String(minutes)).replaceAll('{seconds}', String(seconds));
}
