import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Tests run in UTC unless they test time zones (STYLE.md).
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'settings-schema/**/*.test.ts',
            'themes/**/*.test.ts',
            'domain/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
          // Gives the run an id for the seeded template databases, and drops them at the end.
          globalSetup: ['./server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The server suites share one module graph per worker: each file builds its own app
          // and database, and none mocks modules or changes the environment, so isolation only
          // re-imported the server per file (452 s against 283 s for this project on 2 cores).
          // The web suites stay isolated: there it saved nothing.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'web-kit/src/**/*.test.{ts,tsx}',
            'portal/src/**/*.test.{ts,tsx}',
            'admin/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['./vitest.web-setup.ts'],
          testTimeout: 20_000,
          // Worker threads start faster than forked processes: 309 s against 324 s here.
          pool: 'threads',
        },
      },
    ],
  },
});
