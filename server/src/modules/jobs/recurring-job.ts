export interface RecurringJob {
  /** Runs a round now, then one every intervalMs until stop(). */
  start(): void;
  /** Runs a round as soon as possible; during a round, another one right after it. */
  nudge(): void;
  /** Stops scheduling and waits for the round under way. */
  stop(): Promise<void>;
}

export interface RecurringJobOptions {
  /** Time between the end of one round and the start of the next. */
  intervalMs: number;
  /** One round of work; `stopped()` tells a long round to finish early. */
  round(stopped: () => boolean): Promise<void>;
  /** Called with the error of a failed round; the job keeps going. */
  onError?: (error: unknown) => void;
}

/**
 * The timer loop of the background jobs (outbox delivery, housekeeping): one round at a time,
 * rounds never overlap, the timer does not keep the process alive, and stop() waits for the round
 * under way so shutdown never cuts a database write in half.
 */
export function createRecurringJob(options: RecurringJobOptions): RecurringJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let again = false;
  const isStopped = () => stopped;

  async function round(): Promise<void> {
    do {
      again = false;
      try {
        await options.round(isStopped);
      } catch (error) {
        options.onError?.(error);
      }
    } while (again && !stopped);
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    nudge() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
