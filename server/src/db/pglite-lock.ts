// PGlite has no lock of its own: two processes on one data directory (the server and an operator
// command, or two servers) would each write its files and corrupt them. Whoever opens the folder
// takes this lock file first; a lock left by a process that no longer runs is taken over.
import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export const PGLITE_LOCK_FILE = 'portal.lock';

/** A lock file is written in one go; one without a pid this old was left by a crash mid-write. */
const UNREADABLE_LOCK_GRACE_MS = 10_000;

/** Another process (or another handle in this one) has the data directory open. */
export class PgliteLockedError extends Error {
  constructor(
    readonly dataDir: string,
    /** The holder's process id; undefined while its lock file is still being written. */
    readonly pid: number | undefined,
  ) {
    super(
      `The PGlite data directory ${dataDir} is in use by ${
        pid === undefined ? 'another process' : `process ${pid}`
      }: PGlite serves one process at a time. Stop that process first, or use DATABASE_URL.`,
    );
    this.name = 'PgliteLockedError';
  }
}

export interface PgliteLock {
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, under another user.
    return errorCode(error) !== 'ESRCH';
  }
  return isNodeProcess(pid);
}

/**
 * Whether a live pid is a Node.js process, as every holder of this lock is (the server, the
 * operator commands, the tests). Where /proc tells (Linux), a pid reused by some other program
 * after a crash does not keep the folder locked; elsewhere a live pid counts as the holder.
 */
function isNodeProcess(pid: number): boolean {
  let commandLine: string;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true;
  }
  const program = basename(commandLine.split('\0')[0] ?? '');
  return program === '' || /node/i.test(program);
}

function readLock(path: string): { content: string; pid: number | undefined } | undefined {
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(/^pid=(\d+)$/m.exec(content)?.[1]);
  return { content, pid: Number.isSafeInteger(pid) && pid > 0 ? pid : undefined };
}

/** When this process started (a lock written before that is not this process's own). */
const PROCESS_STARTED_MS = Date.now() - process.uptime() * 1000;

function isStale(path: string, pid: number | undefined, content = ''): boolean {
  if (pid === process.pid) {
    // Our own pid: a lock of this process (refused, so one process never opens the folder
    // twice), unless it was written before this process started. In a container every restart
    // runs as the same pid (often 1), so a crash's lock would otherwise block the folder forever.
    const started = Date.parse(/^started=(.+)$/m.exec(content)?.[1] ?? '');
    return Number.isFinite(started) && started < PROCESS_STARTED_MS - 1000;
  }
  if (pid !== undefined) return !isRunning(pid);
  try {
    return Date.now() - statSync(path).mtimeMs > UNREADABLE_LOCK_GRACE_MS;
  } catch {
    return true;
  }
}

/**
 * Takes the lock of a PGlite data directory (which must exist), or throws PgliteLockedError
 * naming the process that holds it.
 */
export function lockPgliteDir(dataDir: string): PgliteLock {
  const path = join(dataDir, PGLITE_LOCK_FILE);
  const content = `pid=${process.pid}\nstarted=${new Date().toISOString()}\n`;
  // Twice at most: a stale lock is removed once, then the directory is ours or someone else's.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, content, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readLock(path)?.content === content) unlinkSync(path);
        },
      };
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const held = readLock(path);
    if (!held) continue;
    if (!isStale(path, held.pid, held.content)) throw new PgliteLockedError(dataDir, held.pid);
    // Only the stale file we judged: a process that took it over meanwhile keeps its lock.
    if (readLock(path)?.content === held.content) {
      try {
        unlinkSync(path);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    }
  }
  throw new PgliteLockedError(dataDir, readLock(path)?.pid);
}
