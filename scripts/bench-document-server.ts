// The server for the upload benchmark (scripts/bench.mjs, "POST /api/file/UploadFileWithLoanNumber,
// 10 MB"): the server's own code started as server/src/main.ts starts it (PGlite files in
// DATA_DIR, or PostgreSQL, the demo seed, the documents in DATA_DIR/documents), run through tsx,
// plus a memory probe the benchmark drives over the IPC channel it is spawned with. Started with
// --expose-gc.
//
// What the probe answers, each figure as a rise above its baseline ({ measure: 'start' }: a full
// collection, then the process's memory):
// - { measure: 'sample' }: the live memory now (full collections first: `live`). The benchmark
//   asks for it with the upload paused at every 2 MB, once the server has written every byte sent
//   to disk: what is still held then is what the upload holds, and a server holding the file
//   would show it.
// - { measure: 'watch' } then { measure: 'stop' }: the highest the memory went while an upload ran
//   at full speed, read every 5 ms without collecting: what the process really carries, garbage
//   included (each 64 KB read of the socket is a new ArrayBuffer, dead once written, freed at the
//   next collection). A collection every few milliseconds would not measure the upload: each one
//   takes tens of milliseconds with the demo data's heap, and the upload would creep along one
//   chunk per collection (an earlier version of this probe did that).
//
//   PORT=3220 DATA_DIR=/tmp/x node --expose-gc --import tsx scripts/bench-document-server.ts
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres (an admin URL): PostgreSQL, in
//   a database of its own created here and dropped when the server stops.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { createDatabase, createPgliteDatabase } from '../server/src/db/create-database';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/demo/seed-demo-data';
import { loadDataKey } from '../server/src/lib/data-key';
import { createDataProtector } from '../server/src/lib/data-protection';
import { systemClock } from '../server/src/lib/clock';

const PORT = Number(process.env.PORT ?? 3220);
const DATA_DIR = process.env.DATA_DIR;
if (!DATA_DIR) throw new Error('DATA_DIR is required');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL?.trim() || undefined;
const send = process.send?.bind(process);
if (!send) throw new Error('start this server with an IPC channel (scripts/bench.mjs does)');
if (!gc) throw new Error('start this server with --expose-gc (scripts/bench.mjs does)');
const collect = gc;

/** Runs one statement on PostgreSQL's admin connection (create and drop the bench's database). */
async function onPostgresAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const postgresName = POSTGRES_URL
  ? `portal_bench_docs_${process.pid}_${randomBytes(3).toString('hex')}`
  : undefined;
async function openDatabase() {
  if (!POSTGRES_URL || !postgresName) {
    return createPgliteDatabase({ dataDir: `${DATA_DIR}/pglite` });
  }
  await onPostgresAdmin(POSTGRES_URL, `create database ${postgresName}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${postgresName}`;
  return createDatabase({ url: url.toString() });
}

const { key } = loadDataKey({ envKey: undefined, dataDir: DATA_DIR, demoMode: true });
const dataProtector = createDataProtector(key);
const database = await openDatabase();
await migrateToLatest(database.db);
await seedDemoData(database.db, { clock: systemClock, dataProtector });
const app = await buildApp({
  db: database.db,
  clock: systemClock,
  logger: { level: 'warn' },
  demoMode: true,
  dataProtector,
  runJobs: true,
  // As main.ts: request windows in memory only where this process is the database's one user.
  rateWindows: POSTGRES_URL ? 'database' : 'memory',
  watchStatements: database.watchStatements,
  documentsDir: `${DATA_DIR}/documents`,
});
await app.listen({ port: PORT, host: '127.0.0.1' });

type Figures = { rss: number; heapUsed: number; arrayBuffers: number };
const read = (): Figures => {
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, arrayBuffers: usage.arrayBuffers };
};
/**
 * The live memory: what a full collection leaves. V8 frees a dead ArrayBuffer's memory after the
 * collection, off the main thread, so Node counts it until then: a figure read straight after one
 * collection can still hold the last megabytes of dead socket reads. A second collection, after a
 * pause, reads what is really held.
 */
const live = async (): Promise<Figures> => {
  collect();
  await new Promise((resolve) => setTimeout(resolve, 20));
  collect();
  return read();
};
const rise = (now: Figures, from: Figures): Figures => ({
  rss: now.rss - from.rss,
  heapUsed: now.heapUsed - from.heapUsed,
  arrayBuffers: now.arrayBuffers - from.arrayBuffers,
});
const highestOf = (a: Figures, b: Figures): Figures => ({
  rss: Math.max(a.rss, b.rss),
  heapUsed: Math.max(a.heapUsed, b.heapUsed),
  arrayBuffers: Math.max(a.arrayBuffers, b.arrayBuffers),
});

let baseline: Figures = await live();
let highest: Figures = baseline;
let watching: NodeJS.Timeout | undefined;

const answer = async (measure: unknown): Promise<void> => {
  if (measure === 'start' || measure === 'watch') {
    clearInterval(watching);
    baseline = await live();
    highest = baseline;
    if (measure === 'watch') {
      watching = setInterval(() => {
        highest = highestOf(highest, read());
      }, 5);
    }
    send({ started: true });
  } else if (measure === 'sample') {
    send(rise(await live(), baseline));
  } else if (measure === 'stop') {
    clearInterval(watching);
    watching = undefined;
    highest = highestOf(highest, read());
    send(rise(highest, baseline));
  }
};
process.on('message', (message: unknown) => {
  const asked = typeof message === 'object' && message !== null ? { ...message } : {};
  void answer('measure' in asked ? asked.measure : undefined);
});

const stop = async () => {
  clearInterval(watching);
  app.services.health.beginShutdown();
  await app.close();
  await database.close();
  if (POSTGRES_URL && postgresName) {
    await onPostgresAdmin(POSTGRES_URL, `drop database if exists ${postgresName} with (force)`);
  }
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
