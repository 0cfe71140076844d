import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginResponseBody, type SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

// The first sign-in of a file loads the lazy routes; on a busy machine that takes over 1 s.
configure({ asyncUtilTimeout: 5000 });

const SSO: SettingValues = {
  'ssoOptions.useSingleSignOnOption': 'true',
  'ssoOptions.ssoLoginURLOption': 'https://sso.harbor.example/login',
};
const DASHBOARD_HEADING = { level: 1, name: 'Welcome, Jordan Rivers' } as const;

function stubOpen() {
  const open = vi.fn();
  vi.stubGlobal('open', open);
  return open;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('single sign-on screen', () => {
  it('shows a 50 px spinner while the token sign-in runs, with channel Web', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { server } = renderPortal({
      path: '/home/sso/token-abc',
      settings: SSO,
      routes: {
        'POST /api/login/ssologin': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    });
    await waitFor(() => {
      const spinners = screen.getAllByRole('progressbar');
      expect(spinners.some((spinner) => spinner.style.width === '50px')).toBe(true);
    });
    await expectNoAxeViolations();
    await waitFor(() => expect(server.requestsTo('POST /api/login/ssologin')).toHaveLength(1));
    expect(server.requestsTo('POST /api/login/ssologin')[0]?.body).toEqual({
      Token: 'token-abc',
      Channel: 'Web',
    });
    answer({ body: loginResponseBody() });
    expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
    expect(window.location.hash).toBe('#/myaccount/dashboard');
  });

  it('runs the post-login steps of the single sign-on answer on the login screen', async () => {
    renderPortal({
      path: '/home/sso/token-abc',
      settings: {
        ...SSO,
        'agreementTexts.agreementSetup': 'https://h.example/t.pdf|2024-01-01|Terms|login',
      },
      routes: { 'POST /api/login/ssologin': { body: loginResponseBody() } },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Agreements' })).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
  });

  it('returns to the single sign-on login with userCancelled when a step is cancelled', async () => {
    const open = stubOpen();
    const { user, server } = renderPortal({
      path: '/home/sso/token-abc',
      settings: {
        ...SSO,
        'agreementTexts.agreementSetup': 'https://h.example/t.pdf|2024-01-01|Terms|login',
      },
      routes: { 'POST /api/login/ssologin': { body: loginResponseBody() } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Agreements' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://sso.harbor.example/login?reason=userCancelled',
        '_self',
      ),
    );
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(1);
  });

  it.each([
    ['notLoggedIn', { body: loginResponseBody({ IsLoggedIn: false }) }],
    ['error', { status: 403, body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] } }],
  ])('sends the user back to the single sign-on login with reason %s', async (reason, answer) => {
    const open = stubOpen();
    renderPortal({
      path: '/home/sso/token-abc',
      settings: { ...SSO, 'ssoOptions.ssoLoginCode': 'HCB' },
      routes: { 'POST /api/login/ssologin': answer },
    });
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        `https://sso.harbor.example/login?code=HCB&reason=${reason}`,
        '_self',
      ),
    );
  });

  it('sends the user to a single sign-on login on this server', async () => {
    const open = stubOpen();
    renderPortal({
      path: '/home/sso/token-abc',
      settings: { ...SSO, 'ssoOptions.ssoLoginURLOption': '/demo/idp' },
      routes: { 'POST /api/login/ssologin': { body: loginResponseBody({ IsLoggedIn: false }) } },
    });
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        `${window.location.origin}/demo/idp?reason=notLoggedIn`,
        '_self',
      ),
    );
  });

  it("says 'No SSO URL defined!' when it cannot send the user back", async () => {
    const open = stubOpen();
    renderPortal({
      path: '/home/sso/token-abc',
      settings: { 'ssoOptions.useSingleSignOnOption': 'true' },
      routes: { 'POST /api/login/ssologin': { status: 500, body: {} } },
    });
    expect(await screen.findByText('No SSO URL defined!')).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });

  it('goes to the login flagged unauthorized without a token', async () => {
    const { server } = renderPortal({ path: '/home/sso', settings: SSO });
    expect(await screen.findByText('Not Authorized.')).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
    expect(server.requestsTo('POST /api/login/ssologin')).toHaveLength(0);
  });

  it('goes to the plain login without single sign-on', async () => {
    const { server } = renderPortal({ path: '/home/sso/token-abc' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
    expect(screen.queryByText('Not Authorized.')).toBeNull();
    expect(server.requestsTo('POST /api/login/ssologin')).toHaveLength(0);
  });
});
