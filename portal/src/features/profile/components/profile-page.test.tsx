import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type ProfileDataResponse,
  type UserAlertsInfo,
} from '@portal/domain';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OK, TEST_USER, UNAUTHORIZED } from '../../../testing/fixtures';
import { renderPortal, type RenderPortalOptions } from '../../../testing/render-portal';

const ALERTS: UserAlertsInfo = { ...DEFAULT_NOTIFICATION_PREFERENCES, sequenceNumber: 3 };

function profileData(overrides: Partial<ProfileDataResponse> = {}): ProfileDataResponse {
  return {
    HasNoErrors: true,
    Errors: [],
    UserInfo: {
      ...TEST_USER,
      PendingEmailAddress: '',
      EmailIsVerified: true,
      SecretQuestion: 'What was the name of your first pet?',
      BiometricsEnabled: false,
    },
    PersonalInfo: {
      Address: { Address1: '12 Harbor Way', City: 'Portland', State: 'ME', ZipCode: '04101' },
      PhoneNumbers: [{ PhoneNumber: '2075550134', OptInToTexting: false, Primary: true }],
    },
    UserAlertsInfo: ALERTS,
    Documents: null,
    ...overrides,
  };
}

/** The page and its dialogs load lazily: on a busy machine that takes more than a second. */
const LOAD = { timeout: 10_000 };
/** Tests that run axe (several seconds a run) get longer than the default. */
const AXE_TEST_MS = 60_000;

const RULES = {
  'POST /api/CredentialValidationRules/GetPasswordValidationRules': {
    body: {
      HasNoErrors: true,
      Errors: [],
      MinimumLength: 8,
      MaximumLength: 12,
      CustomerCredentials: false,
      PasswordValidationRules: [],
    },
  },
};

function renderProfile(options: RenderPortalOptions & { data?: ProfileDataResponse } = {}) {
  return renderPortal({
    path: '/myaccount/profile',
    signedIn: true,
    ...options,
    routes: {
      'GET /api/Profile': { body: options.data ?? profileData() },
      ...RULES,
      ...options.routes,
    },
  });
}

