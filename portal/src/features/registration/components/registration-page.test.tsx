import type { InstitutionOptions } from '@portal/domain';
import { expectNoAxeViolations, type StubResponse, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  applicationOptionsBody,
  OK,
  TEST_INSTITUTION,
  type SettingValues,
} from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

const LEGACY_RULES: StubResponse = {
  body: {
    HasNoErrors: true,
    Errors: [],
    MinimumLength: 8,
    MaximumLength: 128,
    CustomerCredentials: true,
    PasswordValidationRules: [],
  },
};

/** Harbor's account numbers: office 3, account 6, check digit 1. */
const MASKED_INSTITUTION: InstitutionOptions = {
  ...TEST_INSTITUTION,
  LoanOfficeLength: 3,
  LoanAccountLength: 6,
  LoanCheckDigitLength: 1,
  DepositOfficeLength: 2,
  DepositAccountLength: 8,
  DepositCheckDigitLength: 0,
};

const AGREEMENT_SETUP = '/cdn/terms.html|2020-01-01|Online Banking Agreement|login-registration';

interface Options {
  settings?: SettingValues;
  routes?: StubRoutes;
  institution?: InstitutionOptions;
}

function renderRegistration({ settings = {}, routes = {}, institution }: Options = {}) {
  return renderPortal({
    path: '/home/register',
    settings,
    userEvent: { delay: null },
    routes: {
      'POST /api/CredentialValidationRules/GetPasswordValidationRules': LEGACY_RULES,
      ...(institution
        ? {
            'GET /api/setup/ApplicationOptions': {
              body: { ...applicationOptionsBody(settings), institutionOptions: institution },
            },
          }
        : {}),
      ...routes,
    },
  });
}

type User = ReturnType<typeof renderPortal>['user'];

/**
 * Enters a whole value at once (as a paste), so the form helpers do not re-render the page once
 * per character; the tests of the masks themselves type character by character.
 */
