import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type ProfileDataResponse,
  type ProfilePhoneNumber,
  type UserAlertsInfo,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

const SAVED: UserAlertsInfo = { ...DEFAULT_NOTIFICATION_PREFERENCES, sequenceNumber: 3 };
/** What another tab saved meanwhile: "I sign in" by e-mail turned on. */
const SAVED_ELSEWHERE: UserAlertsInfo = {
  ...SAVED,
  sequenceNumber: 4,
  emailAlerts: { ...SAVED.emailAlerts, userLogsOn: true },
};

function profileData(
  alerts: UserAlertsInfo,
  phones: ProfilePhoneNumber[] = [
    { PhoneNumber: '2075550134', OptInToTexting: false, Primary: true },
  ],
): ProfileDataResponse {
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
      PhoneNumbers: phones,
    },
    UserAlertsInfo: alerts,
    Documents: null,
  };
}

/** The page loads lazily: on a busy machine that takes more than a second. */
const LOAD = { timeout: 10_000 };

describe('notifications section', () => {
  it('shows the preferences saved elsewhere, and says the save failed, when a save answers that another save came first', async () => {
    // The server's copy: another tab saves just before this one's first save.
    let stored = SAVED;
    let otherTabSaved = false;
    const { user, server } = renderPortal({
      path: '/myaccount/profile',
      signedIn: true,
      routes: {
        'GET /api/Profile': () => ({ body: profileData(stored) }),
        'POST /api/Profile/UpdateNotifications': (request) => {
          if (!otherTabSaved) {
            otherTabSaved = true;
            stored = SAVED_ELSEWHERE;
          }
          const body: unknown = request.body;
          const sent =
            typeof body === 'object' && body !== null && 'SequenceNumber' in body
              ? body.SequenceNumber
              : undefined;
          if (sent !== stored.sequenceNumber) {
            const refused = { ErrorMessage: 'Error' };
            return { body: { HasNoErrors: false, Errors: [refused], UserAlertsInfo: stored } };
          }
          stored = {
            ...stored,
            sequenceNumber: stored.sequenceNumber + 1,
            emailAlerts: { ...stored.emailAlerts, passwordChanged: false },
          };
          return { body: { HasNoErrors: true, Errors: [], UserAlertsInfo: stored } };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    const passwordByEmail = () =>
      within(form).getByRole('switch', { name: 'My password changes: Email' });
    const signInByEmail = () => within(form).getByRole('switch', { name: 'I sign in: Email' });
    expect(passwordByEmail()).toBeChecked();
    expect(signInByEmail()).not.toBeChecked();

    await user.click(passwordByEmail());
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText('There was an error saving your notification preferences.'),
    ).toBeVisible();
    // The form shows what is saved now, not the stale copy nor the refused change.
    expect(signInByEmail()).toBeChecked();
    expect(passwordByEmail()).toBeChecked();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    // The profile was read again.
    await waitFor(() => expect(server.requestsTo('GET /api/Profile').length).toBeGreaterThan(1));

    // Made again, the change is saved over the newer preferences.
    await user.click(passwordByEmail());
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('img', { name: 'Saved' }, LOAD)).toBeVisible();
    const saves = server.requestsTo('POST /api/Profile/UpdateNotifications');
    expect(saves.map((save) => save.body)).toMatchObject([
      { SequenceNumber: 3, EmailAlerts: { PasswordChanged: false } },
      { SequenceNumber: 4, EmailAlerts: { PasswordChanged: false, UserLogsOn: true } },
    ]);
  });

  it('says why the Text toggles are off: a phone not opted in to texting, or no phone at all', async () => {
    const notOptedIn =
      'Your phone number is not opted in to texting. Turn on Text messages under Personal Information to get text alerts.';
    const noPhone = 'There is no phone number listed for texting.';
    const texting = { 'notificationOptions.allowTextMessagesOption': 'true' } as const;
    const listed = renderPortal({
      path: '/myaccount/profile',
      signedIn: true,
      settings: texting,
      routes: { 'GET /api/Profile': { body: profileData(SAVED) } },
    });
    const form = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    expect(within(form).getByRole('switch', { name: 'I sign in: Text' })).toBeDisabled();
    expect(within(form).getByText(notOptedIn)).toBeVisible();
    expect(within(form).queryByText(noPhone)).toBeNull();
    listed.unmount();

    renderPortal({
      path: '/myaccount/profile',
      signedIn: true,
      settings: texting,
      routes: { 'GET /api/Profile': { body: profileData(SAVED, []) } },
    });
    const withoutPhone = await screen.findByRole('form', { name: 'Notifications' }, LOAD);
    expect(within(withoutPhone).getByText(noPhone)).toBeVisible();
    expect(within(withoutPhone).queryByText(notOptedIn)).toBeNull();
  });
});
