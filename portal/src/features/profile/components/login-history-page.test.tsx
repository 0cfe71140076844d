import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../../../testing/render-portal';

describe('login history', () => {
  it('lists attempts newest first with date, time, result, browser and device, in the institution’s zone', async () => {
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
                EntryKey: '1',
                LoginDate: '2025-03-12T03:03:00.000Z',
                IPAddress: '203.0.113.24',
                Browser: 'Safari 17',
                Device: 'iPhone',
                Succeeded: true,
              },
              {
                EntryKey: '2',
                LoginDate: '2025-03-14T15:00:00.000Z',
                IPAddress: '198.51.100.7',
                Browser: '',
                Device: 'Windows computer',
                Succeeded: false,
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

  it('says Cannot Get Login History when the call fails', async () => {
    renderPortal({ path: '/myaccount/loginHistory', signedIn: true });
    expect(await screen.findByText('Cannot Get Login History')).toBeVisible();
  });
});
