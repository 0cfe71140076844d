import { describe, expect, it } from 'vitest';
import { createRecurringJob } from './recurring-job';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(condition()).toBe(true);
}

describe('recurring job', () => {
  it('runs a round at start and again after the interval', async () => {
    let rounds = 0;
    const job = createRecurringJob({ intervalMs: 20, round: async () => void (rounds += 1) });
    job.start();
    await until(() => rounds >= 3);
    await job.stop();
  });

  it('never overlaps rounds; a nudge during a round runs one more right after it', async () => {
    const gate = deferred();
    let active = 0;
    let most = 0;
    let rounds = 0;
    const job = createRecurringJob({
      intervalMs: 60_000,
      round: async () => {
        active += 1;
        most = Math.max(most, active);
        rounds += 1;
        if (rounds === 1) await gate.promise;
        active -= 1;
      },
    });
    job.start();
    await until(() => rounds === 1);
    job.nudge();
    job.nudge();
    gate.resolve();
    await until(() => rounds === 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rounds).toBe(2);
    expect(most).toBe(1);
    await job.stop();
  });

  it('reports a failed round and keeps going', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const job = createRecurringJob({
      intervalMs: 10,
      round: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('database away');
      },
      onError: (error) => errors.push(error),
    });
    job.start();
    await until(() => rounds >= 2);
    await job.stop();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('database away');
  });

  it('stop waits for the round under way and schedules no more', async () => {
    const gate = deferred();
    let finished = false;
    let rounds = 0;
    const job = createRecurringJob({
      intervalMs: 5,
      round: async (stopped) => {
        rounds += 1;
        await gate.promise;
        finished = stopped();
      },
    });
    job.start();
    await until(() => rounds === 1);
    const stopping = job.stop();
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rounds).toBe(1);
  });
});
