import { expectNoAxeViolations, type StubResponse } from '@portal/web-kit/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAutoLogin, takeAutoLogin } from '../../../lib/session/auto-login';
import { TRUSTED_DEVICES_STORAGE_KEY } from '../../../lib/session/trusted-devices';
import { loginResponseBody } from '../../../testing/fixtures';
import { renderPortal, type RenderPortalOptions } from '../../../testing/render-portal';
import { decodeSignInCheck, signInCheckHash } from '@portal/domain';

// The first sign-in of a file loads the lazy routes; on a busy machine that takes over 1 s.
configure({ asyncUtilTimeout: 5000 });

function forbidden(code: string) {
  return { status: 403, body: { HasNoErrors: false, Errors: [{ ErrorMessage: code }] } };
}

/** The background images of decorative (aria-hidden) elements. */
function backgroundImages(): string[] {
  return Array.from(document.querySelectorAll('[aria-hidden="true"]'))
    .map((element) => getComputedStyle(element).backgroundImage)
    .filter((image) => image !== '' && image !== 'none');
}

const OFFLINE = 'We are currently offline for maintenance. Please try again later.';

async function signIn(user: ReturnType<typeof renderPortal>['user'], username = 'jordan.rivers') {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

function renderWithLogin(answer: StubResponse, options: RenderPortalOptions = {}) {
  return renderPortal({
    ...options,
    routes: { 'POST /api/login/userlogin': answer },
  } satisfies RenderPortalOptions);
}

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

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

  it('passes the sign-in check the server asks for after many failures from the address, saying so, and signs in', async () => {
    const salt = '00112233445566778899aabb?expires=1800000000&i=1';
    const challenge = await signInCheckHash(salt, 42);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user, server } = renderPortal({
      routes: {
        'POST /api/login/userlogin': (request) =>
          typeof request.body === 'object' && request.body !== null && 'SignInCheck' in request.body
            ? { body: loginResponseBody() }
            : forbidden('SignInCheckRequired'),
        'GET /api/login/SignInCheck': async () => {
          await held;
          return {
            body: {
              HasNoErrors: true,
              Errors: [],
              Algorithm: 'SHA-256',
              Challenge: challenge,
              MaxNumber: 100,
              Salt: salt,
              Signature: 'signed',
            },
          };
        },
      },
    });
    await signIn(user);
    const status = await screen.findByText(/your browser is doing a short security check/);
    expect(status.closest('[role="status"]')).toHaveTextContent(
      'Many sign-ins have failed from your network recently, so your browser is doing a short security check before signing you in. This can take a few seconds.',
    );
    expect(screen.queryByText(/maximum number of login attempts/)).toBeNull();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan Rivers' }),
    ).toBeVisible();
    const sent = server.requestsTo('POST /api/login/userlogin');
    expect(sent).toHaveLength(2);
    expect(
      decodeSignInCheck(String((sent[1]?.body as { SignInCheck?: string }).SignInCheck)),
    ).toMatchObject({ number: 42, challenge, signature: 'signed' });
  });

  it('says the check could not be completed when the server refuses the solved check', async () => {
    const salt = '00112233445566778899aabb?expires=1800000000&i=1';
    const { user } = renderPortal({
      routes: {
        'POST /api/login/userlogin': forbidden('SignInCheckRequired'),
        'GET /api/login/SignInCheck': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Algorithm: 'SHA-256',
            Challenge: await signInCheckHash(salt, 7),
            MaxNumber: 10,
            Salt: salt,
            Signature: 's',
          },
        },
      },
    });
    await signIn(user);
    expect(
      await screen.findByText(
        'The security check before signing in could not be completed. Please try again.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it.each([
    ['Invalid', 'Username or password is invalid.'],
    [
      'LockedOnBadPassword',
      'You have exceeded the maximum number of login attempts. Please contact your institution.',
    ],
    [
      'MaxAttemptsReached',
      'You have exceeded the maximum number of login attempts. Please contact your institution.',
    ],
    [
      'LogonNotAllowed',
      'There was an error validating your credentials. Please contact your institution.',
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
  ])('explains a 403 %s answer and keeps the form', async (code, message) => {
    const { user } = renderWithLogin(forbidden(code));
    await signIn(user);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
  });

  it.each(['maintenanceModeEnabled', 'ServerError'])(
    'shows the offline banner and hides the form for a 403 %s answer',
    async (code) => {
      const { user } = renderWithLogin(forbidden(code));
      await signIn(user);
      expect(await screen.findByText(OFFLINE)).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    },
  );

  it('says the site is offline and hides the form when the server fails', async () => {
    const { user } = renderWithLogin({ status: 500, body: {} });
    await signIn(user);
    expect(await screen.findByText(OFFLINE)).toBeVisible();
    expect(screen.queryByLabelText('Username')).toBeNull();
  });

  it('asks to wait when the server refuses too many sign-ins (429)', async () => {
    const { user } = renderWithLogin({
      status: 429,
      body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'TooManyRequests' }] },
    });
    await signIn(user);
    expect(
      await screen.findByText(/Too many sign-in requests are coming from your network/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('hides the form when maintenance mode is on at load', async () => {
    const { server } = renderPortal({
      routes: {
        'GET /api/MaintenanceMode': { body: { HasNoErrors: true, Errors: [], isEnabled: true } },
      },
    });
    expect(await screen.findByText(OFFLINE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(server.requestsTo('GET /api/MaintenanceMode')).toHaveLength(1);
  });

  it('says Not Authorized when the server accepted nothing and asks for no step', async () => {
    const { user } = renderWithLogin({ body: loginResponseBody({ IsLoggedIn: false }) });
    await signIn(user);
    expect(await screen.findByText('Not Authorized.')).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
  });

  it('hides the registration and recovery links under single sign-on', async () => {
    renderPortal({ settings: { 'ssoOptions.useSingleSignOnOption': 'true' } });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot Username or Password?' })).toBeNull();
  });

  it('links to registration, recovery, the browser requirements and the FAQ', async () => {
    renderPortal({
      settings: {
        'loginOptions.browserRequirementsURLOption': 'https://harbor.example/browsers',
      },
    });
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '#/home/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot Username or Password?' })).toHaveAttribute(
      'href',
      '#/home/recovery',
    );
    const requirements = screen.getByRole('link', { name: 'Browser Requirements' });
    expect(requirements).toHaveAttribute('href', 'https://harbor.example/browsers');
    expect(requirements).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '#/home/faq');
  });

  it('sends the browser requirements link to the FAQ without an address, and hides both without the FAQ', async () => {
    const first = renderPortal();
    expect(await screen.findByRole('link', { name: 'Browser Requirements' })).toHaveAttribute(
      'href',
      '#/home/faq',
    );
    first.unmount();
    renderPortal({ settings: { 'globalOptions.useFAQOption': 'false' } });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('link', { name: 'Browser Requirements' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'FAQ' })).toBeNull();
  });

  it('logs out with the not-authorized banner when a call answers Unauthorized', async () => {
    const { server } = renderPortal({
      path: '/myaccount/dashboard',
      signedIn: true,
      routes: {
        'GET /api/accountList': {
          status: 401,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Unauthorized' }] },
        },
      },
    });
    expect(await screen.findByText('Not Authorized.')).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(screen.queryByText('Your session has expired!')).toBeNull();
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(1);
  });

  it('has no axe violations, with its messages and information shown', async () => {
    const { user } = renderWithLogin(forbidden('Invalid'), {
      settings: {
        'loginTexts.infoRichText': '<p>New: pay by card.</p>',
        'loginOptions.infoLists': JSON.stringify([{ title: 'Why sign in', items: ['Pay'] }]),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await screen.findByText('You must enter a username');
    await expectNoAxeViolations();
    await signIn(user);
    await screen.findByText('Username or password is invalid.');
    await expectNoAxeViolations();
  });

  it('shows no banner on a plain visit', async () => {
    renderPortal();
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByText('Not Authorized.')).toBeNull();
    expect(screen.queryByText('Your session has expired!')).toBeNull();
  });

  it('shows the logo, the top heading and the form heading; the logo can be hidden', async () => {
    const first = renderPortal();
    expect(await screen.findByRole('img', { name: 'Harbor Community Bank' })).toHaveAttribute(
      'src',
      '/cdn/harbor/branding/logos/logoFullWhite.svg',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Sign In' })).toBeVisible();
    first.unmount();
    renderPortal({ settings: { 'loginOptions.showLogoOption': 'false' } });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('img', { name: 'Harbor Community Bank' })).toBeNull();
  });

  it("uses the institution's wording for the field labels and the button", async () => {
    renderPortal({
      settings: {
        'loginTexts.usernameLabel': 'Online ID',
        'loginTexts.passwordLabel': 'Passcode',
        'loginTexts.signInButtonText': 'Log On',
      },
    });
    expect(await screen.findByRole('button', { name: 'Log On' })).toBeVisible();
    expect(screen.getByLabelText('Online ID')).toBeVisible();
    expect(screen.getByLabelText('Passcode')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it.each([
    ['a cdn path', 'branding/login-background.jpg', '/cdn/harbor/branding/login-background.jpg'],
    ['an https address', 'https://images.example/bg.jpg', 'https://images.example/bg.jpg'],
  ])('shows the background image from %s', async (_, setting, url) => {
    renderPortal({ settings: { 'loginOptions.backgroundImage': setting } });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(backgroundImages()).toEqual([`url("${url}")`]);
  });

  it('ignores a background value that could break out of the style', async () => {
    renderPortal({ settings: { 'loginOptions.backgroundImage': 'x.jpg"); color: red; ("' } });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(backgroundImages()).toEqual([]);
  });

  it('shows the information rich texts and lists beside the form', async () => {
    renderPortal({
      settings: {
        'loginTexts.infoRichText': '<p>New: pay by card.</p><script>alert(1)</script>',
        'loginTexts.secondaryInfoRichText': '<p>Questions? Call us.</p>',
        'loginOptions.infoLists': JSON.stringify([
          { title: 'Why sign in', items: ['See your balance', 'Make a payment'] },
        ]),
      },
    });
    expect(await screen.findByText('New: pay by card.')).toBeVisible();
    expect(await screen.findByText('Questions? Call us.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Why sign in' })).toBeVisible();
    expect(screen.getByRole('list')).toHaveTextContent('See your balanceMake a payment');
    expect(document.querySelector('script')).toBeNull();
  });
});

describe('quick sign-in', () => {
  it('signs the demo borrower in with one button in development builds', async () => {
    const { user, server } = renderWithLogin({ body: loginResponseBody() });
    await user.click(await screen.findByRole('button', { name: 'Quick Sign In' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan Rivers' }),
    ).toBeVisible();
    expect(server.requestsTo('POST /api/login/userlogin')[0]?.body).toEqual({
      username: 'jordan.rivers',
      password: 'Demo-Pass-2024',
    });
  });

  it('is not there in production builds', async () => {
    vi.stubEnv('DEV', false);
    renderPortal();
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: 'Quick Sign In' })).toBeNull();
  });
});

describe('announcement', () => {
  const ANNOUNCEMENT = { 'loginTexts.announcementRichText': '<p>Our offices close at noon.</p>' };

  it('opens on load with a Close button', async () => {
    const { user } = renderPortal({ settings: ANNOUNCEMENT });
    const dialog = await screen.findByRole('dialog', { name: 'Announcement' });
    expect(within(dialog).getByText('Our offices close at noon.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['hidden', { 'loginOptions.hideAnnouncementOption': 'true' }],
    ['meant for the mobile app only', { 'loginOptions.announcementMobileOnlyOption': 'true' }],
  ])('does not open when %s', async (_, settings) => {
    renderPortal({ settings: { ...ANNOUNCEMENT, ...settings } });
    await screen.findByRole('button', { name: 'Sign In' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('auto-login', () => {
  it('fills in and submits the credentials another screen handed over, once', async () => {
    setAutoLogin({ username: 'new.user', password: 'Fresh-Pass-1' });
    const { server } = renderPortal({
      routes: { 'POST /api/login/userlogin': { body: loginResponseBody() } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan Rivers' }),
    ).toBeVisible();
    expect(server.requestsTo('POST /api/login/userlogin')[0]?.body).toEqual({
      username: 'new.user',
      password: 'Fresh-Pass-1',
    });
    expect(takeAutoLogin()).toBeNull();
    expect(JSON.stringify(window.history.state)).not.toContain('Fresh-Pass-1');
  });

  it('leaves the filled-in form with the message when the auto-login fails', async () => {
    setAutoLogin({ username: 'new.user', password: 'Fresh-Pass-1' });
    renderWithLogin(forbidden('Restricted'));
    expect(
      await screen.findByText(
        'There was an error validating your credentials. Please contact your institution.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveValue('new.user');
  });
});

describe('single sign-on forwarding', () => {
  const SSO = {
    'ssoOptions.useSingleSignOnOption': 'true',
    'ssoOptions.ssoLoginURLOption': 'https://sso.harbor.example/login',
  };

  it('sends a visitor without login data to the single sign-on login, with the code', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderPortal({ settings: { ...SSO, 'ssoOptions.ssoLoginCode': 'HCB' } });
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://sso.harbor.example/login?code=HCB', '_self'),
    );
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('signs the admin preview in as the sample borrower instead of leaving for the identity provider', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { server } = renderPortal({
      settings: SSO,
      search: '?previewToken=preview-1',
      routes: {
        'POST /api/Preview/SignIn': {
          body: loginResponseBody({ UserName: 'Preview sample', PersonalName: 'Sample Borrower' }),
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Sample Borrower' }),
    ).toBeVisible();
    expect(server.requestsTo('POST /api/Preview/SignIn')).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
  });

  it("says 'No SSO URL defined!' when single sign-on has no address", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderPortal({ settings: { 'ssoOptions.useSingleSignOnOption': 'true' } });
    expect(await screen.findByText('No SSO URL defined!')).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('trusted devices', () => {
  it('sends only the signing-in user’s trusted-device token from local storage', async () => {
    window.localStorage.setItem(
      TRUSTED_DEVICES_STORAGE_KEY,
      JSON.stringify({ 'Jordan.Rivers': 'trusted-1', 'someone.else': 'trusted-2' }),
    );
    const { user, server } = renderWithLogin({ body: loginResponseBody() });
    await signIn(user);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan Rivers' });
    expect(server.requestsTo('POST /api/login/userlogin')[0]?.body).toMatchObject({
      trustedDeviceTokens: { 'Jordan.Rivers': 'trusted-1' },
    });
  });
});
