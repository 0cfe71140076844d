#!/usr/bin/env node
// `npm start`: builds what is not built (or is older than its sources), then runs the server
// with the portal at / and the admin app at /admin, on PGlite under ./data unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['settings-schema/src', 'settings-schema/schema', 'themes/src', 'domain/src'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const targets = [
  {
    workspace: '@portal/portal',
    output: 'portal/dist/index.html',
    sources: ['portal/src', 'portal/index.html'],
  },
  {
    workspace: '@portal/admin',
    output: 'admin/dist/index.html',
    sources: ['admin/src', 'admin/index.html'],
  },
  { workspace: '@portal/server', output: 'server/dist/main.js', sources: ['server/src'] },
];

const shared = Math.max(...SOURCES.map((path) => newestMtime(join(root, path))));
for (const target of targets) {
  const output = join(root, target.output);
  const sources = Math.max(shared, ...target.sources.map((path) => newestMtime(join(root, path))));
  if (existsSync(output) && statSync(output).mtimeMs >= sources) continue;
  console.log(`Building ${target.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(root, 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
