/**
 * A job worker in its own process, for job-queue.test.ts to kill in the middle of a job: it
 * connects to the database named on the command line, claims one job of the 'crash-test'
 * queue, writes the job's effect inside the finishing transaction, tells the parent ('inside'),
 * and then hangs until the parent kills it with SIGKILL (no cleanup, no rollback of its own).
 */
import { sql } from 'kysely';
import { createDatabase } from '../db/create-database';
import { systemClock } from '../lib/clock';
import { createJobQueue } from '../modules/jobs/job-queue';

const [url, leaseMs] = process.argv.slice(2);
if (!url || !leaseMs) throw new Error('usage: crashing-job-worker <database url> <lease ms>');
const { db } = await createDatabase({ url });
const queue = createJobQueue({
  db,
  clock: systemClock,
  queues: [
    {
      name: 'crash-test',
      leaseMs: Number(leaseMs),
      async handler(context) {
        await context.complete(async (trx) => {
          await sql`insert into job_test_effects (job_id, instance) values (${context.job.id}, 'killed')`.execute(
            trx,
          );
          process.send?.('inside');
          await new Promise(() => undefined);
        });
      },
    },
  ],
});
process.send?.('ready');
await queue.runOnce('crash-test');
