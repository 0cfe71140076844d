import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applicationOptionsBody, loginResponseBody } from '../testing/fixtures';
import { renderPortal } from '../testing/render-portal';

describe('start-up', () => {
  it('loads the application options first and shows the login page with them', async () => {
    const { server } = renderPortal({ path: '/home/login' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    expect(server.requests[0]?.path).toBe('/api/setup/ApplicationOptions');
    await waitFor(() => expect(document.title).toBe('Payments - Login'));
  });

  it('shows the Error500 page when the options cannot be loaded, and retries', async () => {
    const { server, user } = renderPortal({
      routes: { 'GET /api/setup/ApplicationOptions': { status: 500, body: {} } },
    });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(/error/i);
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();

    server.route('GET /api/setup/ApplicationOptions', { body: applicationOptionsBody() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('treats settings the theme cannot read as a failed start-up', async () => {
    renderPortal({ settings: { 'themeOptions.borderRadius': 'round' } });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/error/i);
  });
});

describe('routes', () => {
  it('sends an unknown path home', async () => {
    renderPortal({ path: '/no/such/page' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
  });

  it('sends the empty path home', async () => {
    renderPortal({ path: '' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
  });

  it('sends a myaccount route without a session to the login', async () => {
    renderPortal({ path: '/myaccount/dashboard' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
  });

  it("signs the admin's preview in as the sample borrower on a myaccount route", async () => {
    const { server } = renderPortal({
      path: '/myaccount/dashboard',
      search: '?previewToken=preview-123',
      routes: {
        'POST /api/Preview/SignIn': {
          body: loginResponseBody({ PersonalName: 'Sample Borrower', UserToken: 'sample-token' }),
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Sample Borrower' }),
    ).toBeVisible();
    const [signIn] = server.requestsTo('POST /api/Preview/SignIn');
    expect(signIn?.headers.get('X-Preview-Token')).toBe('preview-123');
    // The sample's session rides in memory, as a header on the calls that follow.
    await waitFor(() =>
      expect(server.requestsTo('GET /api/accountList')[0]?.headers.get('UserToken')).toBe(
        'sample-token',
      ),
    );
  });

  it('restores the session on reload and shows the myaccount route', async () => {
    renderPortal({ path: '/myaccount/dashboard', signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan Rivers' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Payments - Dashboard'));
  });

  it('asks nothing about a session on the sign-in page (no 401 for every visitor)', async () => {
    const { server } = renderPortal({ path: '/home/login' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Payments - Login'));
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(0);
  });

  it('checks the session once a myaccount route is reached from the sign-in page, without a blocker warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { server } = renderPortal({ path: '/home/login', signedIn: true });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(0);
    // An address typed into the bar: a POP navigation the router did not make.
    window.location.hash = '#/myaccount/dashboard';
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan Rivers' }),
    ).toBeVisible();
    expect(server.requestsTo('GET /api/Profile')).toHaveLength(1);
    const blockerWarnings = warn.mock.calls.filter((call) =>
      call.some((part) => String(part).includes('blocker')),
    );
    expect(blockerWarnings).toEqual([]);
    warn.mockRestore();
  });

  it('opens registration without single sign-on', async () => {
    renderPortal({ path: '/home/register' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal Data' })).toBeVisible();
    expect(window.location.hash).toBe('#/home/register');
  });

  it.each(['/home/register', '/home/recovery', '/home/verifyEmail/abc'])(
    'blocks %s under single sign-on',
    async (path) => {
      renderPortal({ path, settings: { 'ssoOptions.useSingleSignOnOption': 'true' } });
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
      expect(window.location.hash).toBe('#/home/login');
    },
  );
});
