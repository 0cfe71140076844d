import type { StubResponse, StubRoutes } from '@portal/web-kit/testing';
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

function refused(code: string, status = 400): StubResponse {
  return { status, body: { HasNoErrors: false, Errors: [{ ErrorMessage: code }] } };
}

function renderReset(routes: StubRoutes = {}, path = '/home/forcePasswordChange/enc-9') {
  return renderPortal({
    path,
    routes: {
      'POST /api/CredentialValidationRules/GetPasswordValidationRules': LEGACY_RULES,
      ...routes,
    },
  });
}

async function submit(user: ReturnType<typeof renderPortal>['user'], password = 'Harbor2024') {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), password);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('force password change page (reset link)', () => {
  it('changes the password with the link token and goes to the login', async () => {
    const { user, server } = renderReset({
      'POST /api/Login/ResetPassword': {
        body: {
          HasNoErrors: true,
          Errors: [],
          IsLoggedIn: false,
          UserToken: '',
          BiometricsTokenExpiration: null,
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change Your Password' }),
    ).toBeVisible();
    await submit(user);
    expect(await screen.findByText(/Your password has been changed/)).toBeVisible();
    expect(server.requestsTo('POST /api/Login/ResetPassword')[0]?.body).toEqual({
      Enc: 'enc-9',
      Password: 'Harbor2024',
    });
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
  });

  it('asks for matching passwords', async () => {
    const { user, server } = renderReset();
    await user.type(await screen.findByLabelText('New Password'), 'Harbor2024');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Harbor2025');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Passwords Do Not Match')).toBeVisible();
    expect(server.requestsTo('POST /api/Login/ResetPassword')).toHaveLength(0);
  });

  it('requires both fields', async () => {
    const { user } = renderReset();
    await screen.findByLabelText('New Password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findAllByText('Password is required.')).toHaveLength(2);
  });

  it('says an expired link is no longer valid and hides the form', async () => {
    const { user } = renderReset({ 'POST /api/Login/ResetPassword': refused('Expired', 403) });
    await submit(user);
    expect(
      await screen.findByText('The link you are using to reset your password is no longer valid.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it.each([
    ['ReusedPassword', 'Password cannot be a previous password.'],
    ['PasswordMissingCapitalLetter', 'Password must contain a capital letter.'],
    ['PasswordMissingLowercaseLetter', 'Password must contain a lowercase letter.'],
    ['PasswordMissingLetter', 'Password must contain a letter.'],
    ['PasswordMissingNumber', 'Password must contain a number.'],
    ['PasswordMissingSpecialCharacter', 'Password must contain a special character.'],
    ['PasswordEqualsPortionOfLogon', 'Password cannot equal a portion of your login name.'],
    ['PasswordMatchesEmail', 'Password must not match your email address.'],
    [
      'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
      'Password cannot contain three or more consecutive identical characters.',
    ],
    ['ChooseDifferentPassword', 'Please choose a different password.'],
    ['PasswordTooShort', 'Password is not long enough.'],
    ['PasswordSameAsLogin', 'Password must not be the same as the username.'],
    ['PasswordSameAsSSN', 'Password must not match your SSN.'],
    ['PasswordNeedsLetterNumber', 'Password must have both a letter and a number'],
    ['Error', 'There was an error resetting your password. Please try again.'],
    ['Error500', 'The service is currently unavailable. Please try again later.'],
    ['SomethingNew', 'There was an error resetting your password. Please try again.'],
  ])('explains the reset code %s', async (code, message) => {
    const { user } = renderReset({ 'POST /api/Login/ResetPassword': refused(code) });
    await submit(user);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('New Password')).toBeVisible();
  });

  it('shows the server error for a status of 500 or above', async () => {
    const { user } = renderReset({ 'POST /api/Login/ResetPassword': refused('Expired', 503) });
    await submit(user);
    expect(
      await screen.findByText('The service is currently unavailable. Please try again later.'),
    ).toBeVisible();
  });

  it('checks a reused password with the link token before submitting', async () => {
    const { user, server } = renderReset({
      'POST /api/CredentialValidationRules/GetPasswordValidationRules': {
        body: {
          ...LEGACY_RULES.body,
          PasswordValidationRules: [
            { ValidationRuleType: 11, ValidationRegex: null, RegexMatchMeansError: false },
          ],
        },
      },
      'POST /api/Login/ValidatePasswordForResetPassword': {
        body: {
          HasNoErrors: true,
          Errors: [],
          PasswordMatchesSSN: false,
          PasswordMatchesEmail: false,
          PasswordExists: true,
        },
      },
    });
    await user.type(await screen.findByLabelText('New Password'), 'Harbor2024');
    await user.tab();
    expect(await screen.findByText('Password cannot be a previous password.')).toBeVisible();
    expect(
      server.requestsTo('POST /api/Login/ValidatePasswordForResetPassword')[0]?.body,
    ).toMatchObject({
      ResetToken: 'enc-9',
    });
  });
});
