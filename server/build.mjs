#!/usr/bin/env node
// Bundles the server into dist/main.js and the operators' commands into dist/staff.js and
// dist/institution.js.
// node_modules packages stay external (installed next to the bundle); our @portal/* workspace
// packages export TypeScript sources, so they are bundled.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
const dist = `${root}dist`;

rmSync(dist, { recursive: true, force: true });

/** Marks every bare import external except our workspace packages. */
const externalNodeModules = {
  name: 'external-node-modules',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: {
    main: `${root}src/main.ts`,
    staff: `${root}src/cli/staff.ts`,
    institution: `${root}src/cli/institution.ts`,
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalNodeModules],
  logLevel: 'warning',
});

// The demo logos: /cdn falls back to them (see src/demo/seed-assets.ts).
cpSync(`${root}src/demo/assets`, `${dist}/assets`, { recursive: true });
console.log('Built server/dist/main.js, server/dist/staff.js and server/dist/institution.js');
