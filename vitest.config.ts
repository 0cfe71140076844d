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
          // One module graph and one jsdom window per worker, as the node project: MUI, React and
          // jsdom load once per worker instead of once per file (307 s against 420 s for this
          // project on 2 cores). vitest.web-setup.ts resets what a file leaves in the window
          // (stubbed globals, spies, storage, cookies, location, title, root attributes); no test mocks
          // modules (vi.mock would leak into the next file).
          isolate: false,
        },
      },
    ],
  },
});
