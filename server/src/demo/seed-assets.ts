import { fileURLToPath } from 'node:url';

/**
 * The demo institutions' logos shipped with the server: `src/demo/assets` in the repository,
 * copied next to the bundle (`dist/assets`) by build.mjs. /cdn falls back to them.
 */
export const SEED_ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));
