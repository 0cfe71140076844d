import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OK } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

describe('verify e-mail page', () => {
  it('confirms the address from the link and goes to the login', async () => {
    const { server } = renderPortal({
      path: '/home/verifyEmail/enc-abc',
      routes: { 'POST /api/Login/ValidateEmail': OK },
    });
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
    expect(
      await screen.findByText('Your e-mail address is confirmed. You can sign in with it now.'),
    ).toBeVisible();
    const requests = server.requestsTo('POST /api/Login/ValidateEmail');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ EncryptedUserData: 'enc-abc' });
  });

  it('shows the activation error when the verification fails', async () => {
    renderPortal({
      path: '/home/verifyEmail/enc-abc',
      routes: {
        'POST /api/Login/ValidateEmail': {
          status: 400,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] },
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Email Verification' }),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'There was an error activating your account. Please contact your local servicing branch for assistance.',
      ),
    ).toBeVisible();
    expect(window.location.hash).toBe('#/home/verifyEmail/enc-abc');
  });

  it('says the account cannot be verified when the link has no token', async () => {
    const { server } = renderPortal({ path: '/home/verifyEmail' });
    expect(
      await screen.findByText(
        'We could not verify your account. Please contact your local servicing branch for assistance.',
      ),
    ).toBeVisible();
    expect(server.requestsTo('POST /api/Login/ValidateEmail')).toHaveLength(0);
  });
});
