import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginResponseBody } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

function forbidden(code: string) {
  return { status: 403, body: { HasNoErrors: false, Errors: [{ ErrorMessage: code }] } };
}

describe('login page', () => {
  it('asks for a username and a password', async () => {
    const { user, server } = renderPortal();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('You must enter a username')).toBeVisible();
    expect(screen.getByText('You must enter a password')).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      'You must enter a username',
    );
    expect(screen.getByLabelText('Username')).toBeInvalid();
    expect(server.requestsTo('POST /api/login/userlogin')).toHaveLength(0);
  });

  it('signs in and greets the user on the dashboard', async () => {
    const { user, server } = renderPortal({
      routes: { 'POST /api/login/userlogin': { body: loginResponseBody() } },
    });
    await user.type(await screen.findByLabelText('Username'), '  jordan.rivers ');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan Rivers' }),
    ).toBeVisible();
    expect(window.location.hash).toBe('#/myaccount/dashboard');
    expect(within(screen.getByRole('banner')).getByText('Jordan Rivers')).toBeVisible();
    const [request] = server.requestsTo('POST /api/login/userlogin');
    expect(request?.body).toEqual({ username: 'jordan.rivers', password: 'Demo-Pass-2024' });
    expect(request?.headers.get('X-Requested-With')).toBe('portal');
  });

  it.each([
    ['Invalid', 'Username or password is invalid.'],
    [
      'MaxAttemptsReached',
      'You have exceeded the maximum number of login attempts. Please contact your institution.',
    ],
    [
      'Restricted',
      'There was an error validating your credentials. Please contact your institution.',
    ],
    [
      'MFANoEmail',
      'There is no email address associated with your account. Please contact your institution.',
    ],
    ['SomethingElse', 'Not Authorized.'],
  ])('explains a 403 %s answer', async (code, message) => {
    const { user } = renderPortal({ routes: { 'POST /api/login/userlogin': forbidden(code) } });
    await user.type(await screen.findByLabelText('Username'), 'jordan.rivers');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
  });

  it('says the site is offline when the server fails', async () => {
    const { user } = renderPortal({
      routes: { 'POST /api/login/userlogin': { status: 500, body: {} } },
    });
    await user.type(await screen.findByLabelText('Username'), 'jordan.rivers');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('We are currently offline for maintenance. Please try again later.'),
    ).toBeVisible();
  });

  it('says so when the account needs a sign-in step that is not built yet', async () => {
    const { user } = renderPortal({
      routes: {
        'POST /api/login/userlogin': {
          body: loginResponseBody({ IsLoggedIn: false, MFARequired: true }),
        },
      },
    });
    await user.type(await screen.findByLabelText('Username'), 'jordan.rivers');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(/needs another sign-in step/)).toBeVisible();
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'));
  });

  it('hides the registration and recovery links under single sign-on', async () => {
    renderPortal({ settings: { 'ssoOptions.useSingleSignOnOption': 'true' } });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot Username or Password?' })).toBeNull();
  });
});
