import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A server of a journey's own, for the journeys that need time to pass: the shared journey
 * server (e2e/start-server.mjs) runs on one demo clock for the whole run, so a journey that must
 * see a later day starts the built server itself on a data directory of its own, stops it and
 * starts it again on the same directory with a later DEMO_CLOCK_START. The database (PGlite in
 * DATA_DIR) keeps everything between the two; only the clock moves.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

export interface OwnServer {
  /** The DEMO_CLOCK_START it was started with. */
  clockStart: Date;
  /** Now on the server's clock (it starts at clockStart and runs on in real time). */
  now(): Date;
  /** What the server printed lately (its warnings and errors at LOG_LEVEL=warn). */
  output(): string;
  /** SIGINT, then waits for the process to exit (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

/** A fresh throwaway data directory under e2e/.tmp (as start-server.mjs makes its own). */
export function makeDataDir(): string {
  const tmp = join(root, 'e2e', '.tmp');
  mkdirSync(tmp, { recursive: true });
  return mkdtempSync(join(tmp, 'own-data-'));
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node server/dist/main.js` in demo mode on `port` and `dataDir`, its clock starting at
 * `clockStart`, and resolves once /readyz answers 200 (the first start seeds the demo data: about
 * half a minute on a quiet machine).
 */
export async function startOwnServer(options: {
  port: number;
  dataDir: string;
  clockStart: Date;
  readyTimeoutMs?: number;
}): Promise<OwnServer> {
  const output: string[] = [];
  const child = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DEMO_MODE: 'true',
      DEMO_CLOCK_START: options.clockStart.toISOString(),
      DATABASE_URL: '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  });
  const startedAt = Date.now();
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: OwnServer = {
    clockStart: options.clockStart,
    now: () => new Date(options.clockStart.getTime() + (Date.now() - startedAt)),
    output: () => output.join(''),
    async stop(timeoutMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited(child);
      clearTimeout(timer);
    },
  };

  const deadline = startedAt + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server on ${options.port} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output.join('')}`,
      );
    }
    try {
      const answer = await fetch(`http://127.0.0.1:${options.port}/readyz`);
      if (answer.ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`The server on ${options.port} was not ready in time:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
