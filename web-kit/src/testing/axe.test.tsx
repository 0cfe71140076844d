import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';

// The check every component test's accessibility rests on: it must fail on a violation.
describe('expectNoAxeViolations', () => {
  it('fails on a violation, naming the rule and the element', async () => {
    const { container } = render(
      <main>
        <input type="text" id="unlabelled" />
      </main>,
    );
    const failure: unknown = await expectNoAxeViolations(container).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const actual = (failure as { actual?: unknown }).actual;
    expect(JSON.stringify(actual)).toMatch(/label: .*#unlabelled/);
  });

  it('passes an accessible page', async () => {
    const { container } = render(
      <main>
        <label>
          Name <input type="text" />
        </label>
      </main>,
    );
    await expectNoAxeViolations(container);
  });
});
