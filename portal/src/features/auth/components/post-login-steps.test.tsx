import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { LoginResponse } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { TRUSTED_DEVICES_STORAGE_KEY } from '../../../lib/session/trusted-devices';
import { loginResponseBody, OK, type SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

// The first sign-in of a file loads the lazy routes; on a busy machine that takes over 1 s.
configure({ asyncUtilTimeout: 5000 });

const DASHBOARD_HEADING = { level: 1, name: 'Welcome, Jordan Rivers' } as const;
const OFFLINE = 'We are currently offline for maintenance. Please try again later.';
const TERMS = 'https://harbor.example/terms.pdf|2024-01-31|Online Banking Agreement|login';

function forbidden(code: string) {
  return { status: 403, body: { HasNoErrors: false, Errors: [{ ErrorMessage: code }] } };
}

function passwordRulesBody(types: number[]) {
  return {
    HasNoErrors: true,
    Errors: [],
    MinimumLength: 8,
    MaximumLength: 128,
    CustomerCredentials: true,
    PasswordValidationRules: types.map((type) => ({
      ValidationRuleType: type,
      ValidationRegex: null,
      RegexMatchMeansError: false,
    })),
  };
}

const validateCodeBody = (overrides: Record<string, unknown> = {}) => ({
  HasNoErrors: true,
  Errors: [],
  UserToken: '',
  EmailAddress: 'jordan@example.com',
  TrustedDeviceToken: '',
  CustomerID: 'c-1',
  BiometricsTokenExpiration: null,
  ...overrides,
});

const STEP_ROUTES: StubRoutes = {
  'POST /api/Login/ValidateCode': { body: validateCodeBody() },
  'POST /api/Login/ResendCode': OK,
  'POST /api/Login/VerifyNewUser': OK,
  'POST /api/Login/ResetPassword': {
    body: {
      HasNoErrors: true,
      Errors: [],
      IsLoggedIn: true,
      UserToken: '',
      BiometricsTokenExpiration: null,
    },
  },
  'POST /api/register/SetPasswordQuestion': OK,
  'POST /api/AgreementLogging': OK,
  'POST /api/CredentialValidationRules/GetPasswordValidationRules': {
    body: passwordRulesBody([3, 6]),
  },
};

interface StartOptions {
  login?: Partial<LoginResponse>;
  settings?: SettingValues;
  routes?: StubRoutes;
}

/** Signs in with an answer that asks for steps and waits for the first step's heading. */
async function startSteps(firstHeading: string, options: StartOptions = {}) {
  const portal = renderPortal({
    settings: options.settings,
    routes: {
      'POST /api/login/userlogin': { body: loginResponseBody(options.login) },
      ...STEP_ROUTES,
      ...options.routes,
    },
  });
  await portal.user.type(await screen.findByLabelText('Username'), 'jordan.rivers');
  await portal.user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
  await portal.user.click(screen.getByRole('button', { name: 'Sign In' }));
  const heading = await screen.findByRole('heading', { level: 2, name: firstHeading });
  return { ...portal, heading };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

afterEach(() => {
  window.localStorage.clear();
});

describe('post-login steps', () => {
  // Five steps with typing: longer than the default on a busy machine.
  it('asks every step one at a time in the order of section 4, checking maintenance after each', async () => {
    const { user, server, heading } = await startSteps('Security Code', {
      login: {
        MFARequired: true,
        EmailIsVerified: false,
        MustChangePassword: true,
        ChangePasswordToken: 'change-1',
        HasPasswordQuestion: false,
      },
      settings: {
        'postLoginOptions.validateSsnAtCreationOption': 'true',
        'agreementTexts.agreementSetup': TERMS,
      },
    });
    const maintenanceChecks = () => server.requestsTo('GET /api/MaintenanceMode').length;
    const before = maintenanceChecks();
    expect(heading).toHaveFocus();
    expect(screen.queryByLabelText('Username')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123456');
    await user.click(continueButton());
    const focused = await screen.findByRole('heading', { name: 'Verify Your Identity' });
    await waitFor(() => expect(focused).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'Security Code' })).toBeNull();
    expect(maintenanceChecks()).toBe(before + 1);

    await user.type(screen.getByLabelText('Social Security Number'), '123-45-6789');
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Change Your Password' });
    expect(maintenanceChecks()).toBe(before + 2);
    expect(server.requestsTo('POST /api/Login/VerifyNewUser')[0]?.body).toEqual({
      Credentials: { UserName: 'jordan.rivers', Password: 'Demo-Pass-2024' },
      SocialSecurityNumber: '123456789',
    });

    await user.type(screen.getByLabelText('New Password'), 'Fresh-Pass-2025');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Fresh-Pass-2025');
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Set Up a Secret Question' });
    expect(maintenanceChecks()).toBe(before + 3);
    expect(server.requestsTo('POST /api/Login/ResetPassword')[0]?.body).toEqual({
      Enc: 'change-1',
      Password: 'Fresh-Pass-2025',
    });

    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Secret Question/ }),
      'What was the name of your first pet?',
    );
    await user.type(screen.getByLabelText(/Secret Answer/), 'Rex');
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Agreements' });
    expect(maintenanceChecks()).toBe(before + 4);

    await user.click(
      screen.getByRole('checkbox', {
        name: 'I have read and agree to the Online Banking Agreement',
      }),
    );
    await user.click(continueButton());
    expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
    expect(maintenanceChecks()).toBe(before + 5);
    expect(window.location.hash).toBe('#/myaccount/dashboard');
    expect(server.requestsTo('POST /api/AgreementLogging')[0]?.body).toEqual({
      Agreements: [11337],
      UserName: 'jordan.rivers',
      TurnEStatementsOn: false,
      UnRestrictEmail: false,
    });
  }, 60_000);

  it('goes straight to the dashboard when no step is needed', async () => {
    const { user, server } = renderPortal({
      routes: { 'POST /api/login/userlogin': { body: loginResponseBody() } },
    });
    await user.type(await screen.findByLabelText('Username'), 'jordan.rivers');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
    expect(server.requestsTo('POST /api/Login/ValidateCode')).toHaveLength(0);
  });

  it('Cancel empties the queue, ends the half-made session and returns to the form', async () => {
    const { user, server } = await startSteps('Security Code', {
      login: { MFARequired: true, MustChangePassword: true, ChangePasswordToken: 'change-1' },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const formHeading = await screen.findByRole('heading', { level: 2, name: 'Sign In' });
    await waitFor(() => expect(formHeading).toHaveFocus());
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Change Your Password' })).toBeNull();
    expect(window.location.hash).toBe('#/home/login');
  });

  it('cancels with the offline message when maintenance mode is on after a step', async () => {
    const { user, server } = await startSteps('Security Code', {
      login: { MFARequired: true, MustChangePassword: true, ChangePasswordToken: 'change-1' },
    });
    server.route('GET /api/MaintenanceMode', {
      body: { HasNoErrors: true, Errors: [], isEnabled: true },
    });
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123456');
    await user.click(continueButton());
    expect(await screen.findByText(OFFLINE)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Change Your Password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(1);
  });

  it('cancels with the offline message when the maintenance check fails', async () => {
    const { user, server } = await startSteps('Security Code', {
      login: { MFARequired: true },
    });
    server.route('GET /api/MaintenanceMode', { status: 500, body: {} });
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123456');
    await user.click(continueButton());
    expect(await screen.findByText(OFFLINE)).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
  });
});

describe('security code step', () => {
  const MFA = { login: { MFARequired: true } };

  it('requires a code and has no axe violations', async () => {
    const { user, server } = await startSteps('Security Code', MFA);
    expect(
      screen.getByText(
        'A security code has been sent to your email address. Please enter it below.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations();
    await user.click(continueButton());
    expect(await screen.findByText('A security code is required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Security Code' })).toBeInvalid();
    expect(server.requestsTo('POST /api/Login/ValidateCode')).toHaveLength(0);
  });

  it.each([
    [
      forbidden('CodeExpired'),
      'The code you have entered has expired. Press Resend Code to get a new code.',
    ],
    [
      forbidden('MaxAttemptsReached'),
      'You have exceeded the maximum number of attempts for this code. Press Resend Code to start over.',
    ],
    [forbidden('Invalid'), 'The security code is invalid'],
    [{ status: 500, body: {} }, 'There was an error while validating.'],
  ])('explains a refused code (%j)', async (answer, message) => {
    const { user, server } = await startSteps('Security Code', {
      ...MFA,
      routes: { 'POST /api/Login/ValidateCode': answer },
    });
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '000000');
    await user.click(continueButton());
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Security Code' })).toBeVisible();
    expect(server.requestsTo('POST /api/Login/ValidateCode')[0]?.body).toEqual({
      UserId: 'user-1',
      Code: '000000',
      CreateTrustedDevice: false,
    });
  });

  it('Resend Code sends a new code and clears the form and the error', async () => {
    const { user, server } = await startSteps('Security Code', {
      ...MFA,
      routes: { 'POST /api/Login/ValidateCode': forbidden('CodeExpired') },
    });
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '111111');
    await user.click(continueButton());
    await screen.findByText(/has expired/);
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(screen.queryByText(/has expired/)).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Security Code' })).toHaveValue('');
    expect(server.requestsTo('POST /api/Login/ResendCode')[0]?.body).toEqual({ UserId: 'user-1' });
  });

  it('says so when the new code cannot be sent', async () => {
    const { user } = await startSteps('Security Code', {
      ...MFA,
      routes: { 'POST /api/Login/ResendCode': { status: 500, body: {} } },
    });
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('There was an error while validating.')).toBeVisible();
  });

  it('trusts the device: keeps its token for this user and sends it with the next sign-in', async () => {
    const { user, server } = await startSteps('Security Code', {
      ...MFA,
      routes: {
        'POST /api/Login/ValidateCode': { body: validateCodeBody({ TrustedDeviceToken: 'td-1' }) },
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123456');
    await user.click(screen.getByRole('checkbox', { name: 'Trust this device' }));
    await user.click(continueButton());
    await screen.findByRole('heading', DASHBOARD_HEADING);
    expect(server.requestsTo('POST /api/Login/ValidateCode')[0]?.body).toMatchObject({
      CreateTrustedDevice: true,
    });
    expect(JSON.parse(window.localStorage.getItem(TRUSTED_DEVICES_STORAGE_KEY) ?? '{}')).toEqual({
      'jordan.rivers': 'td-1',
    });
  });

  it('does not offer to trust the device when trusted devices are off', async () => {
    await startSteps('Security Code', {
      ...MFA,
      settings: { 'securityCodeOptions.allowTrustedDevicesOption': 'false' },
    });
    expect(screen.queryByRole('checkbox', { name: 'Trust this device' })).toBeNull();
  });
});

describe('validate SSN step', () => {
  const SSN = {
    login: { EmailIsVerified: false },
    settings: { 'postLoginOptions.validateSsnAtCreationOption': 'true' },
  } satisfies StartOptions;

  it('requires nine digits and has no axe violations', async () => {
    const { user, server } = await startSteps('Verify Your Identity', SSN);
    await expectNoAxeViolations();
    await user.click(continueButton());
    expect(await screen.findByText('Social Security Number is Required')).toBeVisible();
    await user.type(screen.getByLabelText('Social Security Number'), '12345678');
    await user.click(continueButton());
    expect(await screen.findByText('SSN invalid')).toBeVisible();
    expect(server.requestsTo('POST /api/Login/VerifyNewUser')).toHaveLength(0);
  });

  it("uses the institution's wording for the heading, the label and the button", async () => {
    await startSteps('Confirm It Is You', {
      ...SSN,
      settings: {
        ...SSN.settings,
        'postLoginTexts.ssnHeadingText': 'Confirm It Is You',
        'postLoginTexts.ssnLabel': 'Tax ID',
        'postLoginTexts.continueButtonText': 'Next',
      },
    });
    expect(screen.getByLabelText('Tax ID')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('says the check failed when the server refuses the SSN', async () => {
    const { user } = await startSteps('Verify Your Identity', {
      ...SSN,
      routes: { 'POST /api/Login/VerifyNewUser': forbidden('Invalid') },
    });
    await user.type(screen.getByLabelText('Social Security Number'), '987654321');
    await user.click(continueButton());
    expect(await screen.findByText('There was an error while validating')).toBeVisible();
  });

  it('is not asked when the e-mail is verified', async () => {
    const first = renderPortal({
      settings: SSN.settings,
      routes: {
        'POST /api/login/userlogin': { body: loginResponseBody({ EmailIsVerified: true }) },
      },
    });
    await first.user.type(await screen.findByLabelText('Username'), 'jordan.rivers');
    await first.user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await first.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
  });
});

describe('change password step', () => {
  const CHANGE = {
    login: { MustChangePassword: true, ChangePasswordToken: 'change-1' },
    settings: { 'passwordRuleOptions.usePasswordValidationRuleListOption': 'true' },
  } satisfies StartOptions;

  it('shows the rule list, checks the confirmation and has no axe violations', async () => {
    const { user, server } = await startSteps('Change Your Password', CHANGE);
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
    await expectNoAxeViolations();
    await user.type(screen.getByLabelText('New Password'), 'Fresh-Pass-2025');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Fresh-Pass-2026');
    await user.click(continueButton());
    expect(await screen.findByText('Passwords Do Not Match')).toBeVisible();
    expect(server.requestsTo('POST /api/Login/ResetPassword')).toHaveLength(0);
  });

  it('lists the rules even when the institution lists them nowhere else (spec 000 2.5)', async () => {
    await startSteps('Change Your Password', {
      ...CHANGE,
      settings: { 'passwordRuleOptions.usePasswordValidationRuleListOption': 'false' },
    });
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
    // The list describes the field it belongs to.
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      expect.stringContaining(within(list).getAllByRole('listitem')[0]?.textContent ?? '-'),
    );
  });

  it('shows the message of a reset code the server answers', async () => {
    const { user } = await startSteps('Change Your Password', {
      ...CHANGE,
      routes: {
        'POST /api/Login/ResetPassword': {
          status: 400,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Expired' }] },
        },
      },
    });
    await user.type(screen.getByLabelText('New Password'), 'Fresh-Pass-2025');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Fresh-Pass-2025');
    await user.click(continueButton());
    expect(
      await screen.findByText('The link you are using to reset your password is no longer valid.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();
  });
});

describe('secret question step', () => {
  const QUESTION = { login: { HasPasswordQuestion: false } } satisfies StartOptions;

  it('offers only the configured questions that match the permitted characters', async () => {
    await startSteps('Set Up a Secret Question', {
      ...QUESTION,
      settings: {
        'securityQuestionOptions.secretQuestionList': JSON.stringify([
          'What was your first car?',
          'Where were you born? <b>',
          'Your favourite teacher?',
        ]),
      },
    });
    const select = screen.getByRole('combobox', { name: /^Secret Question/ });
    const offered = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent)
      .filter(Boolean);
    expect(offered).toEqual(['What was your first car?', 'Your favourite teacher?']);
    await expectNoAxeViolations();
  });

  it('requires a question and an answer in the permitted characters', async () => {
    const { user, server } = await startSteps('Set Up a Secret Question', QUESTION);
    await user.click(continueButton());
    expect(await screen.findByText('Please Select a Question')).toBeVisible();
    expect(screen.getByText('Recover password answer is required.')).toBeVisible();
    await user.type(screen.getByLabelText(/Secret Answer/), 'Rex <script>');
    await user.click(continueButton());
    expect(await screen.findByText('Secret Answer Contains Invalid Characters.')).toBeVisible();
    expect(server.requestsTo('POST /api/register/SetPasswordQuestion')).toHaveLength(0);
  });

  it('takes a typed question when custom questions are on', async () => {
    const { user, server } = await startSteps('Set Up a Secret Question', {
      ...QUESTION,
      settings: { 'registrationOptions.useCustomSecurityQuestionOption': 'true' },
    });
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.type(screen.getByLabelText(/Security Question/), 'Name of my first boat?');
    await user.type(screen.getByLabelText(/Secret Answer/), 'Wave Runner');
    await user.click(continueButton());
    await screen.findByRole('heading', DASHBOARD_HEADING);
    expect(server.requestsTo('POST /api/register/SetPasswordQuestion')[0]?.body).toEqual({
      PasswordQuestion: 'Name of my first boat?',
      PasswordAnswer: 'Wave Runner',
    });
  });

  it('says so when the question cannot be saved', async () => {
    const { user } = await startSteps('Set Up a Secret Question', {
      ...QUESTION,
      routes: { 'POST /api/register/SetPasswordQuestion': { status: 500, body: {} } },
    });
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Secret Question/ }),
      'What was the name of your first pet?',
    );
    await user.type(screen.getByLabelText(/Secret Answer/), 'Rex');
    await user.click(continueButton());
    expect(await screen.findByText('An error has occurred, please try again later')).toBeVisible();
  });

  it('is not asked when recovery works without a question', async () => {
    const { user } = renderPortal({
      settings: { 'recoveryOptions.recoverCredentialsWithoutQuestionOption': 'true' },
      routes: {
        'POST /api/login/userlogin': { body: loginResponseBody({ HasPasswordQuestion: false }) },
      },
    });
    await user.type(await screen.findByLabelText('Username'), 'jordan.rivers');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', DASHBOARD_HEADING)).toBeVisible();
  });
});

describe('agreements step', () => {
  const SETUP = [
    TERMS,
    'https://harbor.example/privacy.pdf|2024-02-01|Privacy Notice|login-registration',
    'https://harbor.example/ach.pdf|2024-02-01|ACH Agreement|ach',
  ].join('\n');
  const checkbox = (name: string) =>
    screen.getByRole('checkbox', { name: `I have read and agree to the ${name}` });

  it('asks only for the login agreements not yet accepted since their date', async () => {
    await startSteps('Agreements', {
      settings: { 'agreementTexts.agreementSetup': SETUP },
      login: {
        WebAgreementLogs: [
          {
            DateOfTerms: '2024-02-01',
            DateOfAgreement: '2024-03-01T10:00:00Z',
            Name: 'Privacy Notice',
            Url: '',
            HostNum: 11338,
          },
        ],
      },
    });
    expect(checkbox('Online Banking Agreement')).toBeEnabled();
    expect(screen.queryByRole('checkbox', { name: /Privacy Notice/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /ACH Agreement/ })).toBeNull();
    await expectNoAxeViolations();
  });

  it('requires every agreement, naming each one', async () => {
    const { user, server } = await startSteps('Agreements', {
      settings: { 'agreementTexts.agreementSetup': SETUP },
    });
    await user.click(checkbox('Privacy Notice'));
    await user.click(continueButton());
    expect(await screen.findByText('You must select all agreements.')).toBeVisible();
    expect(screen.getByText('You must agree to the Online Banking Agreement.')).toBeVisible();
    expect(screen.queryByText('You must agree to the Privacy Notice.')).toBeNull();
    expect(server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
  });

  it('with click-to-read, keeps a checkbox disabled until its link is opened', async () => {
    const { user } = await startSteps('Agreements', {
      settings: {
        'agreementTexts.agreementSetup': TERMS,
        'agreementOptions.forceUserToClickOnURLToAgreeOption': 'true',
      },
    });
    expect(checkbox('Online Banking Agreement')).toBeDisabled();
    await user.click(continueButton());
    expect(
      await screen.findByText(
        'You must click on the link, read the Online Banking Agreement, and then return and click agree.',
      ),
    ).toBeVisible();
    const link = screen.getByRole('link', { name: 'Online Banking Agreement' });
    expect(link).toHaveAttribute('href', 'https://harbor.example/terms.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(checkbox('Online Banking Agreement')).toBeEnabled();
    await user.click(checkbox('Online Banking Agreement'));
    expect(checkbox('Online Banking Agreement')).toBeChecked();
    // Unchecking disables it again: the link must be opened once more.
    await user.click(checkbox('Online Banking Agreement'));
    expect(checkbox('Online Banking Agreement')).toBeDisabled();
  });

  it('with rich-text agreements, sets a checkbox only through the modal', async () => {
    const { user, server } = await startSteps('Agreements', {
      settings: {
        'agreementTexts.agreementSetup': TERMS,
        'agreementOptions.forceRichTextAgreementsOption': 'true',
        'agreementTexts.agreement1RichText': '<p>You agree to bank online with us.</p>',
      },
    });
    await user.click(checkbox('Online Banking Agreement'));
    let dialog = await screen.findByRole('dialog', { name: 'Online Banking Agreement' });
    expect(within(dialog).getByText('You agree to bank online with us.')).toBeVisible();
    await expectNoAxeViolations();
    // Not dismissible: Escape leaves it open.
    await user.keyboard('{Escape}');
    expect(dialog).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'I Do Not Agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(checkbox('Online Banking Agreement')).not.toBeChecked();

    await user.click(checkbox('Online Banking Agreement'));
    dialog = await screen.findByRole('dialog', { name: 'Online Banking Agreement' });
    await user.click(within(dialog).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(checkbox('Online Banking Agreement')).toBeChecked());
    await user.click(continueButton());
    await screen.findByRole('heading', DASHBOARD_HEADING);
    expect(server.requestsTo('POST /api/AgreementLogging')).toHaveLength(1);
  });

  it('asks for the e-communication agreement while e-mail is restricted, and lifts it', async () => {
    const { user, server } = await startSteps('Agreements', {
      settings: {
        'agreementTexts.agreementSetup':
          'https://harbor.example/esign.pdf|2024-01-01|E-Sign Consent|ecommunicationreagree',
      },
      login: { IsEmailCommunicationRestriced: true },
    });
    await user.click(checkbox('E-Sign Consent'));
    await user.click(continueButton());
    await screen.findByRole('heading', DASHBOARD_HEADING);
    expect(server.requestsTo('POST /api/AgreementLogging')[0]?.body).toMatchObject({
      Agreements: [11337],
      UnRestrictEmail: true,
    });
  });

  it('says so when the agreements cannot be saved', async () => {
    const { user } = await startSteps('Agreements', {
      settings: { 'agreementTexts.agreementSetup': TERMS },
      routes: { 'POST /api/AgreementLogging': { status: 500, body: {} } },
    });
    await user.click(checkbox('Online Banking Agreement'));
    await user.click(continueButton());
    expect(
      await screen.findByText('There was an error saving changes to the agreements'),
    ).toBeVisible();
  });
});