describe('profile page', () => {
  it(
    'shows the sections, Save and Cancel only once a form differs from its saved copy, and no axe violations',
    async () => {
      const { user } = renderProfile();
      const userInfo = await screen.findByRole('form', { name: 'User Information' }, LOAD);
      expect(screen.getByRole('form', { name: 'Personal Information' })).toBeVisible();
      expect(screen.getByRole('form', { name: 'Notifications' })).toBeVisible();
      expect(within(userInfo).getByLabelText(/^Login Name/)).toHaveValue('jordan.rivers');
      expect(within(userInfo).queryByRole('button', { name: 'Save' })).toBeNull();
      await expectNoAxeViolations();

      await user.clear(within(userInfo).getByLabelText(/^Login Name/));
      await user.type(within(userInfo).getByLabelText(/^Login Name/), 'jordan.r2');
      expect(within(userInfo).getByRole('button', { name: 'Save' })).toBeVisible();
      await user.click(within(userInfo).getByRole('button', { name: 'Cancel' }));
      expect(within(userInfo).getByLabelText(/^Login Name/)).toHaveValue('jordan.rivers');
      expect(within(userInfo).queryByRole('button', { name: 'Save' })).toBeNull();
    },
    AXE_TEST_MS,
  );

  it(
    'has no axe violations in the dark scheme, with texting offered',
    async () => {
      renderProfile({
        settings: {
          'themeOptions.colorScheme': 'dark',
          'notificationOptions.allowTextMessagesOption': 'true',
        },
      });
      expect(await screen.findByRole('form', { name: 'Notifications' }, LOAD)).toBeVisible();
      expect(document.documentElement).toHaveClass('dark');
      await expectNoAxeViolations();
    },
    AXE_TEST_MS,
  );

  it('hides the user information when configured', async () => {
    renderProfile({ settings: { 'profileOptions.hideUserInformationOption': 'true' } });
    expect(await screen.findByRole('form', { name: 'Personal Information' }, LOAD)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'User Information' })).toBeNull();
  });

  it('sends only the changed e-mail, then says a link was sent and shows the check mark', async () => {
    const base = profileData();
    const pending = {
      ...base,
      UserInfo: base.UserInfo && { ...base.UserInfo, PendingEmailAddress: 'new@example.com' },
    };
    let saved = false;
    const { user, server } = renderProfile({
      routes: {
        // The server keeps the new address waiting for its link.
        'GET /api/Profile': () => ({ body: saved ? pending : base }),
        'POST /api/Profile/UpdateUserInfo': () => {
          saved = true;
          return {
            body: {
              HasNoErrors: true,
              Errors: [],
              UserInfo: pending.UserInfo,
              BiometricsToken: '',
              BiometricsTokenExpiration: null,
            },
          };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    const email = within(form).getByLabelText(/^E-mail Address/);
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('img', { name: 'Saved' })).toBeVisible();
    expect(
      within(form).getByText(
        'We sent a link to new@example.com. Your e-mail address changes when you open it.',
      ),
    ).toBeVisible();
    expect(server.requestsTo('POST /api/Profile/UpdateUserInfo')[0]?.body).toEqual({
      UserInfo: { EmailAddress: 'new@example.com' },
      MobileInfo: null,
    });
    // The form is the saved copy again: no Save, the old address until the link is opened.
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(email).toHaveValue(TEST_USER.EmailAddress);
  });

  it('takes the check mark away after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderProfile({
        routes: {
          'POST /api/Profile/UpdatePersonalInfo': {
            body: { HasNoErrors: true, Errors: [], PersonalInfo: profileData().PersonalInfo },
          },
        },
      });
      const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
      await user.click(within(form).getByRole('checkbox', { name: 'Primary phone' }));
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await within(form).findByRole('img', { name: 'Saved' })).toBeVisible();
      await act(() => vi.advanceTimersByTimeAsync(2_900));
      expect(within(form).getByRole('img', { name: 'Saved' })).toBeVisible();
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(within(form).queryByRole('img', { name: 'Saved' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the focus in the user information form after a save, and Tab goes on to the next form', async () => {
    const { user } = renderProfile({
      routes: {
        'POST /api/Profile/UpdateUserInfo': {
          body: {
            HasNoErrors: true,
            Errors: [],
            UserInfo: profileData().UserInfo,
            BiometricsToken: '',
            BiometricsTokenExpiration: null,
          },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    const loginName = within(form).getByLabelText(/^Login Name/);
    await user.clear(loginName);
    await user.type(loginName, 'jordan.r2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('img', { name: 'Saved' })).toBeVisible();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(document.activeElement).not.toBe(document.body);
    expect(form.contains(document.activeElement)).toBe(true);
    expect(within(form).getByRole('img', { name: 'Saved' })).toBeVisible();
    // The next Tab goes on to what follows the form, not back to the top of the page.
    await user.tab();
    expect(
      screen.getByRole('form', { name: 'Personal Information' }).contains(document.activeElement),
    ).toBe(true);
  });

  it('keeps the focus in the personal information form after a save, the check mark gone or not', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderProfile({
        routes: {
          'POST /api/Profile/UpdatePersonalInfo': {
            body: { HasNoErrors: true, Errors: [], PersonalInfo: profileData().PersonalInfo },
          },
        },
      });
      const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
      await user.click(within(form).getByRole('checkbox', { name: 'Primary phone' }));
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await within(form).findByRole('img', { name: 'Saved' })).toBeVisible();
      expect(form.contains(document.activeElement)).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(3_100));
      expect(within(form).queryByRole('img', { name: 'Saved' })).toBeNull();
      expect(form.contains(document.activeElement)).toBe(true);
      await user.tab();
      expect(
        screen.getByRole('form', { name: 'Notifications' }).contains(document.activeElement),
      ).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the focus in the notifications form after a save', async () => {
    let alerts = ALERTS;
    const { user } = renderProfile({
      routes: {
        'GET /api/Profile': () => ({ body: profileData({ UserAlertsInfo: alerts }) }),
        'POST /api/Profile/UpdateNotifications': () => {
          alerts = { ...ALERTS, emailAlerts: { ...ALERTS.emailAlerts, userLogsOn: true } };
          return { body: { HasNoErrors: true, Errors: [], UserAlertsInfo: alerts } };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    await user.click(within(form).getByRole('switch', { name: 'I sign in: Email' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('img', { name: 'Saved' }, LOAD)).toBeVisible();
    // Save goes once the profile read again answers the saved choices.
    await waitFor(() => expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull());
    expect(document.activeElement).not.toBe(document.body);
    expect(form.contains(document.activeElement)).toBe(true);
  });

  it('keeps the focus in the form after Cancel takes the buttons away', async () => {
    const { user } = renderProfile();
    const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
    await user.click(within(form).getByRole('checkbox', { name: 'Primary phone' }));
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(form).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(form.contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(
      screen.getByRole('form', { name: 'Notifications' }).contains(document.activeElement),
    ).toBe(true);
  });

  it('leaves the focus where it is when a save is made with Enter in a field', async () => {
    const { user } = renderProfile({
      routes: {
        'POST /api/Profile/UpdateUserInfo': {
          body: {
            HasNoErrors: true,
            Errors: [],
            UserInfo: profileData().UserInfo,
            BiometricsToken: '',
            BiometricsTokenExpiration: null,
          },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    const loginName = within(form).getByLabelText(/^Login Name/);
    await user.clear(loginName);
    await user.type(loginName, 'jordan.r2{Enter}');
    expect(await within(form).findByRole('img', { name: 'Saved' })).toBeVisible();
    expect(loginName).toHaveFocus();
  });

  it('lists the password rules live under the new password once it is worked on, each met or not', async () => {
    // The institution's defaults: no rule list, no list option (the legacy rules).
    const { user } = renderProfile();
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    const newPassword = within(form).getByLabelText(/^New Password/);
    // Not under the optional field while it is left alone.
    expect(within(form).queryByRole('list', { name: 'Password requirements' })).toBeNull();

    await user.click(newPassword);
    const rules = () =>
      within(within(form).getByRole('list', { name: 'Password requirements' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(rules()).toEqual([
      'Requirement not met:At least 8 characters',
      'Requirement not met:At least one letter',
      'Requirement not met:At least one number',
      'Requirement not met:Cannot contain your login name',
    ]);
    await user.type(newPassword, 'harbor');
    expect(rules()).toEqual([
      'Requirement not met:At least 8 characters',
      'Requirement met:At least one letter',
      'Requirement not met:At least one number',
      'Requirement met:Cannot contain your login name',
    ]);
    expect(newPassword).toHaveAccessibleDescription(/At least one number/);
    await user.type(newPassword, 'Bay24');
    expect(rules().every((item) => item?.startsWith('Requirement met:'))).toBe(true);
    // With text in it the list stays when the field is left.
    await user.tab();
    expect(within(form).getByRole('list', { name: 'Password requirements' })).toBeVisible();
  });

  it('hides the rules again when an empty new password is left', async () => {
    const { user } = renderProfile();
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    await user.click(within(form).getByLabelText(/^New Password/));
    expect(within(form).getByRole('list', { name: 'Password requirements' })).toBeVisible();
    await user.click(within(form).getByLabelText(/^Login Name/));
    expect(within(form).queryByRole('list', { name: 'Password requirements' })).toBeNull();
  });

  it('asks the server about a previous password 500 ms after typing stops, and lists its answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, server } = renderProfile({
        userEvent: { advanceTimers: vi.advanceTimersByTime },
        routes: {
          'POST /api/CredentialValidationRules/GetPasswordValidationRules': {
            body: {
              HasNoErrors: true,
              Errors: [],
              MinimumLength: 8,
              MaximumLength: 128,
              CustomerCredentials: true,
              PasswordValidationRules: [3, 6, 11].map((type) => ({
                ValidationRuleType: type,
                ValidationRegex: null,
                RegexMatchMeansError: false,
              })),
            },
          },
          'POST /api/Login/ValidatePasswordForLoggedInUser': {
            body: {
              HasNoErrors: true,
              Errors: [],
              PasswordMatchesSSN: false,
              PasswordMatchesEmail: false,
              PasswordExists: true,
            },
          },
        },
      });
      const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
      await user.type(within(form).getByLabelText(/^New Password/), 'Harbor2024');
      const list = within(form).getByRole('list', { name: 'Password requirements' });
      expect(list).toHaveTextContent('Checking:Cannot be a previous password');
      await act(() => vi.advanceTimersByTimeAsync(450));
      expect(server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser')).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser')).toHaveLength(1);
      await waitFor(() =>
        expect(list).toHaveTextContent('Requirement not met:Cannot be a previous password'),
      );
      expect(list).toHaveTextContent('Requirement met:At least one number');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the current password with a new password and keeps Save disabled until given', async () => {
    const { user } = renderProfile();
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    await user.type(within(form).getByLabelText(/^New Password/), 'NewPass-29');
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(form).getByLabelText(/^Current Password/));
    await user.tab();
    expect(await within(form).findByText('Your current password is required')).toBeVisible();
  });

  it('shows a wrong current password next to its field, keeping what was typed', async () => {
    const { user } = renderProfile({
      routes: {
        'POST /api/Profile/UpdateUserInfo': {
          body: {
            HasNoErrors: false,
            Errors: [{ ErrorMessage: 'InvalidCurrentPassword' }],
            UserInfo: null,
            BiometricsToken: '',
            BiometricsTokenExpiration: null,
          },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    await user.type(within(form).getByLabelText(/^Current Password/), 'Wrong-Pass-1');
    await user.type(within(form).getByLabelText(/^New Password/), 'NewPass-29');
    await user.type(within(form).getByLabelText(/^Confirm New Password/), 'NewPass-29');
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const current = within(form).getByLabelText(/^Current Password/);
    expect(
      await within(form).findByText('The current password you entered is incorrect.'),
    ).toBeVisible();
    expect(current).toHaveValue('Wrong-Pass-1');
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a login name is taken in the spec’s words', async () => {
    const { user } = renderProfile({
      routes: {
        'POST /api/Profile/UpdateUserInfo': {
          body: {
            HasNoErrors: false,
            Errors: [{ ErrorMessage: 'LogonNameExists' }],
            UserInfo: null,
            BiometricsToken: '',
            BiometricsTokenExpiration: null,
          },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    const name = within(form).getByLabelText(/^Login Name/);
    await user.clear(name);
    await user.type(name, 'taken.name');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('That login name already exists, please choose another.'),
    ).toBeVisible();
    expect(name).toHaveValue('taken.name');
  });

  it('checks the login name length and the e-mail as typed', async () => {
    const { user } = renderProfile();
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    const name = within(form).getByLabelText(/^Login Name/);
    await user.clear(name);
    await user.type(name, 'short');
    await user.tab();
    expect(
      await within(form).findByText('Login name must be more than 8 characters'),
    ).toBeVisible();
    const email = within(form).getByLabelText(/^E-mail Address/);
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.tab();
    expect(await within(form).findByText('A valid e-mail address is required.')).toBeVisible();
  });

  it('needs a new security answer when the question changes, in the allowed characters', async () => {
    const { user } = renderProfile();
    const form = await screen.findByRole('form', { name: 'User Information' }, LOAD);
    await user.selectOptions(
      within(form).getByLabelText(/^Security Question/),
      'What is the name of the street you grew up on?',
    );
    await user.click(within(form).getByLabelText(/^Current Password/));
    await user.type(within(form).getByLabelText(/^Current Password/), 'Demo-Pass-2024');
    await user.click(within(form).getByLabelText(/^New Security Answer/));
    await user.tab();
    expect(
      await within(form).findByText(
        'Resetting the security question requires a new security answer.',
      ),
    ).toBeVisible();
    await user.type(within(form).getByLabelText(/^New Security Answer/), 'Elm <Street>');
    await user.tab();
    expect(await within(form).findByText('Invalid characters detected in answer.')).toBeVisible();
  });

  it('checks the phone and the address as typed, and refuses a PO box from the server next to the street', async () => {
    const { user } = renderProfile({
      routes: {
        'POST /api/Profile/UpdatePersonalInfo': {
          body: {
            HasNoErrors: false,
            Errors: [{ ErrorMessage: 'ZipCityNoMatch' }],
            PersonalInfo: profileData().PersonalInfo,
          },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
    const phone = within(form).getByLabelText(/^Phone Number/);
    expect(phone).toHaveValue('207-555-0134');
    await user.clear(phone);
    await user.type(phone, '20755');
    await user.tab();
    expect(
      await within(form).findByText(
        'Phone number is invalid. A 10 digit phone number is required.',
      ),
    ).toBeVisible();
    await user.clear(phone);
    await user.type(phone, '2075550199');
    expect(phone).toHaveValue('207-555-0199');
    const street = within(form).getByLabelText(/^Address/);
    await user.clear(street);
    await user.type(street, 'PO Box 12');
    await user.tab();
    expect(
      await within(form).findByText('Physical address cannot contain a PO box.'),
    ).toBeVisible();
    await user.clear(street);
    await user.type(street, '9 Elm Street');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('City is not found within the specified zip code.'),
    ).toBeVisible();
    expect(within(form).getByLabelText(/^City/)).toHaveFocus();
    expect(street).toHaveValue('9 Elm Street');
  });

  it('disables the Text toggles while no phone is opted in to texting, and enables them once one is', async () => {
    const settings = { 'notificationOptions.allowTextMessagesOption': 'true' } as const;
    const first = renderProfile({ settings });
    const form = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    expect(within(form).getByRole('switch', { name: 'I sign in: Text' })).toBeDisabled();
    expect(within(form).getByRole('switch', { name: 'I sign in: Email' })).toBeEnabled();
    first.unmount();

    const optedIn = profileData({
      PersonalInfo: {
        Address: null,
        PhoneNumbers: [{ PhoneNumber: '2075550134', OptInToTexting: true, Primary: true }],
      },
    });
    const { user, server } = renderProfile({
      settings,
      data: optedIn,
      routes: {
        'POST /api/Profile/UpdateNotifications': {
          body: { HasNoErrors: true, Errors: [], UserAlertsInfo: ALERTS },
        },
      },
    });
    const enabled = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    await user.click(within(enabled).getByRole('switch', { name: 'I sign in: Text' }));
    await user.click(within(enabled).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/Profile/UpdateNotifications')).toHaveLength(1),
    );
    expect(server.requestsTo('POST /api/Profile/UpdateNotifications')[0]?.body).toMatchObject({
      SequenceNumber: 3,
      AlertsAreDirty: true,
      TextAlerts: { UserLogsOn: true },
      EmailAlerts: { UserLogsOn: false, OptInOutEmailAlerts: true },
    });
  });

  it('shows the texting opt-in off, and not to be turned on, while the phone number is being changed', async () => {
    const optedIn = profileData({
      PersonalInfo: {
        Address: profileData().PersonalInfo?.Address ?? null,
        PhoneNumbers: [{ PhoneNumber: '2075550134', OptInToTexting: true, Primary: true }],
      },
    });
    // The server saves the new number not opted in, and reads it back so.
    const moved = profileData({
      PersonalInfo: {
        Address: optedIn.PersonalInfo?.Address ?? null,
        PhoneNumbers: [{ PhoneNumber: '2075550199', OptInToTexting: false, Primary: true }],
      },
    });
    let saved = false;
    const { user, server } = renderProfile({
      settings: { 'notificationOptions.allowTextMessagesOption': 'true' },
      routes: {
        'GET /api/Profile': () => ({ body: saved ? moved : optedIn }),
        'POST /api/Profile/UpdatePersonalInfo': () => {
          saved = true;
          return { body: { HasNoErrors: true, Errors: [], PersonalInfo: moved.PersonalInfo } };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
    const optIn = within(form).getByRole('switch', { name: 'Text messages' });
    expect(optIn).toBeChecked();
    const phone = within(form).getByLabelText(/^Phone Number/);
    await user.clear(phone);
    await user.type(phone, '2075550199');
    expect(optIn).not.toBeChecked();
    expect(optIn).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Text subscriptions' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/Profile/UpdatePersonalInfo')).toHaveLength(1),
    );
    expect(server.requestsTo('POST /api/Profile/UpdatePersonalInfo')[0]?.body).toMatchObject({
      PhoneNumbers: [{ PhoneNumber: '2075550199', OptInToTexting: false, Primary: true }],
    });
    // The saved number can be subscribed now.
    expect(await within(form).findByRole('button', { name: 'Text subscriptions' })).toBeEnabled();
    expect(within(form).getByRole('switch', { name: 'Text messages' })).not.toBeChecked();
  });

  it('shows the check mark after a notifications save that changes the saved choices', async () => {
    // The profile read again after the save answers the new choices, as the server does.
    let alerts = ALERTS;
    const { user } = renderProfile({
      routes: {
        'GET /api/Profile': () => ({ body: profileData({ UserAlertsInfo: alerts }) }),
        'POST /api/Profile/UpdateNotifications': () => {
          alerts = { ...ALERTS, emailAlerts: { ...ALERTS.emailAlerts, userLogsOn: true } };
          return { body: { HasNoErrors: true, Errors: [], UserAlertsInfo: alerts } };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    await user.click(within(form).getByRole('switch', { name: 'I sign in: Email' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('img', { name: 'Saved' }, LOAD)).toBeVisible();
    expect(within(form).getByRole('switch', { name: 'I sign in: Email' })).toBeChecked();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('logs out with reason unauthorized when a save answers Unauthorized', async () => {
    const { user } = renderProfile({
      routes: { 'POST /api/Profile/UpdateNotifications': UNAUTHORIZED },
    });
    const form = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    await user.click(within(form).getByRole('switch', { name: 'I sign in: Email' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('asks before leaving with unsaved changes (No stays)', async () => {
    const { user } = renderProfile();
    const form = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    await user.click(within(form).getByRole('switch', { name: 'I sign in: Email' }));
    await user.click(screen.getAllByRole('link', { name: 'Dashboard' })[0] ?? document.body);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'There are unsaved changes on the page, are you sure you want to continue?',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('form', { name: 'Notifications' }, LOAD)).toBeVisible();
  });
});

describe('text subscription dialog', () => {
  const TEXTING = {
    'notificationOptions.allowTextMessagesOption': 'true',
    'agreementTexts.agreementSetup':
      '/cdn/harbor/agreements/texting-terms.html|2025-01-02|Texting Terms|texting',
  } as const;

  it(
    'shows the texting agreement first; Agree posts it, then Save sends only the changed option and opts the phone in',
    async () => {
      let agreed = false;
      let optedIn = false;
      const optedInData = profileData({
        PersonalInfo: {
          Address: profileData().PersonalInfo?.Address ?? null,
          PhoneNumbers: [{ PhoneNumber: '2075550134', OptInToTexting: true, Primary: true }],
        },
      });
      const { user, server } = renderProfile({
        settings: TEXTING,
        routes: {
          'GET /api/Profile': () => ({ body: optedIn ? optedInData : profileData() }),
          'POST /api/SolutionsByText/GetSubscriptionInfo': () =>
            agreed
              ? {
                  body: {
                    HasNoErrors: true,
                    Errors: [],
                    SubscriptionInfo: {
                      Options: [
                        {
                          BrandingId: 1,
                          BrandingName: 'Account Alerts',
                          OptInMarketing: false,
                          OptInAccount: false,
                        },
                      ],
                    },
                  },
                }
              : {
                  body: {
                    HasNoErrors: false,
                    Errors: [{ ErrorMessage: 'userDisagree' }],
                    SubscriptionInfo: null,
                  },
                },
          'POST /api/AgreementLogging': () => {
            agreed = true;
            return { body: { HasNoErrors: true, Errors: [], PendingSteps: [] } };
          },
          'POST /api/SolutionsByText/ModifySubscriptions': OK,
          'POST /api/Profile/UpdatePersonalInfo': () => {
            optedIn = true;
            return {
              body: { HasNoErrors: true, Errors: [], PersonalInfo: optedInData.PersonalInfo },
            };
          },
        },
      });
      const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
      await user.click(within(form).getByRole('switch', { name: 'Text messages' }));
      // The loading step first, then the agreement (a dialog of its own).
      await screen.findByRole('button', { name: 'Disagree' }, LOAD);
      const agreement = screen.getByRole('dialog', { name: 'Text Subscriptions' });
      expect(
        await within(agreement).findByRole('link', { name: 'Texting Terms' }, LOAD),
      ).toBeVisible();
      await expectNoAxeViolations();
      await user.click(within(agreement).getByRole('button', { name: 'Agree' }));
      expect(server.requestsTo('POST /api/AgreementLogging')[0]?.body).toMatchObject({
        Agreements: [11337],
        UserName: TEST_USER.LogonName,
      });
      const programme = await screen.findByRole('group', { name: 'Account Alerts' }, LOAD);
      const dialog = screen.getByRole('dialog', { name: 'Text Subscriptions' });
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
      await expectNoAxeViolations();
      await user.click(within(programme).getByRole('checkbox', { name: 'Account' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(server.requestsTo('POST /api/SolutionsByText/ModifySubscriptions')[0]?.body).toEqual({
        PhoneNumber: '2075550134',
        Options: [{ BrandingId: 1, OptInMarketing: null, OptInAccount: true }],
      });
      expect(server.requestsTo('POST /api/Profile/UpdatePersonalInfo')[0]?.body).toEqual({
        Address: null,
        PhoneNumbers: [{ PhoneNumber: '2075550134', OptInToTexting: true, Primary: true }],
      });
      expect(await within(form).findByRole('switch', { name: 'Text messages' })).toBeChecked();
    },
    AXE_TEST_MS,
  );

  it(
    'Disagree says texting needs the terms and leaves the toggle off',
    async () => {
      const { user, server } = renderProfile({
        settings: { ...TEXTING, 'themeOptions.colorScheme': 'dark' },
        routes: {
          'POST /api/SolutionsByText/GetSubscriptionInfo': {
            body: {
              HasNoErrors: false,
              Errors: [{ ErrorMessage: 'userDisagree' }],
              SubscriptionInfo: null,
            },
          },
        },
      });
      const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
      await user.click(within(form).getByRole('switch', { name: 'Text messages' }));
      // The loading step first, then the agreement (a dialog of its own).
      await screen.findByRole('button', { name: 'Disagree' }, LOAD);
      const agreement = screen.getByRole('dialog', { name: 'Text Subscriptions' });
      await expectNoAxeViolations();
      await user.click(within(agreement).getByRole('button', { name: 'Disagree' }));
      expect(
        await within(form).findByText('In order to use texting you must agree to the terms'),
      ).toBeVisible();
      expect(await within(form).findByRole('switch', { name: 'Text messages' })).not.toBeChecked();
      expect(server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
    },
    AXE_TEST_MS,
  );

  it('opens from the text icon with a group of options per programme, named by its branding', async () => {
    const option = (BrandingId: number, BrandingName: string) => ({
      BrandingId,
      BrandingName,
      OptInMarketing: false,
      OptInAccount: false,
    });
    const { user, server } = renderProfile({
      settings: TEXTING,
      routes: {
        'POST /api/SolutionsByText/GetSubscriptionInfo': {
          body: {
            HasNoErrors: true,
            Errors: [],
            SubscriptionInfo: { Options: [option(3, 'Harbor Loans'), option(7, 'Harbor Cards')] },
          },
        },
        'POST /api/SolutionsByText/ModifySubscriptions': OK,
        'POST /api/Profile/UpdatePersonalInfo': {
          body: { HasNoErrors: true, Errors: [], PersonalInfo: profileData().PersonalInfo },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
    await user.click(within(form).getByRole('button', { name: 'Text subscriptions' }));
    const cards = await screen.findByRole('group', { name: 'Harbor Cards' }, LOAD);
    expect(screen.getByRole('group', { name: 'Harbor Loans' })).toBeVisible();
    await user.click(within(cards).getByRole('checkbox', { name: 'Marketing' }));
    const dialog = screen.getByRole('dialog', { name: 'Text Subscriptions' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('POST /api/SolutionsByText/ModifySubscriptions')[0]?.body).toEqual({
      PhoneNumber: '2075550134',
      Options: [{ BrandingId: 7, OptInMarketing: true, OptInAccount: null }],
    });
  });

  it('offers to retry when the opt-in cannot be saved after the subscriptions', async () => {
    const { user } = renderProfile({
      settings: TEXTING,
      routes: {
        'POST /api/SolutionsByText/GetSubscriptionInfo': {
          body: {
            HasNoErrors: true,
            Errors: [],
            SubscriptionInfo: {
              Options: [
                {
                  BrandingId: 1,
                  BrandingName: 'Account Alerts',
                  OptInMarketing: false,
                  OptInAccount: false,
                },
              ],
            },
          },
        },
        'POST /api/SolutionsByText/ModifySubscriptions': OK,
        'POST /api/Profile/UpdatePersonalInfo': { status: 500, body: {} },
      },
    });
    const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
    await user.click(within(form).getByRole('button', { name: 'Text subscriptions' }));
    // The loading step first, then the options (a dialog of its own).
    await user.click(await screen.findByRole('checkbox', { name: 'Marketing' }, LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Text Subscriptions' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Your subscriptions were saved, but your phone settings could not be updated. Would you like to try again?',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
