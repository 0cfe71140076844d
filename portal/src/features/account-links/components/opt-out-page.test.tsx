import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OK } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

const SUCCESS =
  'You have successfully been opted out of notifications. Please allow 24 hours for this to take effect.';
const FAILURE = 'There was a problem updating your email preferences. Please try again.';

describe('opt-out page', () => {
  it('opts the address of the link out and says when it takes effect', async () => {
    const { user, server } = renderPortal({
      path: '/opt-out?token=tok-42',
      routes: { 'POST /api/OptOut/OptOut': OK },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opt Out Of Emails' }),
    ).toBeVisible();
    expect(
      screen.getByText('Click on the button below to opt out of email notifications.'),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: 'Harbor Community Bank' })).toBeVisible();
    expect(screen.queryByText(FAILURE)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Opt Out' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Opt Out' })).toBeNull();
    expect(server.requestsTo('POST /api/OptOut/OptOut')[0]?.body).toEqual({
      EmailAddress: 'tok-42',
    });
  });

  it('says so when the opt-out fails, and lets the user try again', async () => {
    const { user, server } = renderPortal({
      path: '/opt-out?token=tok-42',
      routes: {
        'POST /api/OptOut/OptOut': {
          status: 400,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Opt Out' }));
    expect(await screen.findByText(FAILURE)).toBeVisible();
    server.route('POST /api/OptOut/OptOut', OK);
    await user.click(screen.getByRole('button', { name: 'Opt Out' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
  });

  it('shows the failure at once for a link without a token and calls nothing', async () => {
    const { user, server } = renderPortal({ path: '/opt-out' });
    expect(await screen.findByText(FAILURE)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Opt Out' }));
    expect(server.requestsTo('POST /api/OptOut/OptOut')).toHaveLength(0);
    expect(screen.getByText(FAILURE)).toBeVisible();
  });

  it('starts over when another link opens in the same tab', async () => {
    const { user } = renderPortal({
      path: '/opt-out?token=tok-42',
      routes: { 'POST /api/OptOut/OptOut': OK },
    });
    await user.click(await screen.findByRole('button', { name: 'Opt Out' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    window.location.hash = '#/opt-out?token=tok-43';
    expect(await screen.findByRole('button', { name: 'Opt Out' })).toBeVisible();
    expect(screen.queryByText(SUCCESS)).toBeNull();
  });

  it('has its page title', async () => {
    renderPortal({ path: '/opt-out?token=x' });
    await screen.findByRole('heading', { name: 'Opt Out Of Emails' });
    await expect.poll(() => document.title).toBe('Payments - Opt Out');
  });
});
