import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../../../testing/render-portal';

describe('login history', () => {
  it('lists sign-ins newest first, in the institution’s time zone', async () => {
    renderPortal({
      path: '/myaccount/loginHistory',
      signedIn: true,
      routes: {
        'GET /api/Profile/LoginHistory': {
          body: {
            HasNoErrors: true,
            Errors: [],
            List: [
              { EntryKey: '1', LoginDate: '2025-03-12T03:03:00.000Z', IPAddress: '203.0.113.24' },
              { EntryKey: '2', LoginDate: '2025-03-14T15:00:00.000Z', IPAddress: '198.51.100.7' },
            ],
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Login History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/^03\/14\/2025198\.51\.100\.7$/);
    // 03:03 UTC on the 12th is still the 11th in New York.
    expect(rows[1]).toHaveTextContent(/^03\/11\/2025203\.0\.113\.24$/);
    await expectNoAxeViolations();
  });

  it('says Cannot Get Login History when the call fails', async () => {
    renderPortal({ path: '/myaccount/loginHistory', signedIn: true });
    expect(await screen.findByText('Cannot Get Login History')).toBeVisible();
  });
});
