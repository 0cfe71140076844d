import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The real server process (server/src/main.ts) as an operator starts it, so what is checked is
// what the configuration, the seed and the routes do together.
const root = join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  base: string;
  output: () => string;
}

const running: { child: ChildProcess; dataDir: string }[] = [];

async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-demo-mode-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      TZ: 'UTC',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PORTAL_DIST: join(dataDir, 'no-portal'),
      ADMIN_DIST: join(dataDir, 'no-admin'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push({ child, dataDir });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

afterEach(async () => {
  for (const { child, dataDir } of running.splice(0)) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('demo mode of the real server', () => {
  it('on HOST=0.0.0.0 without DEMO_MODE=true has no demo identity provider, mailbox or users', async () => {
    const server = await startServer({
      HOST: '0.0.0.0',
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    expect((await fetch(`${server.base}/demo/mailbox`)).status).toBe(404);
    expect((await fetch(`${server.base}/demo/mailbox.json?to=x`)).status).toBe(404);
    expect((await fetch(`${server.base}/demo/idp`)).status).toBe(404);
    const signIn = await fetch(`${server.base}/api/login/userlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
      body: JSON.stringify({ username: 'jordan.rivers', password: 'Demo-Pass-2024' }),
    });
    expect(signIn.status).not.toBe(200);
    expect(server.output()).not.toMatch(/Demo sign-ins|Seeded the demo/);
  }, 90_000);

  it('with DEMO_MODE=true on 0.0.0.0 runs the demo, and warns at start', async () => {
    const server = await startServer({ HOST: '0.0.0.0', DEMO_MODE: 'true' });
    expect((await fetch(`${server.base}/demo/mailbox`)).status).toBe(200);
    expect(server.output()).toMatch(/Warning: DEMO_MODE=true on 0\.0\.0\.0/);
  }, 90_000);
});
