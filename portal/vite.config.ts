import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown, type UserConfig } from 'vite';
import { precompress } from '../scripts/vite-precompress';
import { probeSignInModules, signedInGroup } from '../scripts/vite-signed-in-chunk';

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

const SIGN_IN_SCREEN = fileURLToPath(
  new URL('src/features/auth/components/login-page.tsx', import.meta.url),
);

/** The browser build, with the groups given. */
function clientConfig(groups: Rolldown.CodeSplittingGroup[]): UserConfig {
  return {
    // Relative asset URLs: the server can mount the portal under any path.
    base: './',
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react(), precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // scripts/bench.mjs reads the manifest to measure the login route's JavaScript.
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: { groups },
          // The shared chunks' names list the screens that share them (scripts/
          // vite-signed-in-chunk.ts): long, and nothing a reader of the network panel needs.
          chunkFileNames: (chunk) =>
            chunk.name.startsWith('signed-in')
              ? 'assets/signed-in-[hash].js'
              : 'assets/[name]-[hash].js',
        },
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
  };
}

export default defineConfig(async ({ isSsrBuild, command }): Promise<UserConfig> => {
  if (isSsrBuild) {
    return {
      base: './',
      plugins: [react()],
      // The server's render of the first paint (src/entry-server.tsx, `npm run build`): one
      // module with its libraries inside, into dist-ssr/ (never served), for the server process
      // to import.
      ssr: { noExternal: true },
      // React's production build on the server too (the client build sets this itself).
      define: {
        'process.env.NODE_ENV': JSON.stringify(process.env.SSR_NODE_ENV ?? 'production'),
      },
      build: { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20' },
    };
  }
  if (command !== 'build') return clientConfig(vendorGroups);
  // What the sign-in page loads, from a first build with the vendor groups alone: the group of
  // the signed-in screens' shared code stays out of it (scripts/vite-signed-in-chunk.ts).
  const probe = clientConfig(vendorGroups);
  const signIn = await probeSignInModules(
    { ...probe, configFile: false, plugins: [react()] },
    SIGN_IN_SCREEN,
  );
  return clientConfig([...vendorGroups, signedInGroup(signIn)]);
});
