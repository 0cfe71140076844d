import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from './create-database';
import { lockPgliteDir, PGLITE_LOCK_FILE, PgliteLockedError } from './pglite-lock';

describe('the PGlite data directory lock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-pglite-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const lockFile = () => join(dataDir, PGLITE_LOCK_FILE);

  function lockError(): PgliteLockedError {
    try {
      lockPgliteDir(dataDir);
    } catch (error) {
      if (error instanceof PgliteLockedError) return error;
      throw error;
    }
    throw new Error('The second lock was granted');
  }

  it('refuses a second opener, naming the pid that holds the folder', () => {
    const lock = lockPgliteDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^pid=${process.pid}\nstarted=`));
    const error = lockError();
    expect(error.pid).toBe(process.pid);
    expect(error.message).toContain(`in use by process ${process.pid}`);
    lock.release();
  });

  it('lets the next opener in once released, and releasing twice removes no one else’s lock', () => {
    const first = lockPgliteDir(dataDir);
    first.release();
    expect(existsSync(lockFile())).toBe(false);
    const second = lockPgliteDir(dataDir);
    first.release();
    expect(lockError().pid).toBe(process.pid);
    second.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    const deadPid = gone.pid;
    if (deadPid === undefined) throw new Error('node did not start');
    writeFileSync(lockFile(), `pid=${deadPid}\nstarted=2020-01-01T00:00:00.000Z\n`);

    const lock = lockPgliteDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toContain(`pid=${process.pid}\n`);
    expect(lockError().pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock of its own pid written before it started (a restarted container)', () => {
    writeFileSync(lockFile(), `pid=${process.pid}\nstarted=2020-01-01T00:00:00.000Z\n`);
    const lock = lockPgliteDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).not.toContain('2020-01-01');
    // Its own live lock still refuses a second opener in the same process.
    expect(lockError().pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(existsSync('/proc/self/cmdline'))(
    'takes over a lock whose pid now belongs to another program (a reused pid)',
    async () => {
      const other = spawn('sleep', ['5']);
      try {
        await once(other, 'spawn');
        writeFileSync(lockFile(), `pid=${other.pid}\nstarted=2020-01-01T00:00:00.000Z\n`);
        const lock = lockPgliteDir(dataDir);
        expect(readFileSync(lockFile(), 'utf8')).toContain(`pid=${process.pid}\n`);
        lock.release();
      } finally {
        other.kill();
      }
    },
  );

  it('keeps a lock file without a pid that was just written (its writer is still at it)', () => {
    writeFileSync(lockFile(), '');
    const error = lockError();
    expect(error.pid).toBeUndefined();
    expect(error.message).toContain('in use by another process');
  });

  it('is taken by createDatabase and released by its close()', async () => {
    const pgliteDir = join(dataDir, 'pglite');
    const first = await createDatabase({ dataDir: pgliteDir });
    await expect(createDatabase({ dataDir: pgliteDir })).rejects.toThrow(
      `in use by process ${process.pid}`,
    );
    await first.close();
    const second = await createDatabase({ dataDir: pgliteDir });
    await second.close();
    expect(existsSync(join(pgliteDir, PGLITE_LOCK_FILE))).toBe(false);
  }, 120_000);
});
