#!/usr/bin/env node
// Starts the built server for the Playwright journeys on a throwaway PGlite data directory,
// seeded with the demo institutions, and removes the directory when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = join(root, 'e2e', '.tmp');
mkdirSync(tmp, { recursive: true });
const dataDir = mkdtempSync(join(tmp, 'data-'));

const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    // The journeys' clock (e2e/journey-clock.ts): a business day at 15:00 UTC.
    DEMO_CLOCK_START: new Date(
      Date.now() + Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0),
    ).toISOString(),
    DATABASE_URL: '',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Journeys send X-Forwarded-For (e2e/fixtures.ts); trusted from the loopback address only.
    TRUST_PROXY: '127.0.0.1',
  },
});

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
