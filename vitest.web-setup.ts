import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy-loaded screens can take over a second to appear on a loaded 2-core CI machine; the
// default 1 s of findBy*/waitFor makes such tests flaky without making them any stricter.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
