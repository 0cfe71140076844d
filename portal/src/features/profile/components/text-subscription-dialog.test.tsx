import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type ProfileDataResponse,
  type SubscriptionOption,
} from '@portal/domain';
import type { StubHandler } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

const PHONE = { PhoneNumber: '2075550134', OptInToTexting: false, Primary: true };

const PROFILE: ProfileDataResponse = {
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
    PhoneNumbers: [PHONE],
  },
  UserAlertsInfo: { ...DEFAULT_NOTIFICATION_PREFERENCES, sequenceNumber: 3 },
  Documents: null,
};

const LOANS: SubscriptionOption = {
  BrandingId: 3,
  BrandingName: 'Harbor Loans',
  OptInMarketing: false,
  OptInAccount: false,
};
const CARDS: SubscriptionOption = { ...LOANS, BrandingId: 7, BrandingName: 'Harbor Cards' };

const MODIFY_FAILED =
  'An error occurred while modifying your subscriptions. The form has been set to reflect the changes that were saved.';
const LOAD_FAILED = 'Something went wrong trying to connect to the server.';

/** The page and its dialogs load lazily: on a busy machine that takes more than a second. */
const LOAD = { timeout: 10_000 };

function subscriptionInfo(options: readonly SubscriptionOption[]) {
  return { body: { HasNoErrors: true, Errors: [], SubscriptionInfo: { Options: options } } };
}

function refusal(ErrorMessage: string) {
  return { body: { HasNoErrors: false, Errors: [{ ErrorMessage }], SubscriptionInfo: null } };
}

function renderDialogHost(routes: {
  info: StubHandler;
  modify?: StubHandler;
  personalInfo?: StubHandler;
}) {
  return renderPortal({
    path: '/myaccount/profile',
    signedIn: true,
    settings: { 'notificationOptions.allowTextMessagesOption': 'true' },
    routes: {
      'GET /api/Profile': { body: PROFILE },
      'POST /api/SolutionsByText/GetSubscriptionInfo': routes.info,
      ...(routes.modify ? { 'POST /api/SolutionsByText/ModifySubscriptions': routes.modify } : {}),
      'POST /api/Profile/UpdatePersonalInfo': routes.personalInfo ?? {
        body: {
          HasNoErrors: true,
          Errors: [],
          PersonalInfo: {
            ...PROFILE.PersonalInfo,
            PhoneNumbers: [{ ...PHONE, OptInToTexting: true }],
          },
        },
      },
    },
  });
}

async function openDialog(user: ReturnType<typeof renderPortal>['user']) {
  const form = await screen.findByRole('form', { name: 'Personal Information' }, LOAD);
  await user.click(within(form).getByRole('button', { name: 'Text subscriptions' }));
  return screen.findByRole('dialog', { name: 'Text Subscriptions' }, LOAD);
}

describe('text subscription dialog errors', () => {
  it('says the modify failure, not the load failure, when saving answers 500, and shows the options as saved', async () => {
    const { user, server } = renderDialogHost({
      info: subscriptionInfo([LOANS]),
      modify: { status: 500, body: {} },
    });
    await openDialog(user);
    const loans = await screen.findByRole('group', { name: 'Harbor Loans' }, LOAD);
    await user.click(within(loans).getByRole('checkbox', { name: 'Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Text Subscriptions' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(MODIFY_FAILED)).toBeVisible();
    expect(within(dialog).queryByText(LOAD_FAILED)).toBeNull();
    // Read back: nothing was saved, so the option is off again and there is nothing to save.
    expect(server.requestsTo('POST /api/SolutionsByText/GetSubscriptionInfo')).toHaveLength(2);
    expect(within(loans).getByRole('checkbox', { name: 'Account' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(server.requestsTo('POST /api/Profile/UpdatePersonalInfo')).toHaveLength(0);
  });

  it('says the modify failure when the network fails during the save, back to the loaded options', async () => {
    let online = true;
    const { user } = renderDialogHost({
      info: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return subscriptionInfo([LOANS]);
      },
      modify: () => {
        online = false;
        throw new TypeError('Failed to fetch');
      },
    });
    await openDialog(user);
    const loans = await screen.findByRole('group', { name: 'Harbor Loans' }, LOAD);
    await user.click(within(loans).getByRole('checkbox', { name: 'Marketing' }));
    const dialog = screen.getByRole('dialog', { name: 'Text Subscriptions' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(MODIFY_FAILED)).toBeVisible();
    expect(within(dialog).queryByText(LOAD_FAILED)).toBeNull();
    expect(within(loans).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  });

  it('reverts the programme the server refused with the modify text, keeping the one it saved', async () => {
    const { user, server } = renderDialogHost({
      info: subscriptionInfo([LOANS, CARDS]),
      modify: refusal(
        JSON.stringify({
          BrandingId: 7,
          OptInMarketing: true,
          OptInAccount: null,
          Error: 'UnknownBranding',
        }),
      ),
    });
    await openDialog(user);
    const loans = await screen.findByRole('group', { name: 'Harbor Loans' }, LOAD);
    const cards = screen.getByRole('group', { name: 'Harbor Cards' });
    await user.click(within(loans).getByRole('checkbox', { name: 'Account' }));
    await user.click(within(cards).getByRole('checkbox', { name: 'Marketing' }));
    const dialog = screen.getByRole('dialog', { name: 'Text Subscriptions' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(MODIFY_FAILED)).toBeVisible();
    expect(within(cards).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    expect(within(loans).getByRole('checkbox', { name: 'Account' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    // The saved programme opts the phone in.
    await waitFor(() =>
      expect(server.requestsTo('POST /api/Profile/UpdatePersonalInfo')[0]?.body).toEqual({
        Address: null,
        PhoneNumbers: [{ ...PHONE, OptInToTexting: true }],
      }),
    );
  });

  it('says the number is not textable when the server answers Invalid on opening', async () => {
    const { user } = renderDialogHost({ info: refusal('Invalid') });
    const dialog = await openDialog(user);
    expect(
      await within(dialog).findByText('This is not a textable phone number', {}, LOAD),
    ).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('says the number is not textable when the save answers Invalid, keeping the choices', async () => {
    const { user } = renderDialogHost({
      info: subscriptionInfo([LOANS]),
      modify: refusal('Invalid'),
    });
    await openDialog(user);
    const loans = await screen.findByRole('group', { name: 'Harbor Loans' }, LOAD);
    await user.click(within(loans).getByRole('checkbox', { name: 'Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Text Subscriptions' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This is not a textable phone number')).toBeVisible();
    expect(within(dialog).queryByText(MODIFY_FAILED)).toBeNull();
    expect(within(loans).getByRole('checkbox', { name: 'Account' })).toBeChecked();
  });

  it('says the load failure when the options cannot be read', async () => {
    const { user } = renderDialogHost({ info: { status: 500, body: {} } });
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText(LOAD_FAILED, {}, LOAD)).toBeVisible();
    expect(within(dialog).queryByText(MODIFY_FAILED)).toBeNull();
  });
});
