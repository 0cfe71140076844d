#!/usr/bin/env node
// `npm test`: lint, format and type check, and the build, side by side (each is one process on
// one core); then the domain and server tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set) and the component tests; then the Playwright journeys against the built apps.
import { spawn } from 'node:child_process';

/** Stages that run together; each group starts when the one before has passed. */
const groups = [
  [
    ['lint', 'npm', ['run', '--silent', 'lint']],
    ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
    ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['build', 'npm', ['run', 'build']],
  ],
  // The two vitest projects one after the other: together in one pool of two workers they took
  // longer (798 s) than one after the other (283 s and 326 s) on a 2-core machine.
  // The build of the first group is fresh: the suites that start the real server process start
  // its bundle (TEST_BUILT_SERVER, tests/demo-mode.test.ts) instead of compiling the sources.
  [
    [
      'domain, server and API tests',
      'npx',
      ['vitest', 'run', '--project', 'node'],
      { TEST_BUILT_SERVER: '1' },
    ],
  ],
  [['component tests', 'npx', ['vitest', 'run', '--project', 'web']]],
  [['end-to-end journeys', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']]],
];

const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
if (!env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}

/**
 * Runs one stage. Alone, its output streams through; beside others, it is collected and printed
 * in one piece when the stage ends, so the stages' lines do not interleave.
 */
function run([name, command, args, extraEnv = {}], alone) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: alone ? 'inherit' : 'pipe',
      env: { ...env, ...extraEnv },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output.length > 0) {
        console.log(`\n── ${name} ──`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed after ${seconds} s`);
      resolve(status ?? 1);
    });
  });
}

const started = Date.now();
for (const group of groups) {
  const statuses = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}
console.log(`\nAll stages passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
