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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['portal/src/**/*.test.{ts,tsx}', 'admin/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.web-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
