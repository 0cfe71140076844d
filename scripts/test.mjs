#!/usr/bin/env node
// `npm test`: lint, type check, unit/component/server tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the Playwright journeys against the built apps.
import { spawnSync } from 'node:child_process';

const stages = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
  ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['unit, component and API tests', 'npx', ['vitest', 'run']],
  ['build', 'npm', ['run', 'build']],
  ['end-to-end journeys', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
if (!env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}
const started = Date.now();
for (const [name, command, args] of stages) {
  const stageStart = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - stageStart) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log(`\nAll stages passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
