import type { AccountListItem } from '@portal/domain';
import { expectNoAxeViolations, type StubHandler } from '@portal/web-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountListItem, type SettingValues } from '../../../testing/fixtures';
import { renderShell } from '../../../testing/render-shell';
import { ContactChangePage } from './contact-change-page';

const HOME_EQUITY = '001-100235-2';
const AUTO = '001-100234-1';
const CREDIT_LINE = '001-300100-4';
const CLOSED = '001-100111-9';

function account(Number: string, Type: number, Description: string, Comment = ''): AccountListItem {
  return accountListItem({ Number, Type, Description, Comment });
}

const ACCOUNTS = [
  account(HOME_EQUITY, 0, 'Home Equity Loan'),
  account('001-500100-1', 1, 'Everyday Checking'),
  account(AUTO, 0, 'Auto Loan'),
  account(CREDIT_LINE, 9, 'Line of Credit'),
  account(CLOSED, 0, 'Boat Loan', 'CLOSED'),
];

const SENT = { body: { HasNoErrors: true, Errors: [], RequestId: 'f3b1' } };
const LOAD = { timeout: 10_000 };
const AXE_TEST_MS = 60_000;

function renderContactChange(
  options: { settings?: SettingValues; answer?: StubHandler; accounts?: AccountListItem[] } = {},
) {
  return renderShell(
    [
      {
        path: 'myaccount/requestChange',
        element: (
          <main>
            <ContactChangePage />
          </main>
        ),
      },
    ],
    {
      path: '/myaccount/requestChange',
      signedIn: true,
      settings: { 'profileOptions.forceManualCifChangesOption': 'true', ...options.settings },
      routes: {
        'GET /api/accountList': {
          body: { HasNoErrors: true, Errors: [], Accounts: options.accounts ?? ACCOUNTS },
        },
        'PUT /api/ManualChangeContactInfo': options.answer ?? SENT,
      },
    },
  );
}

const form = () => screen.getByRole('form', { name: 'Contact Info Change' });
const submit = () => within(form()).getByRole('button', { name: 'Submit' });
const group = (name: string) => within(form()).getByRole('group', { name });

async function fillAddress(user: UserEvent, legend: string, address: Record<string, string>) {
  const fields = group(legend);
  for (const [label, value] of Object.entries(address)) {
    if (label === 'State') {
      await user.selectOptions(within(fields).getByRole('combobox', { name: 'State' }), value);
    } else {
      await user.type(within(fields).getByRole('textbox', { name: label }), value);
    }
  }
}

/** Ticks a loan, turns both switches on and fills both addresses and phones. */
async function fillEverything(user: UserEvent) {
  await user.click(
    await screen.findByRole('checkbox', { name: 'Home Equity Loan ****2352' }, LOAD),
  );
  await user.click(screen.getByRole('checkbox', { name: 'Line of Credit ****1004' }));
  await user.click(screen.getByRole('switch', { name: 'Change Address' }));
  await fillAddress(user, 'Old Address', {
    Address: '14 Harbor View Road',
    City: 'Portland',
    State: 'Maine',
    'Zip Code': '04101',
  });
  await fillAddress(user, 'New Address', {
    Address: '22 Pine Street',
    'Address 2': 'Apt 3',
    City: 'Westbrook',
    State: 'Maine',
    'Zip Code': '04092',
  });
  await user.click(screen.getByRole('switch', { name: 'Change Phone' }));
  await user.type(screen.getByRole('textbox', { name: 'Old Phone Number' }), '2075550134');
  await user.type(screen.getByRole('textbox', { name: 'New Phone Number' }), '2075550199');
}

