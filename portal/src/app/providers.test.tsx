import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicationOptionsBody } from '../testing/fixtures';
import { PortalProviders, prepareStartup } from './providers';

describe('the portal theme providers', () => {
  it('follows a colour scheme that changes after the portal started (the admin Dark toggle)', async () => {
    const light = prepareStartup(applicationOptionsBody({ 'themeOptions.colorScheme': 'light' }));
    const dark = prepareStartup(applicationOptionsBody({ 'themeOptions.colorScheme': 'dark' }));
    const view = render(
      <PortalProviders startup={light}>
        <p>content</p>
      </PortalProviders>,
    );
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    view.rerender(
      <PortalProviders startup={dark}>
        <p>content</p>
      </PortalProviders>,
    );
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(document.documentElement).not.toHaveClass('light');
  });
});
