import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../../testing/render-portal';

describe('logged-out layout', () => {
  it('hides the disclosures at first and toggles them open and closed', async () => {
    const { user } = renderPortal({
      settings: {
        'loggedOutLayout.disclosuresRichText': '<p>Equal Housing Lender. Member FDIC.</p>',
      },
    });
    const show = await screen.findByRole('button', { name: 'Show Disclosures' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    const region = document.getElementById(show.getAttribute('aria-controls') ?? '');
    expect(region).not.toBeNull();
    expect(region).not.toBeVisible();
    expect(screen.queryByText(/Equal Housing Lender/)).toBeNull();

    await user.click(show);
    const hide = screen.getByRole('button', { name: 'Hide Disclosures' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Equal Housing Lender. Member FDIC.')).toBeVisible();

    await user.click(hide);
    expect(screen.getByRole('button', { name: 'Show Disclosures' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(region).not.toBeVisible();
  });

  it('has one main landmark and a footer with the year, copyright and images', async () => {
    renderPortal({
      settings: {
        'loggedOutLayout.copyrightText': 'Harbor is a member of the FDIC.',
        'loggedOutLayout.footerImages': JSON.stringify([
          { src: 'images/ehl.svg', alt: 'Equal Housing Lender' },
        ]),
      },
    });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.getAllByRole('main')).toHaveLength(1);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(
      `© ${new Date().getFullYear()} Harbor Community Bank. Harbor is a member of the FDIC.`,
    );
    expect(within(footer).getByRole('img', { name: 'Equal Housing Lender' })).toHaveAttribute(
      'src',
      '/cdn/harbor/images/ehl.svg',
    );
  });
});
