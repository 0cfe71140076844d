import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite-precompress';

const SERVER = 'http://localhost:3000';

// Long-lived vendor chunks for what the first page needs; libraries only lazy screens use stay
// with those screens. `$initial` limits a group to modules the entry loads up front.
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/,
    priority: 30,
  },
  {
    name: 'vendor-mui',
    test: /node_modules[\\/](?:@mui|@emotion|@popperjs|stylis|react-transition-group)[\\/]/,
    priority: 20,
  },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
].map((group) => ({ ...group, tags: ['$initial' as const] }));

export default defineConfig(({ isSsrBuild }) => ({
  // Relative asset URLs: the server can mount the portal under any path.
  base: './',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  // The server's render of the first paint (src/entry-server.tsx, `npm run build`): one module
  // with its libraries inside, into dist-ssr/ (never served), for the server process to import.
  ssr: { noExternal: true },
  // React's production build on the server too (the client build sets this itself).
  define: isSsrBuild
    ? { 'process.env.NODE_ENV': JSON.stringify(process.env.SSR_NODE_ENV ?? 'production') }
    : {},
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20' }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // scripts/bench.mjs reads the manifest to measure the login route's JavaScript.
        manifest: true,
        rolldownOptions: {
          output: { codeSplitting: { groups: vendorGroups } },
          // Zod's builders (`z.object(...)`, and every call chained on what they return) and the
          // domain's `withEnvelope` only build a schema: a schema no code of the route uses is
          // dropped instead of being built when its module loads (issue 23: the admin's schemas
          // were built in the borrower's entry). Nothing in the front end configures zod
          // globally (no `z.config`, no registry), which this would drop.
          treeshake: { manualPureFunctions: ['z', 'withEnvelope'] },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': SERVER, '/cdn': SERVER },
  },
}));
