import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { LoginResponse } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { installFakeMobileBridge } from '../../../testing/fake-mobile-bridge';
import { loginResponseBody, type SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

// The first sign-in of a file loads the lazy routes; on a busy machine that takes over 1 s.
configure({ asyncUtilTimeout: 5000 });

const DASHBOARD_HEADING = { level: 1, name: 'Welcome, Jordan Rivers' } as const;
const UPDATE_TEXT = 'A new version of the app is available. Please update the app to continue.';
const BIOMETRICS_PROMPT = 'Would you like to use biometrics to sign in on this device?';

describe('mobile app: update prompt', () => {
  it('asks an app that cannot say its version to update, in a modal that does not close', async () => {
    const bridge = installFakeMobileBridge({ appVersion: null });
    const { user } = renderPortal({
      settings: { 'mobileAppOptions.androidAppStoreId': 'com.harbor.bank' },
    });
    const dialog = await screen.findByRole('dialog', { name: UPDATE_TEXT });
    await expectNoAxeViolations();
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
    await user.keyboard('{Escape}');
    expect(dialog).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Update Now' }));
    expect(bridge.calls).toContainEqual({
      method: 'openStore',
      args: ['https://play.google.com/store/apps/details?id=com.harbor.bank'],
    });
    expect(screen.getByRole('dialog', { name: UPDATE_TEXT })).toBeVisible();
    // No biometric question behind the update prompt.
    expect(bridge.calls.map((call) => call.method)).not.toContain('getBiometricOptIn');
  });

  it('does not ask a current app to update', async () => {
    installFakeMobileBridge({ appVersion: '4.2.0', biometricCapable: false });
    renderPortal();
    await screen.findByRole('button', { name: 'Sign In' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('mobile app: biometric sign-in', () => {
  it('asks a user who never chose, and sends the device id and keeps the token after Confirm', async () => {
    const bridge = installFakeMobileBridge({ biometricOptIn: null });
    const { user, server } = renderPortal({
      routes: {
        'POST /api/login/userlogin': {
          body: loginResponseBody({
            BiometricsToken: 'bio-1',
            BiometricsTokenExpiration: '2026-07-01T00:00:00Z',
          }),
        },
      },
    });
    const prompt = await screen.findByRole('dialog', { name: BIOMETRICS_PROMPT });
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bridge.state.biometricOptIn).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.type(screen.getByLabelText('Username'), 'jordan.rivers');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', DASHBOARD_HEADING);
    expect(server.requestsTo('POST /api/login/userlogin')[0]?.body).toMatchObject({
      deviceId: 'device-1',
    });
    expect(bridge.state.biometricToken).toBe('bio-1');
    expect(bridge.state.biometricTokenExpiresAt).toBe('2026-07-01T00:00:00Z');
  });

  it('remembers a No and sends no device id', async () => {
    const bridge = installFakeMobileBridge({ biometricOptIn: null });
    const { user, server } = renderPortal({
      routes: { 'POST /api/login/userlogin': { body: loginResponseBody() } },
    });
    const prompt = await screen.findByRole('dialog', { name: BIOMETRICS_PROMPT });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(bridge.state.biometricOptIn).toBe(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.type(screen.getByLabelText('Username'), 'jordan.rivers');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', DASHBOARD_HEADING);
    expect(server.requestsTo('POST /api/login/userlogin')[0]?.body).not.toHaveProperty('deviceId');
  });

  it('signs an opted-in user in with the stored token', async () => {
    installFakeMobileBridge({ biometricOptIn: true, biometricToken: 'bio-1' });
    const { server } = renderPortal({
      routes: { 'POST /api/login/tokenlogin': { body: loginResponseBody() } },
    });
    expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
    expect(server.requestsTo('POST /api/login/tokenlogin')[0]?.body).toEqual({
      Token: 'bio-1',
      DeviceID: 'device-1',
    });
    expect(screen.queryByRole('dialog', { name: BIOMETRICS_PROMPT })).toBeNull();
  });

  it('asks for the password when the token is refused, and forgets the token', async () => {
    const bridge = installFakeMobileBridge({ biometricOptIn: true, biometricToken: 'old' });
    renderPortal({
      routes: {
        'POST /api/login/tokenlogin': {
          status: 403,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] },
        },
      },
    });
    expect(await screen.findByText('Username and Password Sign-in Required')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(bridge.state.biometricToken).toBeNull();
  });

  it('does not offer biometrics on a device without them, or when the option is off', async () => {
    const bridge = installFakeMobileBridge({ biometricCapable: false });
    const first = renderPortal();
    await screen.findByRole('button', { name: 'Sign In' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridge.calls.map((call) => call.method)).not.toContain('getBiometricOptIn');
    first.unmount();

    installFakeMobileBridge({ biometricOptIn: null });
    renderPortal({ settings: { 'mobileAppOptions.allowBiometricSignInOption': 'false' } });
    await screen.findByRole('button', { name: 'Sign In' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('mobile app: the biometric token of the post-login steps', () => {
  const TERMS = 'https://harbor.example/terms.pdf|2024-01-31|Online Banking Agreement|login';
  const GRANTED = {
    HasNoErrors: true,
    Errors: [],
    BiometricsToken: 'bio-steps',
    BiometricsTokenExpiration: '2026-07-01T00:00:00Z',
  };
  const NOT_GRANTED = {
    HasNoErrors: true,
    Errors: [],
    BiometricsToken: '',
    BiometricsTokenExpiration: null,
  };

  type User = ReturnType<typeof renderPortal>['user'];

  interface LastStep {
    step: string;
    route: string;
    heading: string;
    login: Partial<LoginResponse>;
    settings?: SettingValues;
    answer(user: User): Promise<void>;
  }

  const acceptAgreement = (user: User) =>
    user.click(
      screen.getByRole('checkbox', {
        name: 'I have read and agree to the Online Banking Agreement',
      }),
    );
  async function setUpQuestion(user: User) {
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Secret Question/ }),
      'What was the name of your first pet?',
    );
    await user.type(screen.getByLabelText(/Secret Answer/), 'Rex');
  }

  const LAST_STEPS: LastStep[] = [
    {
      step: 'agreements',
      route: 'POST /api/AgreementLogging',
      heading: 'Agreements',
      login: {},
      settings: { 'agreementTexts.agreementSetup': TERMS },
      answer: acceptAgreement,
    },
    {
      step: 'validateSSN',
      route: 'POST /api/Login/VerifyNewUser',
      heading: 'Verify Your Identity',
      login: { EmailIsVerified: false },
      settings: { 'postLoginOptions.validateSsnAtCreationOption': 'true' },
      answer: (user) => user.type(screen.getByLabelText('Social Security Number'), '123-45-6789'),
    },
    {
      step: 'setupSecretQuestion',
      route: 'POST /api/register/SetPasswordQuestion',
      heading: 'Set Up a Secret Question',
      login: { HasPasswordQuestion: false },
      answer: setUpQuestion,
    },
  ];

  /** An opted-in user without a stored token signs in with the password and the device id. */
  async function signInOnTheApp(options: {
    login: Partial<LoginResponse>;
    settings?: SettingValues;
    routes: Record<string, { body: unknown }>;
  }) {
    const bridge = installFakeMobileBridge({ biometricOptIn: true });
    const portal = renderPortal({
      settings: options.settings,
      routes: {
        'POST /api/login/userlogin': { body: loginResponseBody(options.login) },
        ...options.routes,
      },
    });
    await portal.user.type(await screen.findByLabelText('Username'), 'jordan.rivers');
    await portal.user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await portal.user.click(screen.getByRole('button', { name: 'Sign In' }));
    return { ...portal, bridge };
  }

  it.each(LAST_STEPS)(
    'hands the token the $step step grants, as the last step, to the app',
    async ({ route, heading, login, settings, answer }) => {
      const { user, server, bridge } = await signInOnTheApp({
        login,
        settings,
        routes: { [route]: { body: GRANTED } },
      });
      await screen.findByRole('heading', { level: 2, name: heading });
      expect(server.requestsTo('POST /api/login/userlogin')[0]?.body).toMatchObject({
        deviceId: 'device-1',
      });
      await answer(user);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
      expect(server.requestsTo(route)).toHaveLength(1);
      expect(bridge.state.biometricToken).toBe('bio-steps');
      expect(bridge.state.biometricTokenExpiresAt).toBe('2026-07-01T00:00:00Z');
    },
    30_000,
  );

  it('keeps the grant of the last step when an earlier step answered without one', async () => {
    const { user, bridge } = await signInOnTheApp({
      login: { HasPasswordQuestion: false },
      settings: { 'agreementTexts.agreementSetup': TERMS },
      routes: {
        'POST /api/register/SetPasswordQuestion': { body: NOT_GRANTED },
        'POST /api/AgreementLogging': { body: GRANTED },
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Set Up a Secret Question' });
    await setUpQuestion(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Agreements' });
    expect(bridge.state.biometricToken).toBeNull();
    await acceptAgreement(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
    expect(bridge.state.biometricToken).toBe('bio-steps');
  }, 30_000);

  it('hands nothing to the app when the steps grant no token', async () => {
    const { user, bridge } = await signInOnTheApp({
      login: {},
      settings: { 'agreementTexts.agreementSetup': TERMS },
      routes: { 'POST /api/AgreementLogging': { body: NOT_GRANTED } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Agreements' });
    await acceptAgreement(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
    expect(bridge.calls.map((call) => call.method)).not.toContain('storeBiometricToken');
  }, 30_000);
});

describe('mobile app: announcement and review', () => {
  it('shows a mobile-only announcement in the app', async () => {
    installFakeMobileBridge({ biometricCapable: false });
    renderPortal({
      settings: {
        'loginTexts.announcementRichText': '<p>Try our new app features.</p>',
        'loginOptions.announcementMobileOnlyOption': 'true',
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Announcement' });
    expect(within(dialog).getByText('Try our new app features.')).toBeVisible();
  });

  it('keeps an announcement not marked mobile-only out of the app', async () => {
    const bridge = installFakeMobileBridge({ biometricCapable: false });
    renderPortal({
      settings: { 'loginTexts.announcementRichText': '<p>Branch hours changed.</p>' },
    });
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() =>
      expect(bridge.calls.map((call) => call.method)).toContain('isBiometricCapable'),
    );
    expect(screen.queryByRole('dialog', { name: 'Announcement' })).toBeNull();
  });

  it('asks the app for an in-app review when the user logs out', async () => {
    const bridge = installFakeMobileBridge({ biometricCapable: false });
    const { user } = renderPortal({
      path: '/myaccount/dashboard',
      signedIn: true,
      settings: { 'mobileAppOptions.requestReviewOnLogoutOption': 'true' },
    });
    await screen.findByRole('heading', DASHBOARD_HEADING);
    const [logout] = screen.getAllByRole('button', { name: 'Logout' });
    if (!logout) throw new Error('no Logout button');
    await user.click(logout);
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
    await user.click(within(confirm).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(bridge.calls.map((call) => call.method)).toContain('requestReview'));
  });

  it('does not ask for a review when the option is off or the session expired', async () => {
    const bridge = installFakeMobileBridge({ biometricCapable: false });
    renderPortal({
      path: '/myaccount/dashboard',
      signedIn: true,
      settings: { 'mobileAppOptions.requestReviewOnLogoutOption': 'true' },
      routes: {
        'GET /api/accountList': {
          status: 401,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Unauthorized' }] },
        },
      },
    });
    expect(await screen.findByText('Not Authorized.')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bridge.calls.map((call) => call.method)).not.toContain('requestReview');
  });
});