async function enter(user: User, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select' });

async function fillPersonal(
  user: User,
  overrides: Partial<Record<string, string>> = {},
  how: 'paste' | 'type' = 'paste',
) {
  const values: Record<string, string> = {
    'Account Number': '0014001235',
    'First Name': 'Morgan',
    'Last Name': 'Blake',
    'Email Address': 'morgan.blake@example.test',
    'Social Security Number': '900778888',
    'Date of Birth': '05171990',
    'Zip Code': '04105',
    'Phone Number': '2075550199',
    ...overrides,
  };
  await screen.findByRole('heading', { level: 2, name: 'Personal Data' });
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    await user.clear(input);
    if (value && how === 'type') await user.type(input, value);
    else if (value) await enter(user, input, value);
  }
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function fillSecurity(user: User) {
  await screen.findByRole('heading', { level: 2, name: 'Security' });
  await user.selectOptions(field('Secret Question'), 'What was the name of your first pet?');
  await enter(user, field('Secret Answer'), 'Rex');
}

async function fillLogon(user: User, loginName = 'morgan.b', password = 'Harbor2024') {
  await screen.findByRole('heading', { level: 2, name: 'Registration' });
  await enter(user, field('Login Name'), loginName);
  await enter(user, field('Password'), password);
  await enter(user, field('Confirm Password'), password);
}

function refused(codes: string[], status = 403): StubResponse {
  return {
    status,
    body: {
      HasNoErrors: false,
      Errors: codes.map((code) => ({ ErrorMessage: code })),
      UserName: '',
      EmailIsVerified: false,
    },
  };
}

/**
 * The cases reordered so that no two neighbours expect the same message: each step takes a case
 * of the message with the most cases left, other than the last one's.
 */
function interleaved<T extends [unknown, string]>(cases: readonly T[]): T[] {
  const left = [...cases];
  const ordered: T[] = [];
  const count = (message: string) => left.filter((candidate) => candidate[1] === message).length;
  while (left.length > 0) {
    const last = ordered.at(-1)?.[1];
    const options = left.filter((candidate) => candidate[1] !== last);
    const next = options.sort((a, b) => count(b[1]) - count(a[1]))[0];
    if (!next) throw new Error('Too many cases share one message to interleave them.');
    ordered.push(next);
    left.splice(left.indexOf(next), 1);
  }
  return ordered;
}

const CREATED: StubResponse = {
  body: { HasNoErrors: true, Errors: [], UserName: 'morgan.b', EmailIsVerified: false },
};

describe('registration page: personal data', { timeout: 60_000 }, () => {
  it('shows the title, the breadcrumb with later steps disabled and the info text', async () => {
    renderRegistration();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Register for an account' }),
    ).toBeVisible();
    const steps = within(screen.getByRole('navigation', { name: 'Registration steps' }));
    expect(steps.getByRole('button', { name: /Personal Data/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(steps.getByRole('button', { name: /Security/ })).toBeDisabled();
    expect(steps.getByRole('button', { name: /Registration/ })).toBeDisabled();
    expect(
      screen.getByText('In order to create your account, we require the following information.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute(
      'href',
      '#/home/login',
    );
    await waitFor(() => expect(document.title).toBe('Payments - Register'));
  });

  it('shows every required message when Continue is pressed on an empty form', async () => {
    const { user, server } = renderRegistration();
    await screen.findByRole('heading', { level: 2, name: 'Personal Data' });
    expect(continueButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(continueButton());
    for (const message of [
      'Account Number is required.',
      'First Name is required.',
      'Last Name is required.',
      'emailAddress is required.',
      'SSN is required.',
      'Date Of Birth is required.',
      'Zip Code is required.',
      'Phone Number is required.',
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(field('Account Number')).toHaveFocus();
    expect(field('Last Name')).toHaveAccessibleDescription('Last Name is required.');
    expect(screen.getByRole('heading', { level: 2, name: 'Personal Data' })).toBeVisible();
    expect(server.requestsTo('GET /api/MaintenanceMode')).toHaveLength(0);
  });

  // One form, each rule in turn (filling the form per rule cost seconds a rule).
  it('checks each personal field against its rule', async () => {
    const { user } = renderRegistration();
    const valid: Record<string, string> = {
      'Email Address': 'morgan.blake@example.test',
      'Social Security Number': '900778888',
      'Date of Birth': '05171990',
      'Zip Code': '04105',
      'Phone Number': '2075550199',
    };
    await fillPersonal(user);
    for (const [label, value, message] of [
      ['Email Address', 'morgan@example', 'emailAddress is invalid.'],
      ['Social Security Number', '1234', 'Please enter all required digits of SSN.'],
      ['Date of Birth', '13452000', 'Date Of Birth is invalid.'],
      ['Zip Code', '041', 'Zip Code is invalid. A 5 digit zip code is required'],
      ['Date of Birth', '01011900', 'Date Of Birth is invalid.'],
      ['Phone Number', '207555', 'Phone Number is invalid.'],
    ] as const) {
      await user.clear(field(label));
      await enter(user, field(label), value);
      await user.click(continueButton());
      expect(await screen.findByText(message)).toBeVisible();
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(screen.getByRole('heading', { level: 2, name: 'Personal Data' })).toBeVisible();
      await user.clear(field(label));
      await enter(user, field(label), valid[label] ?? '');
      await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    }
  });

  it('masks the date of birth, zip, phone and account number and hides the SSN', async () => {
    const { user } = renderRegistration({ institution: MASKED_INSTITUTION });
    await fillPersonal(
      user,
      {
        'Account Number': '0014001235',
        'Date of Birth': '05171990',
        'Zip Code': '041059',
        'Phone Number': '2075550199',
        'Social Security Number': '900-77-8888',
      },
      'type',
    );
    expect(field('Account Number')).toHaveValue('001-400123-5');
    expect(field('Account Number')).toHaveAccessibleDescription(
      expect.stringContaining('000-000000-0'),
    );
    expect(field('Date of Birth')).toHaveValue('05/17/1990');
    expect(field('Zip Code')).toHaveValue('04105');
    expect(field('Phone Number')).toHaveValue('(207) 555-0199');
    const ssn = field('Social Security Number');
    expect(ssn).toHaveAttribute('type', 'password');
    expect(ssn).toHaveValue('900778888');
    await user.click(screen.getByRole('button', { name: 'Show Social Security Number' }));
    expect(ssn).toHaveAttribute('type', 'text');
  });

  it('drops the check digit from the mask when removeCheckDigitOption is on', async () => {
    const { user } = renderRegistration({
      institution: MASKED_INSTITUTION,
      settings: { 'registrationOptions.removeCheckDigitOption': 'true' },
    });
    await fillPersonal(user, { 'Account Number': '0014001235' });
    expect(field('Account Number')).toHaveValue('001-400123');
  });

  it('says an incomplete masked account number is not in the correct format', async () => {
    const { user } = renderRegistration({ institution: MASKED_INSTITUTION });
    await fillPersonal(user, { 'Account Number': '00140' });
    await user.click(continueButton());
    expect(
      await screen.findByText('The account number is not in the correct format.'),
    ).toBeVisible();
  });

  it('offers the account type when both types are on; a new type clears the number', async () => {
    const { user } = renderRegistration({
      institution: MASKED_INSTITUTION,
      settings: { 'registrationOptions.registerAsDepositAccountOption': 'true' },
    });
    await screen.findByRole('heading', { level: 2, name: 'Personal Data' });
    const group = screen.getByRole('radiogroup', { name: 'Account Type' });
    expect(field('Account Number')).toBeDisabled();
    await user.click(continueButton());
    expect(await screen.findByText('Account Type is required.')).toBeVisible();
    await user.click(within(group).getByRole('radio', { name: 'Loan' }));
    await user.type(field('Account Number'), '0014001235');
    expect(field('Account Number')).toHaveValue('001-400123-5');
    await user.click(within(group).getByRole('radio', { name: 'Deposit' }));
    expect(field('Account Number')).toHaveValue('');
    await user.type(field('Account Number'), '0140012345');
    expect(field('Account Number')).toHaveValue('01-40012345');
  });

  it('presets the only enabled account type and hides the choice', async () => {
    const { user, server } = renderRegistration({
      settings: {
        'registrationOptions.registerAsDepositAccountOption': 'true',
        'registrationOptions.registerAsLoanAccountOption': 'false',
        'registrationOptions.hideDateOfBirthOption': 'true',
        'registrationOptions.hideZipCodeOption': 'true',
        'registrationOptions.hidePhoneNumberOption': 'true',
        'registrationOptions.hideFirstNameOption': 'true',
        'registrationOptions.hideMiddleNameOption': 'true',
        'registrationOptions.doNotRequireAccountNumberForRegistrationOption': 'true',
        'recoveryOptions.recoverCredentialsWithoutQuestionOption': 'true',
        'passwordRuleOptions.useConfirmPasswordOption': 'false',
      },
      routes: {
        'POST /api/Register/CreateAccount': CREATED,
        'GET /api/MaintenanceMode': { body: { HasNoErrors: true, Errors: [], isEnabled: false } },
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Personal Data' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    for (const hidden of [
      'Account Number',
      'First Name',
      'Middle Name',
      'Date of Birth',
      'Zip Code',
      'Phone Number',
    ]) {
      expect(screen.queryByLabelText(hidden)).toBeNull();
    }
    // No security field is asked: no Security step.
    const steps = within(screen.getByRole('navigation', { name: 'Registration steps' }));
    expect(steps.queryByRole('button', { name: /Security/ })).toBeNull();
    await user.type(field('Last Name'), 'Blake');
    await user.type(field('Email Address'), 'morgan.blake@example.test');
    await user.type(field('Social Security Number'), '900778888');
    await user.click(continueButton());
    await fillLogonWithoutConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/Register/CreateAccount')).toHaveLength(1),
    );
    expect(server.requestsTo('POST /api/Register/CreateAccount')[0]?.body).toMatchObject({
      AccountType: 'Deposit',
      AccountNumber: '',
      FirstName: '',
      DateOfBirth: '',
      Zip: '',
      PhoneNumber: '',
      SecretQuestion: '',
      SecretAnswer: '',
      LastName: 'Blake',
    });
  });

  it('accepts the configured number of SSN digits when the account number is required', async () => {
    const { user } = renderRegistration({
      settings: { 'registrationOptions.requiredSsnDigits': '4' },
    });
    await fillPersonal(user, { 'Social Security Number': '8888' });
    await user.click(continueButton());
    const heading = await screen.findByRole('heading', { level: 2, name: 'Security' });
    // The heading takes focus in an effect after the commit that shows it.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByText('Please enter all required digits of SSN.')).toBeNull();
  });

  it('goes to the login page when maintenance mode is on at a section change', async () => {
    const { user } = renderRegistration({
      routes: {
        'GET /api/MaintenanceMode': { body: { HasNoErrors: true, Errors: [], isEnabled: true } },
      },
    });
    await fillPersonal(user);
    await user.click(continueButton());
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
  });

  it('has no axe violations', async () => {
    const { user } = renderRegistration({
      settings: { 'registrationOptions.registerAsDepositAccountOption': 'true' },
    });
    await screen.findByRole('heading', { level: 2, name: 'Personal Data' });
    await user.click(continueButton());
    await screen.findByText('Last Name is required.');
    await expectNoAxeViolations();
  });
});

async function fillLogonWithoutConfirm(user: User) {
  await screen.findByRole('heading', { level: 2, name: 'Registration' });
  await user.type(field('Login Name'), 'morgan.b');
  await user.type(field('Password'), 'Harbor2024');
}

describe('registration page: security', { timeout: 60_000 }, () => {
  async function toSecurity(options: Options = {}) {
    const rendered = renderRegistration(options);
    await fillPersonal(rendered.user);
    await rendered.user.click(continueButton());
    await screen.findByRole('heading', { level: 2, name: 'Security' });
    return rendered;
  }

  it('asks for a question from the list and an answer in the permitted characters', async () => {
    const { user } = await toSecurity({
      settings: {
        'securityQuestionOptions.secretQuestionList': JSON.stringify([
          'What was the name of your first pet?',
          'What is your <favourite> tag?',
        ]),
      },
    });
    const select = field('Secret Question');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['', 'What was the name of your first pet?']);
    await user.click(continueButton());
    expect(await screen.findByText('Please Select a Question')).toBeVisible();
    expect(screen.getByText('Secret Answer is required.')).toBeVisible();
    await user.selectOptions(select, 'What was the name of your first pet?');
    await user.type(field('Secret Answer'), 'Rex;');
    await user.click(continueButton());
    expect(await screen.findByText('Secret Answer Contains Invalid Characters.')).toBeVisible();
    expect(field('Secret Answer')).toHaveAttribute('type', 'password');
  });

  it('asks for a custom question and answer when custom questions are on', async () => {
    const { user } = await toSecurity({
      settings: { 'registrationOptions.useCustomSecurityQuestionOption': 'true' },
    });
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(continueButton());
    expect(await screen.findByText('Security question is required.')).toBeVisible();
    expect(screen.getByText('Security answer is required.')).toBeVisible();
    await user.type(field('Security Question'), 'Favourite harbour?');
    await user.type(field('Security Answer'), 'Portland');
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Registration' })).toBeVisible();
  });

  it('requires place of birth, driver license and maiden name when shown', async () => {
    const { user } = await toSecurity({
      settings: {
        'registrationOptions.hidePlaceOfBirthOption': 'false',
        'registrationOptions.hideDriversLicenseOption': 'false',
        'registrationOptions.hideMothersMaidenNameOption': 'false',
      },
    });
    await user.click(continueButton());
    expect(await screen.findByText('Place of birth is required.')).toBeVisible();
    expect(screen.getByText('Drivers license is required.')).toBeVisible();
    expect(screen.getByText("Mother's maiden name is required.")).toBeVisible();
    await expectNoAxeViolations();
  });

  it('goes back to the personal data with the values kept', async () => {
    const { user } = await toSecurity();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Personal Data' });
    // The heading takes focus in an effect after the commit that shows it.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(field('Last Name')).toHaveValue('Blake');
  });
});

describe('registration page: logon and create account', { timeout: 60_000 }, () => {
  async function toLogon(options: Options = {}) {
    const rendered = renderRegistration(options);
    await fillPersonal(rendered.user);
    await rendered.user.click(continueButton());
    await fillSecurity(rendered.user);
    await rendered.user.click(continueButton());
    await screen.findByRole('heading', { level: 2, name: 'Registration' });
    return rendered;
  }

  const createButton = () => screen.getByRole('button', { name: 'Create Account' });

  it('keeps the password fields disabled until there is a login name', async () => {
    const { user } = await toLogon();
    expect(field('Password')).toBeDisabled();
    expect(field('Confirm Password')).toBeDisabled();
    await user.type(field('Login Name'), 'm');
    // Enabled by the login name's re-render. A full run on a loaded 2-core machine once took
    // longer than the 5 s default here (the file passes alone in a second): more room, same check.
    await waitFor(() => expect(field('Password')).toBeEnabled(), { timeout: 15_000 });
    expect(field('Confirm Password')).toBeEnabled();
  });

  it('checks the login name against each rule', async () => {
    const { user } = await toLogon();
    for (const [name, message] of [
      ['', 'Login Name is required.'],
      ['morgan', 'Username must be at least 8 characters in length'],
      ['morgan<b>', 'Username should only contain valid characters'],
    ] as const) {
      await user.clear(field('Login Name'));
      if (name) await user.type(field('Login Name'), name);
      await user.click(createButton());
      expect(await screen.findByText(message)).toBeVisible();
    }
  });

  it('limits the login name to 12 characters without customer credentials', async () => {
    const { user } = await toLogon({
      settings: { 'passwordRuleOptions.useCustomerCredentialsOption': 'false' },
    });
    await user.type(field('Login Name'), 'morgan.blake.1');
    await user.click(createButton());
    expect(
      await screen.findByText('Username must be less than or equal to 12 characters in length'),
    ).toBeVisible();
  });

  it('checks the password against each rule', async () => {
    const { user } = await toLogon();
    await user.type(field('Login Name'), 'morgan.b');
    for (const [password, message] of [
      ['', 'Password is required.'],
      ['Ab1', 'Password must be at least 8 characters in length'],
      ['morgan.b77', 'Password must be different than username'],
      ['x900778888', 'Password must be different than SSN'],
      ['harborbay', 'Password must have both a letter and a number'],
    ] as const) {
      await user.clear(field('Password'));
      if (password) await user.type(field('Password'), password);
      await user.click(createButton());
      // The rules arrive from the server first; a busy machine takes longer than the default second.
      expect(await screen.findByText(message, undefined, { timeout: 5000 })).toBeVisible();
    }
  });

  it('checks the confirmation', async () => {
    const { user } = await toLogon();
    await user.type(field('Login Name'), 'morgan.b');
    await user.type(field('Password'), 'Harbor2024');
    await user.click(createButton());
    expect(await screen.findByText('Password confirmation required')).toBeVisible();
    await user.type(field('Confirm Password'), 'Harbor2025');
    await user.click(createButton());
    expect(await screen.findByText('Password does not match')).toBeVisible();
  });

  it('shows the password rule list with met and unmet rules when the option is on', async () => {
    const { user } = await toLogon({
      settings: { 'passwordRuleOptions.usePasswordValidationRuleListOption': 'true' },
    });
    await user.type(field('Login Name'), 'morgan.b');
    await user.type(field('Password'), 'harbor');
    // The list settles once the institution's rules have loaded (slow on a busy machine).
    await waitFor(() => {
      const list = screen.getByRole('list', { name: 'Password requirements' });
      expect(within(list).getByText('At least one letter').closest('li')).toHaveAttribute(
        'data-state',
        'met',
      );
      expect(within(list).getByText('At least one number').closest('li')).toHaveAttribute(
        'data-state',
        'unmet',
      );
    });
  });

  it('requires every registration agreement to be agreed to', async () => {
    const { user, server } = await toLogon({
      settings: { 'agreementTexts.agreementSetup': AGREEMENT_SETUP },
      routes: { 'POST /api/Register/CreateAccount': CREATED },
    });
    await fillLogon(user);
    await user.click(createButton());
    expect(await screen.findByText('You must agree to the Online Banking Agreement')).toBeVisible();
    expect(server.requestsTo('POST /api/Register/CreateAccount')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: /Online Banking Agreement/ }));
    await user.click(createButton());
    await waitFor(() =>
      expect(server.requestsTo('POST /api/Register/CreateAccount')[0]?.body).toMatchObject({
        Agreements: [{ AgreedTo: true, AgreementType: 11337 }],
      }),
    );
  });

  it('makes the user open the agreement first when click-to-read is on', async () => {
    const { user } = await toLogon({
      settings: {
        'agreementTexts.agreementSetup': AGREEMENT_SETUP,
        'agreementOptions.forceUserToClickOnURLToAgreeOption': 'true',
      },
    });
    await fillLogon(user);
    const checkbox = screen.getByRole('checkbox', { name: /Online Banking Agreement/ });
    expect(checkbox).toBeDisabled();
    await user.click(createButton());
    expect(
      await screen.findByText(
        'You must click on the link, read the Online Banking Agreement, and then return and click agree',
      ),
    ).toBeVisible();
    const link = screen.getByRole('link', { name: 'Online Banking Agreement' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(checkbox).toBeEnabled();
  });

  it('ticks a rich-text agreement only through its modal', async () => {
    const { user } = await toLogon({
      settings: {
        'agreementTexts.agreementSetup': AGREEMENT_SETUP,
        'agreementOptions.forceRichTextAgreementsOption': 'true',
        'agreementTexts.agreement1RichText': '<p>The terms of online banking.</p>',
      },
    });
    const checkbox = screen.getByRole('checkbox', { name: /Online Banking Agreement/ });
    await user.click(checkbox);
    const dialog = await screen.findByRole('dialog', { name: 'Online Banking Agreement' });
    expect(within(dialog).getByText('The terms of online banking.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'I Do Not Agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(checkbox).not.toBeChecked();
    await user.click(checkbox);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }),
    );
    await waitFor(() => expect(checkbox).toBeChecked());
  });

  it('creates the account and signs the user in through the login screen', async () => {
    const { user, server } = await toLogon({
      institution: MASKED_INSTITUTION,
      routes: {
        'POST /api/Register/CreateAccount': CREATED,
        'POST /api/login/userlogin': refused(['Invalid']),
      },
    });
    await fillLogon(user);
    expect(createButton()).not.toHaveAttribute('aria-disabled');
    await user.click(createButton());
    expect(await screen.findByText('Your account has been successfully registered.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(server.requestsTo('POST /api/Register/CreateAccount')[0]?.body).toEqual({
      Agreements: [],
      UserName: 'morgan.b',
      SecretQuestion: 'What was the name of your first pet?',
      SecretAnswer: 'Rex',
      AccountNumber: '001-400123-5',
      AccountType: 'Loan',
      DateOfBirth: '05/17/1990',
      EmailAddress: 'morgan.blake@example.test',
      FirstName: 'Morgan',
      MiddleName: '',
      LastName: 'Blake',
      SSN: '900778888',
      Zip: '04105',
      PhoneNumber: '(207) 555-0199',
      PlaceOfBirth: '',
      DriversLicense: '',
      MothersMaiden: '',
      Password: 'Harbor2024',
    });
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
    await waitFor(() =>
      expect(server.requestsTo('POST /api/login/userlogin')[0]?.body).toMatchObject({
        username: 'morgan.b',
        password: 'Harbor2024',
      }),
    );
    expect(JSON.stringify(window.history.state)).not.toContain('Harbor2024');
  });

  it('explains each server flag in the specs’ words', async () => {
    const { user, server } = await toLogon();
    await fillLogon(user);
    const flags: [string[], string][] = [
      [['userInfo'], 'There is an issue with the information you have entered'],
      [['LoginNameExists'], 'The logon name you chose is already taken.'],
      [
        ['Failed'],
        'Sorry, there was an error trying to register your account. Please contact your institution for help.',
      ],
      [
        ['SSNNull'],
        'Sorry, there was an error trying to register your account. Please contact your institution for help.',
      ],
      [
        ['RegistrationNotAllowed'],
        'Sorry, there was an error trying to register your account. Please contact your institution for help.',
      ],
      [
        ['SomethingNew'],
        'Sorry, there was an error trying to register your account. Please contact your institution for help.',
      ],
      [
        ['Invalid'],
        'Sorry, there was an error trying to register your account. Please check your information and try again or contact your institution for help.',
      ],
      [['SSN'], 'The social security information you have entered is in an invalid format.'],
      [['DateOfBirth'], 'Date of Birth is invalid.'],
      [['PasswordSameSSN'], 'Password must not be the same as the SSN.'],
      [['PasswordMatchesSSN'], 'Password must not be the same as the SSN.'],
      [['PasswordSameUserName'], 'Password must not be the same as the username.'],
      [
        ['PasswordLettersNumbers'],
        'Password must use a combination of upper and lower case letters as well as numbers.',
      ],
      [['PasswordTooShort'], 'Password is not long enough.'],
      [['UserNameTooShort'], 'Username is too short.'],
      [['LogonTooShort'], 'Username is too short.'],
      [['AccountNumberError'], 'The account number is not in the correct format.'],
      [['MustAgreeToAllError'], 'You must agree to all the agreements.'],
      [['AgreementRecordingError'], 'You must agree to all the agreements.'],
      [['PasswordMissingCapitalLetter'], 'Password must contain a capital letter.'],
      [['PasswordMissingSpecialCharacter'], 'Password must contain a special character.'],
      [['PasswordMatchesEmail'], 'Password must not match your email address.'],
      [
        ['PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters'],
        'Password cannot contain three or more consecutive identical characters.',
      ],
      [['PasswordEqualsPortionOfLogon'], 'Password cannot equal a portion of your login name.'],
      [['LogonMissingNumber'], 'Login name must contain a number.'],
      [['LogonMatchesEmail'], 'Login name must not match your email address.'],
    ];
    let previous = '';
    for (const [index, [codes, message]] of interleaved(flags).entries()) {
      server.route('POST /api/Register/CreateAccount', refused(codes));
      await user.click(createButton());
      await waitFor(() =>
        expect(server.requestsTo('POST /api/Register/CreateAccount')).toHaveLength(index + 1),
      );
      // Consecutive flags have different messages, so a message left from the last answer
      // cannot stand in for this one.
      expect(await screen.findByText(message)).toBeVisible();
      if (previous) expect(screen.queryByText(previous)).toBeNull();
      expect(window.location.hash).toBe('#/home/register');
      expect(screen.getByRole('button', { name: 'Create Account' })).toBeVisible();
      previous = message;
    }
  });

  it('shows every flag of an answer once', async () => {
    const { user } = await toLogon({
      routes: {
        'POST /api/Register/CreateAccount': refused([
          'SSN',
          'DateOfBirth',
          'PasswordMatchesSSN',
          'PasswordSameSSN',
        ]),
      },
    });
    await fillLogon(user);
    await user.click(createButton());
    expect(
      await screen.findByText(
        'The social security information you have entered is in an invalid format.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Date of Birth is invalid.')).toBeVisible();
    expect(screen.getAllByText('Password must not be the same as the SSN.')).toHaveLength(1);
  });

  it('says a restricted account was registered and does not sign in', async () => {
    const { user, server } = await toLogon({
      routes: {
        'POST /api/Register/CreateAccount': {
          body: {
            HasNoErrors: false,
            Errors: [{ ErrorMessage: 'Restricted' }],
            UserName: 'morgan.b',
            EmailIsVerified: false,
          },
        },
      },
    });
    await fillLogon(user);
    await user.click(createButton());
    expect(
      await screen.findByText(
        'Your account has been registered, however it is currently restricted.',
      ),
    ).toBeVisible();
    expect(server.requestsTo('POST /api/login/userlogin')).toHaveLength(0);
  });

  it.each([
    ['a server error', { status: 500, body: { HasNoErrors: false, Errors: [] } }],
    ['a rate limit', refused(['TooManyRequests'], 429)],
  ])('shows the generic error for %s', async (_case, answer) => {
    const { user } = await toLogon({ routes: { 'POST /api/Register/CreateAccount': answer } });
    await fillLogon(user);
    await user.click(createButton());
    expect(
      await screen.findByText(
        'Sorry, there was an error trying to register your account. Please contact your institution for help.',
      ),
    ).toBeVisible();
  });

  it('goes to the login page when the server answers maintenanceModeEnabled', async () => {
    const { user } = await toLogon({
      routes: { 'POST /api/Register/CreateAccount': refused(['maintenanceModeEnabled']) },
    });
    await fillLogon(user);
    await user.click(createButton());
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
  });

  it('has no axe violations with agreements and the rule list', async () => {
    const { user } = await toLogon({
      settings: {
        'agreementTexts.agreementSetup': AGREEMENT_SETUP,
        'passwordRuleOptions.usePasswordValidationRuleListOption': 'true',
      },
    });
    await user.type(field('Login Name'), 'morgan.b');
    await user.click(createButton());
    await screen.findByText('Password is required.');
    await expectNoAxeViolations();
  });
});

describe('registration page: e-mail security code', { timeout: 60_000 }, () => {
  const MFA_ON: SettingValues = {
    'registrationOptions.multiFactorDuringRegistrationOption': 'true',
  };

  function mfaRoutes(validate: StubResponse = OK): StubRoutes {
    let issued = 0;
    return {
      'POST /api/Register/GenerateMFACode': () => {
        issued += 1;
        return { body: { HasNoErrors: true, Errors: [], MFAToken: `mfa-${issued}` } };
      },
      'POST /api/Register/ValidateCode': validate,
    };
  }

  async function toCode(routes: StubRoutes) {
    const rendered = renderRegistration({ settings: MFA_ON, routes });
    await fillPersonal(rendered.user);
    await rendered.user.click(continueButton());
    const heading = await screen.findByRole('heading', { level: 2, name: 'Email Verification' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() =>
      expect(rendered.server.requestsTo('POST /api/Register/GenerateMFACode')).toHaveLength(1),
    );
    return rendered;
  }

  it('sends a code on entering, checks it and goes on to security', async () => {
    const { user, server } = await toCode({
      ...mfaRoutes(),
      'POST /api/Register/CreateAccount': CREATED,
      'POST /api/login/userlogin': refused(['Invalid']),
    });
    const [generate] = server.requestsTo('POST /api/Register/GenerateMFACode');
    expect(generate?.body).toMatchObject({
      FirstName: 'Morgan',
      EmailAddress: 'morgan.blake@example.test',
      Id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(
      screen.getByText(/We have sent a security code to morgan.blake@example.test/),
    ).toBeVisible();
    await user.click(continueButton());
    expect(await screen.findByText('A security code is required')).toBeVisible();
    await user.type(field('Security Code'), '123456');
    await user.click(continueButton());
    await fillSecurity(user);
    expect(server.requestsTo('POST /api/Register/ValidateCode')[0]?.body).toEqual({
      Code: '123456',
      MFAToken: 'mfa-1',
      UserId:
        generate?.body && typeof generate.body === 'object' && 'Id' in generate.body
          ? generate.body.Id
          : '',
    });
    await user.click(continueButton());
    await fillLogon(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/Register/CreateAccount')[0]?.body).toMatchObject({
        MFAToken: 'mfa-1',
      }),
    );
  });

  it.each([
    [
      'expired',
      { status: 403, body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'CodeExpired' }] } },
      'The code you have entered has expired.',
    ],
    [
      'max attempts',
      {
        status: 403,
        body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'MaxAttemptsReached' }] },
      },
      'You have exceeded the maximum number of attempts for this code. Press Resend Code to start over.',
    ],
    [
      'invalid',
      { status: 403, body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Invalid' }] } },
      'There was an error while validating.',
    ],
    [
      'a network error',
      { status: 502, body: { HasNoErrors: false, Errors: [] } },
      'Something went wrong during email verification.',
    ],
  ])('explains a %s code', async (_case, answer, message) => {
    const { user } = await toCode(mfaRoutes(answer));
    await user.type(field('Security Code'), '654321');
    await user.click(continueButton());
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Email Verification' })).toBeVisible();
  });

  it('gets a new token and clears the code on Resend Code', async () => {
    const { user, server } = await toCode(mfaRoutes());
    await user.type(field('Security Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/Register/GenerateMFACode')).toHaveLength(2),
    );
    expect(field('Security Code')).toHaveValue('');
    await user.type(field('Security Code'), '222222');
    await user.click(continueButton());
    await screen.findByRole('heading', { level: 2, name: 'Security' });
    expect(server.requestsTo('POST /api/Register/ValidateCode')[0]?.body).toMatchObject({
      MFAToken: 'mfa-2',
    });
  });

  it('asks for a new code when the e-mail address changes after verification', async () => {
    const { user, server } = await toCode(mfaRoutes());
    await user.type(field('Security Code'), '123456');
    await user.click(continueButton());
    await screen.findByRole('heading', { level: 2, name: 'Security' });
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Personal Data' });
    await user.click(continueButton());
    // Still verified: straight to security.
    await screen.findByRole('heading', { level: 2, name: 'Security' });
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Personal Data' });
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'morgan@example.test');
    await user.click(continueButton());
    await screen.findByRole('heading', { level: 2, name: 'Email Verification' });
    await waitFor(() =>
      expect(server.requestsTo('POST /api/Register/GenerateMFACode')).toHaveLength(2),
    );
    expect(server.requestsTo('POST /api/Register/GenerateMFACode')[1]?.body).toMatchObject({
      EmailAddress: 'morgan@example.test',
    });
  });

  it('has no axe violations', async () => {
    const { user } = await toCode(mfaRoutes());
    await user.click(continueButton());
    await screen.findByText('A security code is required');
    await expectNoAxeViolations();
  });
});

describe('registration under single sign-on', () => {
  it('is not reachable', async () => {
    renderRegistration({ settings: { 'ssoOptions.useSingleSignOnOption': 'true' } });
    await waitFor(() => expect(window.location.hash).toBe('#/home/login'), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'Register for an account' })).toBeNull();
  });
});
