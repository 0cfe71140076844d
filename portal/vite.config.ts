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

export default defineConfig({
  // Relative asset URLs: the server can mount the portal under any path.
  base: './',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench.mjs reads the manifest to measure the login route's JavaScript.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': SERVER, '/cdn': SERVER },
  },
});
