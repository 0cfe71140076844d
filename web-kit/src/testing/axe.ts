import { expect } from 'vitest';

/**
 * Fails with the list of axe violations in the rendered page. Colour contrast is left to the
 * Playwright journeys (jsdom does not compute styles), and so are frames: an embedded page (the
 * admin's preview of the portal) is checked by its own app's tests.
 */
export async function expectNoAxeViolations(container: Element = document.body): Promise<void> {
  const { default: axe } = await import('axe-core');
  const results = await axe.run(container, {
    iframes: false,
    rules: { 'color-contrast': { enabled: false } },
    // Only violations are read: axe then skips writing up every passed and incomplete check.
    resultTypes: ['violations'],
  });
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
