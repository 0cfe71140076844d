import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite-precompress';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    port: 5174,
    proxy: { '/admin-api': 'http://localhost:3000', '/api': 'http://localhost:3000' },
  },
});