/** Two of these wait out the 4-second message in real time; a loaded machine needs more room. */
const SLOW = 45_000;
describe('the contact-info change page', () => {
  it('lists every loan account with a checkbox, the switches showing their forms, Submit waiting until touched', async () => {
    const { user } = renderContactChange();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Info Change' }, LOAD),
    ).toBeVisible();
    expect(await screen.findByText(/Choose the accounts to update/, {}, LOAD)).toBeVisible();
    const loans = await screen.findByRole('group', { name: 'Loans' }, LOAD);
    expect(
      within(loans)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual([HOME_EQUITY, AUTO, CREDIT_LINE, CLOSED]);
    expect(within(loans).getByRole('checkbox', { name: 'Boat Loan ****1119' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Checking/ })).toBeNull();
    expect(submit()).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Change Address' }));
    expect(group('Old Address')).toBeVisible();
    expect(within(group('New Address')).getByRole('textbox', { name: 'Address 2' })).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Change Address' }));
    expect(screen.queryByRole('group', { name: 'Old Address' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'New Address' })).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Change Phone' }));
    expect(screen.getByRole('textbox', { name: 'Old Phone Number' })).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Change Phone' }));
    expect(screen.queryByRole('textbox', { name: 'Old Phone Number' })).toBeNull();
  });

  it(
    'sends the chosen loans, both addresses and both phones, with a spinner, then says Request sent for 4 seconds',
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        let answer: (value: typeof SENT) => void = () => undefined;
        const { user, server } = renderContactChange({
          answer: () =>
            new Promise((resolve) => {
              answer = resolve;
            }),
        });
        await fillEverything(user);
        expect(screen.getByRole('textbox', { name: 'Old Phone Number' })).toHaveValue(
          '(207) 555-0134',
        );
        expect(submit()).toBeEnabled();
        await user.click(submit());

        expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeVisible();
        expect(submit()).toBeDisabled();
        expect(screen.getByRole('checkbox', { name: 'Auto Loan ****2341' })).toBeDisabled();
        const [sent] = server.requestsTo('PUT /api/ManualChangeContactInfo');
        expect(sent?.body).toEqual({
          UserName: 'jordan.rivers',
          FirstName: 'Jordan',
          AccountNumbers: [HOME_EQUITY, CREDIT_LINE],
          OldAddress: {
            Address1: '14 Harbor View Road',
            Address2: '',
            City: 'Portland',
            State: 'ME',
            ZipCode: '04101',
          },
          NewAddress: {
            Address1: '22 Pine Street',
            Address2: 'Apt 3',
            City: 'Westbrook',
            State: 'ME',
            ZipCode: '04092',
          },
          PhoneNumber1: { OldPhoneNumber: '2075550134', NewPhoneNumber: '2075550199' },
        });
        await act(async () => answer(SENT));

        expect(await screen.findByText('Request sent')).toBeVisible();
        expect(screen.getByText('Request sent').closest('[role="status"]')).toHaveFocus();
        expect(screen.queryByRole('progressbar')).toBeNull();
        // The form starts over.
        expect(
          screen.getByRole('checkbox', { name: 'Home Equity Loan ****2352' }),
        ).not.toBeChecked();
        expect(screen.getByRole('switch', { name: 'Change Address' })).not.toBeChecked();
        expect(submit()).toBeDisabled();

        await act(() => vi.advanceTimersByTimeAsync(3_900));
        expect(screen.getByText('Request sent')).toBeVisible();
        await act(() => vi.advanceTimersByTimeAsync(200));
        expect(screen.queryByText('Request sent')).toBeNull();
        // The focus the message held is not dropped on the page: it is on the form's first field.
        expect(screen.getAllByRole('checkbox')[0]).toHaveFocus();
      } finally {
        vi.useRealTimers();
      }
    },
    SLOW,
  );

  it('sends a phone change alone, without addresses', async () => {
    const { user, server } = renderContactChange();
    await user.click(await screen.findByRole('checkbox', { name: 'Auto Loan ****2341' }, LOAD));
    await user.click(screen.getByRole('switch', { name: 'Change Phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Old Phone Number' }), '2075550134');
    await user.type(screen.getByRole('textbox', { name: 'New Phone Number' }), '2075550199');
    await user.click(submit());
    expect(await screen.findByText('Request sent')).toBeVisible();
    expect(server.requestsTo('PUT /api/ManualChangeContactInfo')[0]?.body).toMatchObject({
      AccountNumbers: [AUTO],
      OldAddress: null,
      NewAddress: null,
      PhoneNumber1: { OldPhoneNumber: '2075550134', NewPhoneNumber: '2075550199' },
    });
  });

  it('names each mistake in the form’s words and keeps Submit disabled until it is right', async () => {
    const { user } = renderContactChange();
    const home = await screen.findByRole('checkbox', { name: 'Home Equity Loan ****2352' }, LOAD);
    await user.click(home);
    expect(screen.getByText('Enter an address or phone number change.')).toBeVisible();
    await user.click(home);
    await user.tab();
    expect(await screen.findByText('Select at least one account.')).toBeVisible();
    await user.click(home);

    await user.click(screen.getByRole('switch', { name: 'Change Address' }));
    const old = group('Old Address');
    await user.click(within(old).getByRole('textbox', { name: 'Address' }));
    await user.tab();
    expect(await within(old).findByText('Required')).toBeVisible();
    const zip = within(old).getByRole('textbox', { name: 'Zip Code' });
    await user.type(zip, '04a1');
    expect(zip).toHaveValue('041');
    await user.tab();
    expect(await within(old).findByText('There needs to be 5 digits')).toBeVisible();
    await fillAddress(user, 'New Address', {
      Address: 'PO Box 12',
      City: 'Portland',
      State: 'Maine',
      'Zip Code': '04101',
    });
    await user.tab();
    expect(
      await within(group('New Address')).findByText('Physical address cannot contain a PO box.'),
    ).toBeVisible();
    expect(submit()).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Change Address' }));
    await user.click(screen.getByRole('switch', { name: 'Change Phone' }));
    const oldPhone = screen.getByRole('textbox', { name: 'Old Phone Number' });
    await user.click(oldPhone);
    await user.tab();
    expect(
      await screen.findByText('Must Enter Old Phone Number and New Phone Number'),
    ).toBeVisible();
    await user.type(oldPhone, '207555');
    await user.tab();
    expect(await screen.findByText('Enter Valid Phone Number')).toBeVisible();
    // Through the new number without typing it.
    await user.tab();
    expect(await screen.findByText('Enter New Phone Number')).toBeVisible();
    expect(oldPhone).toHaveAccessibleDescription(/Enter Valid Phone Number/);
    expect(submit()).toBeDisabled();
    await user.type(oldPhone, '0134');
    await user.type(screen.getByRole('textbox', { name: 'New Phone Number' }), '2075550199');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it(
    'says Something went wrong. for 4 seconds when the request fails, keeping what was typed',
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const { user } = renderContactChange({
          answer: { body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'AccountNotFound' }] } },
        });
        await fillEverything(user);
        await user.click(submit());
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('Something went wrong.');
        expect(alert).toHaveFocus();
        expect(screen.getByRole('checkbox', { name: 'Home Equity Loan ****2352' })).toBeChecked();
        expect(submit()).toBeEnabled();
        await act(() => vi.advanceTimersByTimeAsync(4_100));
        expect(screen.queryByText('Something went wrong.')).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    },
    SLOW,
  );

  it(
    'reads its wording from the settings',
    async () => {
      const { user } = renderContactChange({
        settings: {
          'contactChangeTexts.introRichText': '<p>Tell us what changed.</p>',
          'contactChangeTexts.changeAddressText': 'New home',
          'contactChangeTexts.changePhoneText': 'New number',
          'contactChangeTexts.oldAddressHeadingText': 'Where you lived',
          'contactChangeTexts.newAddressHeadingText': 'Where you live',
          'contactChangeTexts.submitButtonText': 'Send to us',
          'contactChangeTexts.successText': 'On its way',
          'contactChangeTexts.requiredText': 'Fill this in',
        },
      });
      expect(await screen.findByText('Tell us what changed.', {}, LOAD)).toBeVisible();
      await user.click(await screen.findByRole('checkbox', { name: 'Auto Loan ****2341' }, LOAD));
      await user.click(screen.getByRole('switch', { name: 'New home' }));
      expect(screen.getByRole('group', { name: 'Where you lived' })).toBeVisible();
      await user.click(
        within(screen.getByRole('group', { name: 'Where you live' })).getByRole('textbox', {
          name: 'City',
        }),
      );
      await user.tab();
      expect(await screen.findByText('Fill this in')).toBeVisible();
      await user.click(screen.getByRole('switch', { name: 'New home' }));
      await user.click(screen.getByRole('switch', { name: 'New number' }));
      await user.type(screen.getByRole('textbox', { name: 'Old Phone Number' }), '2075550134');
      await user.type(screen.getByRole('textbox', { name: 'New Phone Number' }), '2075550199');
      await user.click(screen.getByRole('button', { name: 'Send to us' }));
      expect(await screen.findByText('On its way')).toBeVisible();
    },
    SLOW,
  );

  it('says so when the account list cannot be loaded', async () => {
    renderShell([{ path: 'myaccount/requestChange', element: <ContactChangePage /> }], {
      path: '/myaccount/requestChange',
      signedIn: true,
      routes: { 'GET /api/accountList': { status: 500, body: {} } },
    });
    expect(
      await screen.findByText('An error occurred trying to retrieve the account list.', {}, LOAD),
    ).toBeVisible();
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations with both forms open and their errors shown, in the %s scheme',
    async (scheme) => {
      const { user } = renderContactChange({ settings: { 'themeOptions.colorScheme': scheme } });
      await waitFor(() => expect(document.documentElement).toHaveClass(scheme));
      await screen.findByRole('group', { name: 'Loans' }, LOAD);
      await expectNoAxeViolations();
      await user.click(screen.getByRole('checkbox', { name: 'Auto Loan ****2341' }));
      await user.click(screen.getByRole('switch', { name: 'Change Address' }));
      await user.click(screen.getByRole('switch', { name: 'Change Phone' }));
      await user.click(within(group('Old Address')).getByRole('textbox', { name: 'Address' }));
      await user.tab();
      await user.type(screen.getByRole('textbox', { name: 'Old Phone Number' }), '207');
      await user.tab();
      await screen.findByText('Enter Valid Phone Number');
      await expectNoAxeViolations();
    },
    AXE_TEST_MS,
  );
});
