import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import { formatProcessingDay } from './ach-files-page';

const DAYS = {
  days: [
    {
      date: '2026-11-25',
      entries: 3,
      totalDebitCents: 148_457,
      fileName: 'ACH-harbor-2026-11-25.txt',
    },
    { date: '2026-11-24', entries: 1, totalDebitCents: 1, fileName: 'ACH-harbor-2026-11-24.txt' },
  ],
};

function renderAchFiles(
  options: { role?: 'viewer' | 'editor' | 'publisher'; days?: unknown } = {},
) {
  return renderAdmin({
    path: '/i/harbor/ach-files',
    routes: {
      ...institutionRoutes({ role: options.role ?? 'publisher' }),
      'GET /admin-api/institutions/harbor/ach-files': { body: options.days ?? DAYS },
    },
  });
}

describe('the ACH files', () => {
  it('lists the processing days with their payments and totals, each file to download', async () => {
    renderAchFiles();
    expect(await screen.findByRole('heading', { name: 'ACH files', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', {
      name: 'ACH files by processing day, newest first',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Processing dayPaymentsTotal debitsFile',
      `${formatProcessingDay('2026-11-25')}3$1,484.57Download`,
      `${formatProcessingDay('2026-11-24')}1$0.01Download`,
    ]);
    expect(formatProcessingDay('2026-11-25')).toBe('Wednesday, November 25, 2026');
    const download = screen.getByRole('link', {
      name: 'Download the ACH file of Wednesday, November 25, 2026',
    });
    expect(download).toHaveAttribute('href', '/admin-api/institutions/harbor/ach-files/2026-11-25');
    expect(download).toHaveAttribute('download', 'ACH-harbor-2026-11-25.txt');
    expect(
      screen.getByRole('rowheader', { name: 'Wednesday, November 25, 2026' }).querySelector('time'),
    ).toHaveAttribute('datetime', '2026-11-25');
    // The section is in the institution's navigation, marked as the current page.
    const nav = screen.getByRole('navigation', { name: 'Institution sections' });
    expect(within(nav).getByRole('link', { name: 'ACH files' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations();
  });

  it('shows a viewer or an editor the days without the downloads', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const view = renderAchFiles({ role });
      expect(await screen.findByRole('table')).toBeVisible();
      expect(
        screen.getByText(
          'The files hold borrowers’ account numbers: only a publisher can download them.',
        ),
      ).toBeVisible();
      expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'File' })).not.toBeInTheDocument();
      await expectNoAxeViolations();
      view.unmount();
    }
  });

  it('says so when there are no ACH payments yet', async () => {
    renderAchFiles({ days: { days: [] } });
    expect(await screen.findByText('There are no ACH payments yet.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal', async () => {
    renderAdmin({
      path: '/i/harbor/ach-files',
      routes: {
        ...institutionRoutes(),
        'GET /admin-api/institutions/harbor/ach-files': refusal(
          404,
          'NotFound',
          'There is no such institution among yours.',
        ),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such institution among yours.',
    );
    await expectNoAxeViolations();
  });
});
