import type { StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../../../testing/render-portal';

const LEGACY_RULES = {
  body: {
    HasNoErrors: true,
    Errors: [],
    MinimumLength: 8,
    MaximumLength: 128,
    CustomerCredentials: true,
    PasswordValidationRules: [],
  },
};

function activation(body: Record<string, unknown>, status = 200) {
  return {
    status,
    body: {
      HasNoErrors: status === 200,
      Errors: [],
      UserName: '',
      LogonNameTaken: false,
      Restricted: false,
      ...body,
    },
  };
}

function renderActivation(routes: StubRoutes = {}, path = '/home/activate?token=act-1') {
  return renderPortal({
    path,
    routes: {
      'POST /api/CredentialValidationRules/GetPasswordValidationRules': LEGACY_RULES,
      ...routes,
    },
  });
}

async function fillIn(
  user: ReturnType<typeof renderPortal>['user'],
  password: string,
  repeat = password,
) {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Repeat Password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

const PHONE = '(800) 555-0199';

describe('activation page', () => {
  it('shows its heading and fields', async () => {
    renderActivation();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please Enter Your New Password.' }),
    ).toBeVisible();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show New Password' })).toBeVisible();
  });

  it.each([
    ['', '', 'Password is required.', 'Please enter confirm your password'],
    ['Ab1', 'Ab1', 'Password must be at least 8 characters in length.', undefined],
    ['harborbay', 'harborbay', 'Password must have both a letter and a number', undefined],
    ['Harbor2024', 'Harbor2025', undefined, 'Passwords Do Not Match'],
    [
      `${'a1'.repeat(64)}x`,
      `${'a1'.repeat(64)}x`,
      'Password must be less than 128 characters in length.',
      undefined,
    ],
  ])('checks %j and %j', async (password, repeat, passwordMessage, repeatMessage) => {
    const { user, server } = renderActivation();
    await screen.findByLabelText('New Password');
    if (password) await user.type(screen.getByLabelText('New Password'), password);
    if (repeat) await user.type(screen.getByLabelText('Repeat Password'), repeat);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    if (passwordMessage) {
      expect(await screen.findByText(passwordMessage)).toBeVisible();
      expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(passwordMessage);
    }
    if (repeatMessage) expect(await screen.findByText(repeatMessage)).toBeVisible();
    expect(server.requestsTo('POST /api/Register/ActivateAccount')).toHaveLength(0);
  });

  it('activates the account and signs the user in through the login screen', async () => {
    const { user, server } = renderActivation({
      'POST /api/Register/ActivateAccount': activation({ UserName: 'jordan.rivers' }),
      'POST /api/login/userlogin': {
        status: 403,
        body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] },
      },
    });
    await fillIn(user, 'Harbor2024');
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
    expect(server.requestsTo('POST /api/Register/ActivateAccount')[0]?.body).toEqual({
      Token: 'act-1',
      Password: 'Harbor2024',
    });
    // The password travels in memory only, never in the URL or history state.
    expect(window.location.href).not.toContain('Harbor2024');
    expect(JSON.stringify(window.history.state)).not.toContain('Harbor2024');
    await waitFor(() =>
      expect(server.requestsTo('POST /api/login/userlogin')[0]?.body).toMatchObject({
        username: 'jordan.rivers',
        password: 'Harbor2024',
      }),
    );
  });

  it.each([
    [
      'LogonNameTaken',
      { LogonNameTaken: true },
      `There is already a user with this logon name created. If this is you please go to the login page to sign in. If you need further support please contact customer service at ${PHONE}, Monday to Friday 8:30 AM - 7:30 PM ET.`,
    ],
    [
      'Restricted',
      { Restricted: true },
      `Your account is currently restricted. Please contact customer service at ${PHONE}, Monday to Friday 8:30 AM - 7:30 PM ET.`,
    ],
  ])('explains an answer flagged %s', async (_flag, body, message) => {
    const { user } = renderActivation({
      'POST /api/Register/ActivateAccount': activation({ UserName: 'jordan.rivers', ...body }),
    });
    await fillIn(user, 'Harbor2024');
    expect(await screen.findByText(message)).toBeVisible();
    expect(window.location.hash).toBe('#/home/activate?token=act-1');
  });

  it('shows the generic error with the customer service number from the settings', async () => {
    const { user } = renderPortal({
      path: '/home/activate?token=act-1',
      settings: { 'institutionContactOptions.customerServicePhoneNumber': '(888) 123-4567' },
      routes: {
        'POST /api/CredentialValidationRules/GetPasswordValidationRules': LEGACY_RULES,
        'POST /api/Register/ActivateAccount': {
          status: 400,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'TokenExpired' }] },
        },
      },
    });
    await fillIn(user, 'Harbor2024');
    expect(
      await screen.findByText(
        'There was an error resetting your password. Please contact customer service at (888) 123-4567, Monday to Friday 8:30 AM - 7:30 PM ET.',
      ),
    ).toBeVisible();
  });

  it('sends a link without a token to the login as unauthorized', async () => {
    renderActivation({}, '/home/activate');
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
    expect(await screen.findByText('Not Authorized.')).toBeVisible();
  });
});
