import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../../../testing/render-portal';

describe('login history', () => {
  it('lists attempts as the server orders them with date, time, result, browser and device, in the institution’s zone', async () => {
    renderPortal({
      path: '/myaccount/loginHistory',
      signedIn: true,
      routes: {
        'GET /api/Profile/LoginHistory': {
          body: {
            HasNoErrors: true,
            Errors: [],
            List: [
              {
                EntryKey: '2',
                LoginDate: '2025-03-14T15:00:00.000Z',
                IPAddress: '198.51.100.7',
                Browser: '',
                Device: 'Windows computer',
                Succeeded: false,
              },
              {
                EntryKey: '1',
                LoginDate: '2025-03-12T03:03:00.000Z',
                IPAddress: '203.0.113.24',
                Browser: 'Safari 17',
                Device: 'iPhone',
                Succeeded: true,
              },
            ],
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Login History' });
    const rows = within(table).getAllByRole('row').slice(1);
    // The date is the row's header, the rest its cells.
    const cells = (row: HTMLElement | undefined) => [
      ...within(row ?? document.body)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
      ...within(row ?? document.body)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ];
    expect(cells(rows[0])).toEqual([
      '03/14/2025',
      '11:00 AM EDT',
      'Failed attempt',
      'Unknown',
      'Windows computer',
      '198.51.100.7',
    ]);
    // 03:03 UTC on the 12th is still the 11th in New York.
    expect(cells(rows[1])).toEqual([
      '03/11/2025',
      '11:03 PM EDT',
      'Signed in',
      'Safari 17',
      'iPhone',
      '203.0.113.24',
    ]);
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark scheme, a failed attempt included', async () => {
    renderPortal({
      path: '/myaccount/loginHistory',
      signedIn: true,
      settings: { 'themeOptions.colorScheme': 'dark' },
      routes: {
        'GET /api/Profile/LoginHistory': {
          body: {
            HasNoErrors: true,
            Errors: [],
            List: [
              {
                EntryKey: '2',
                LoginDate: '2025-03-14T15:00:00.000Z',
                IPAddress: '198.51.100.7',
                Browser: 'Chrome 131',
                Device: 'Windows computer',
                Succeeded: false,
              },
            ],
          },
        },
      },
    });
    expect(await screen.findByText('Failed attempt')).toBeVisible();
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
  });

  it('keeps the server’s EntryKey order when the recorded dates disagree, until a column is sorted', async () => {
    const entry = (EntryKey: string, LoginDate: string, IPAddress: string) => ({
      EntryKey,
      LoginDate,
      IPAddress,
      Browser: 'Chrome 131',
      Device: 'Windows computer',
      Succeeded: true,
    });
    const { user } = renderPortal({
      path: '/myaccount/loginHistory',
      signedIn: true,
      routes: {
        'GET /api/Profile/LoginHistory': {
          body: {
            HasNoErrors: true,
            Errors: [],
            // EntryKey descending, as the server sends it; the second one's clock ran ahead.
            List: [
              entry('30', '2025-03-10T15:00:00.000Z', '192.0.2.30'),
              entry('29', '2025-03-20T15:00:00.000Z', '192.0.2.29'),
              entry('28', '2025-03-01T15:00:00.000Z', '192.0.2.28'),
            ],
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Login History' });
    const addresses = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);
    expect(addresses()).toEqual(['192.0.2.30', '192.0.2.29', '192.0.2.28']);
    expect(within(table).getByRole('columnheader', { name: 'Date' })).not.toHaveAttribute(
      'aria-sort',
    );

    await user.click(within(table).getByRole('button', { name: 'Date' }));
    await waitFor(() => {
      expect(addresses()).toEqual(['192.0.2.28', '192.0.2.30', '192.0.2.29']);
    });
  });

  it('announces the loading text the institution set while the history loads', async () => {
    renderPortal({
      path: '/myaccount/loginHistory',
      signedIn: true,
      settings: { 'loginHistoryTexts.loadingText': 'Fetching your sign-ins' },
      routes: { 'GET /api/Profile/LoginHistory': () => new Promise(() => {}) },
    });
    expect(await screen.findByRole('status', { name: 'Fetching your sign-ins' })).toBeVisible();
  });

  it('says Cannot Get Login History when the call fails', async () => {
    renderPortal({ path: '/myaccount/loginHistory', signedIn: true });
    expect(await screen.findByText('Cannot Get Login History')).toBeVisible();
  });
});
