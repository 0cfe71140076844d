import type { StubResponse, StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OK, type SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

const MAINTENANCE_OFF = { body: { HasNoErrors: true, Errors: [], isEnabled: false } };
const MAINTENANCE_ON = { body: { HasNoErrors: true, Errors: [], isEnabled: true } };
const FOUND = {
  body: {
    HasNoErrors: true,
    Errors: [],
    Credentials: {
      LogonName: 'jordan.rivers',
      SecretQuestion: 'What was the name of your first pet?',
    },
  },
};
const SUCCESS =
  'You will receive an email shortly with instructions on how to reset your password.';

function refused(code: string, status = 403): StubResponse {
  return { status, body: { HasNoErrors: false, Errors: [{ ErrorMessage: code }] } };
}

function renderRecovery(routes: StubRoutes = {}, settings: SettingValues = {}) {
  return renderPortal({
    path: '/home/recovery',
    settings,
    routes: { 'GET /api/MaintenanceMode': MAINTENANCE_OFF, ...routes },
  });
}

type User = ReturnType<typeof renderPortal>['user'];

async function identify(user: User) {
  await user.type(await screen.findByLabelText('Email Address'), 'jordan@example.com');
  await user.type(screen.getByLabelText('Date of Birth'), '04151985');
  await user.type(screen.getByLabelText('Zip Code'), '30301');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('recovery page, step 1', () => {
  it('shows the heading, the identifying fields and the way back to the login', async () => {
    renderRecovery();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account Recovery' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Date of Birth')).toHaveAccessibleDescription(
      'Format: MM/DD/YYYY',
    );
    expect(screen.queryByLabelText('Branch Number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute(
      'href',
      '#/home/login',
    );
    await waitFor(() => expect(document.title).toBe('Payments - Account Recovery'));
  });

  it("uses the institution's wording for the step, the fields and the button", async () => {
    renderRecovery(
      {},
      {
        'recoveryTexts.identifyHeadingText': 'Locate your profile',
        'recoveryTexts.emailLabel': 'E-mail on file',
        'recoveryTexts.zipCodeLabel': 'Postal code',
        'recoveryTexts.continueButtonText': 'Next',
      },
    );
    expect(await screen.findByText('Locate your profile')).toBeVisible();
    expect(screen.getByLabelText('E-mail on file')).toBeVisible();
    expect(screen.getByLabelText('Postal code')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeVisible();
    expect(screen.queryByLabelText('Email Address')).toBeNull();
  });

  it('keeps Continue disabled until the details are valid', async () => {
    const { user } = renderRecovery();
    const button = await screen.findByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email Address'), 'jordan@example.com');
    await user.type(screen.getByLabelText('Date of Birth'), '04151985');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Zip Code'), '30301');
    await waitFor(() => expect(button).toBeEnabled());
  });

  it.each([
    ['Email Address', '', 'Email is required'],
    ['Email Address', 'jordan@', 'Invalid Email'],
    ['Date of Birth', '', 'Date of Birth is required'],
    ['Date of Birth', '13452000', 'Invalid Date'],
    ['Date of Birth', '01011800', 'Invalid Date'],
    ['Zip Code', '', 'Zip Code is required'],
    ['Zip Code', '303', 'Zip Code must be 5 digits'],
  ])('checks %s %j', async (label, value, message) => {
    const { user } = renderRecovery();
    const field = await screen.findByLabelText(label);
    await user.click(field);
    if (value) await user.type(field, value);
    await user.tab();
    expect(await screen.findByText(message)).toBeVisible();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toBeInvalid();
  });

  it('asks for the branch when the institution shows it, digits only', async () => {
    const { user } = renderRecovery({}, { 'recoveryOptions.hideBranchOption': 'false' });
    const branch = await screen.findByLabelText('Branch Number');
    await user.click(branch);
    await user.tab();
    expect(await screen.findByText('The branch Id is required')).toBeVisible();
    await user.type(branch, 'a1b2');
    expect(branch).toHaveValue('12');
  });

  it('does not ask for hidden details', async () => {
    const { user, server } = renderRecovery(
      { 'POST /api/Recovery/GetSecretQuestion': FOUND },
      {
        'recoveryOptions.hideDateOfBirthOption': 'true',
        'recoveryOptions.hideZipCodeOption': 'true',
      },
    );
    await user.type(await screen.findByLabelText('Email Address'), 'jordan@example.com');
    expect(screen.queryByLabelText('Date of Birth')).toBeNull();
    expect(screen.queryByLabelText('Zip Code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('jordan.rivers');
    expect(server.requestsTo('POST /api/Recovery/GetSecretQuestion')[0]?.body).toEqual({
      EmailAddress: 'jordan@example.com',
      ServicingBranch: '',
      DateOfBirth: '',
      ZipCode: '',
    });
  });
});

describe('recovery page, steps 2 and 3', () => {
  it('shows the logon name and the question, then the success panel after a right answer', async () => {
    const { user, server } = renderRecovery({
      'POST /api/Recovery/GetSecretQuestion': FOUND,
      'POST /api/Recovery/AnswerSecretQuestion': {
        body: { HasNoErrors: true, Errors: [], SuccessMessage: 'Sent' },
      },
    });
    await identify(user);
    expect(server.requestsTo('POST /api/Recovery/GetSecretQuestion')[0]?.body).toEqual({
      EmailAddress: 'jordan@example.com',
      ServicingBranch: '',
      DateOfBirth: '04/15/1985',
      ZipCode: '30301',
    });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Reset your password' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('jordan.rivers')).toBeVisible();
    expect(screen.getByText('What was the name of your first pet?')).toBeVisible();

    const answer = screen.getByLabelText('Secret Answer');
    expect(answer).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Secret Answer is required')).toBeVisible();

    await user.type(answer, 'Rex');
    await user.click(screen.getByRole('button', { name: 'Show Secret Answer' }));
    expect(answer).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(server.requestsTo('POST /api/Recovery/AnswerSecretQuestion')[0]?.body).toEqual({
      EmailAddress: 'jordan@example.com',
      ServicingBranch: '',
      DateOfBirth: '04/15/1985',
      ZipCode: '30301',
      LogonName: 'jordan.rivers',
      SecretAnswer: 'Rex',
    });
    expect(screen.getByRole('link', { name: 'Return to Login' })).toBeVisible();
  });

  it('skips the question when recovery goes without one', async () => {
    const { user, server } = renderRecovery(
      {
        'POST /api/Recovery/GetSecretQuestion': FOUND,
        'POST /api/Recovery/GenerateNewPassword': OK,
      },
      { 'recoveryOptions.recoverCredentialsWithoutQuestionOption': 'true' },
    );
    await identify(user);
    expect(await screen.findByText('jordan.rivers')).toBeVisible();
    expect(screen.queryByText('What was the name of your first pet?')).toBeNull();
    expect(screen.queryByLabelText('Secret Answer')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(server.requestsTo('POST /api/Recovery/AnswerSecretQuestion')).toHaveLength(0);
    expect(server.requestsTo('POST /api/Recovery/GenerateNewPassword')[0]?.body).toEqual({
      LogonName: 'jordan.rivers',
      EmailAddress: 'jordan@example.com',
      ZipCode: '30301',
      CredentialExpiration: '',
      ServicingBranch: '',
    });
  });

  it('stays on the question after a wrong answer and says so', async () => {
    const { user } = renderRecovery({
      'POST /api/Recovery/GetSecretQuestion': FOUND,
      'POST /api/Recovery/AnswerSecretQuestion': refused('BadQuestion'),
    });
    await identify(user);
    await user.type(await screen.findByLabelText('Secret Answer'), 'Fido');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(
        'The answer you provided does not match our records. Please try again.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Secret Answer')).toBeVisible();
  });
});

describe('recovery errors', () => {
  it.each([
    ['BadQuestion', 403, 'The answer you provided does not match our records. Please try again.'],
    [
      'Invalid',
      403,
      'We could not find an account matching your information. Please verify your information or contact your local branch.',
    ],
    [
      'RecoveryFailed',
      403,
      'We were unable to recover your account. Please verify your information or contact your local branch.',
    ],
    [
      'RecoveryMaxAttempts',
      429,
      'You have exceeded the maximum number of recovery attempts. Please wait a while before trying again.',
    ],
    ['SomethingElse', 400, 'An error has occurred, please try again later.'],
    ['ServerError', 500, 'The service is currently unavailable. Please try again later.'],
  ])('shows the message of %s', async (code, status, message) => {
    const { user } = renderRecovery({
      'POST /api/Recovery/GetSecretQuestion': refused(code, status),
    });
    await identify(user);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Email Address')).toBeVisible();
  });

  it('replaces the previous message with the new one', async () => {
    const { user, server } = renderRecovery({
      'POST /api/Recovery/GetSecretQuestion': refused('Invalid'),
    });
    await identify(user);
    await screen.findByText(/We could not find an account/);
    server.route('POST /api/Recovery/GetSecretQuestion', refused('RecoveryMaxAttempts'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Please wait a while before trying again/)).toBeVisible();
    expect(screen.queryByText(/We could not find an account/)).toBeNull();
  });

  it('goes to the login when maintenance mode is on', async () => {
    renderRecovery({ 'GET /api/MaintenanceMode': MAINTENANCE_ON });
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
  });

  it('goes to the login when maintenance starts before a step', async () => {
    const { user, server } = renderRecovery({ 'POST /api/Recovery/GetSecretQuestion': FOUND });
    await screen.findByLabelText('Email Address');
    await waitFor(() => expect(server.requestsTo('GET /api/MaintenanceMode')).toHaveLength(1));
    server.route('GET /api/MaintenanceMode', MAINTENANCE_ON);
    await identify(user);
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
    expect(server.requestsTo('POST /api/Recovery/GetSecretQuestion')).toHaveLength(0);
  });

  it('goes to the login when the server answers maintenanceModeEnabled', async () => {
    const { user } = renderRecovery({
      'POST /api/Recovery/GetSecretQuestion': refused('maintenanceModeEnabled'),
    });
    await identify(user);
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
  });
});
