import { onTestFinished, vi } from 'vitest';

/**
 * jsdom has no `matchMedia`; this answers min-width/max-width queries for a window of the given
 * width, so the layout takes its small-screen form.
 */
export function stubViewportWidth(width: number): void {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, value]) =>
      kind === 'min' ? width >= Number(value) : width <= Number(value),
    );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}
