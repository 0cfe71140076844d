import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
// Sets the run's clock offset in the environment the server and the workers inherit.
import './journey-clock';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${E2E_PORT}`;

/**
 * Debian's Chromium; Playwright cannot download browsers here. Its headless shell (Debian's
 * package chromium-headless-shell, the build Playwright itself runs headless tests in) when
 * installed: the full browser in headless mode starts extra processes for each page (the browser
 * UI's renderer, an on-device model service) and took the journeys 2.5 min where the shell took
 * 1.7 (accounts, account flows and shell specs, 2 workers). `CHROMIUM_PATH` picks another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Whole journeys (sign in, a loan page, downloads) on a loaded 2-core machine: the longest take
  // 40 s on a quiet one and over a minute on a busy one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A trace records every step's screenshots and DOM: a third of the journeys' time on a 2-core
    // machine. Off unless asked for (E2E_TRACE=1); a failure keeps its screenshot and page snapshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      ignoreDefaultArgs: ['--disable-dev-shm-usage'],
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-gpu-rasterization',
        '--disable-gpu-compositing',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node e2e/start-server.mjs`,
    cwd: '..',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_CLOCK_OFFSET_MS: process.env.E2E_CLOCK_OFFSET_MS ?? '0',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
