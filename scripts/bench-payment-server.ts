// The server for the submit benchmark (scripts/bench.mjs, "POST /api/PaymentImmediate/SubmitCard"):
// the server's own code, started as server/src/main.ts starts it (PGlite files in DATA_DIR, the
// demo seed, the job queue running, rate windows in memory), with one difference: its clock runs
// from 10:00 in New York on BENCH_PAYMENT_DAY (default 2025-06-17, a Tuesday). Payments are
// dated by the institution's calendar, and the machine's own day may be a Federal Reserve holiday
// or a weekend, when an immediate payment is refused (spec 001 §4): the benchmark would then
// measure refusals. Run through tsx (the built server bundle has no clock to set); prints
// nothing but errors and warnings.
//
//   PORT=3210 DATA_DIR=/tmp/x npx tsx scripts/bench-payment-server.ts
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { buildApp } from '../server/src/app';
import { createPgliteDatabase } from '../server/src/db/create-database';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/demo/seed-demo-data';
import { loadDataKey } from '../server/src/lib/data-key';
import { createDataProtector } from '../server/src/lib/data-protection';
import type { Clock } from '../server/src/lib/clock';

const PORT = Number(process.env.PORT ?? 3210);
const DATA_DIR = process.env.DATA_DIR;
if (!DATA_DIR) throw new Error('DATA_DIR is required');
const DAY = process.env.BENCH_PAYMENT_DAY ?? '2025-06-17';

// 10:00 in New York (EDT in June; EST would be 15:00 UTC, still a business hour).
const startedAt = Date.now();
const base = Date.parse(`${DAY}T14:00:00.000Z`);
const clock: Clock = { now: () => new Date(base + (Date.now() - startedAt)) };

const { key } = loadDataKey({ envKey: undefined, dataDir: DATA_DIR, demoMode: true });
const dataProtector = createDataProtector(key);
const database = await createPgliteDatabase({ dataDir: `${DATA_DIR}/pglite` });
await migrateToLatest(database.db);
await seedDemoData(database.db, { clock, dataProtector });
const app = await buildApp({
  db: database.db,
  clock,
  logger: { level: 'warn' },
  demoMode: true,
  dataProtector,
  runJobs: true,
  rateWindows: 'memory',
  watchStatements: database.watchStatements,
  // The load spreads its sign-ins over many addresses (X-Forwarded-For), as behind a balancer.
  trustProxy: '127.0.0.1',
});
await app.listen({ port: PORT, host: '127.0.0.1' });

// BENCH_PAYMENT_STATEMENTS=1: the statements run, by kind, with their count and their time in
// PGlite (which runs in this thread: the rest is our code), written to stderr when the server
// stops (to see what a submission costs the database).
const statements = new Map<string, { count: number; ms: number }>();
if (process.env.BENCH_PAYMENT_STATEMENTS) {
  database.watchStatements?.((text, ms) => {
    const key = text.replace(/\s+/g, ' ').slice(0, 140);
    const entry = statements.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += ms;
    statements.set(key, entry);
  });
}

// BENCH_PAYMENT_CPU_PROFILE=<file>: a CPU profile of the server from here until it stops (Chrome
// DevTools reads it), to see where a submission's time goes.
const profilePath = process.env.BENCH_PAYMENT_CPU_PROFILE;
const inspector = profilePath ? new Session() : undefined;
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    inspector?.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
if (inspector) {
  inspector.connect();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
}

const stop = async () => {
  if (inspector && profilePath) {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(profilePath, JSON.stringify(profile));
    inspector.disconnect();
  }
  if (statements.size > 0) {
    const sorted = [...statements.entries()].sort((a, b) => b[1].count - a[1].count);
    for (const [text, { count, ms }] of sorted) {
      process.stderr.write(
        `${String(count).padStart(7)} ${ms.toFixed(0).padStart(7)} ms  ${text}\n`,
      );
    }
  }
  app.services.health.beginShutdown();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
