import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import { formatProcessingDay } from './ach-files-page';

const LIST = 'GET /admin-api/institutions/harbor/ach-files';
const MAKE = 'POST /admin-api/institutions/harbor/ach-files/2026-11-25';

const FILE_A = {
  fileIdModifier: 'A',
  entries: 2,
  totalDebitCents: 148_000,
  sealedAt: '2026-11-25T22:00:00.000Z',
  fileName: 'ACH-harbor-2026-11-25-A.txt',
};
const FILE_B = {
  fileIdModifier: 'B',
  entries: 1,
  totalDebitCents: 457,
  sealedAt: '2026-11-26T14:00:00.000Z',
  fileName: 'ACH-harbor-2026-11-25-B.txt',
};

const DAYS = {
  cutoffTime: '17:00',
  days: [
    {
      date: '2026-11-25',
      entries: 3,
      totalDebitCents: 148_457,
      files: [FILE_A],
      pending: { entries: 1, totalDebitCents: 457, filedOnItsOwn: 'nextMorning' },
    },
    {
      date: '2026-11-24',
      entries: 1,
      totalDebitCents: 1,
      files: [],
      pending: { entries: 1, totalDebitCents: 1, filedOnItsOwn: 'soon' },
    },
  ],
};

function renderAchFiles(
  options: {
    role?: 'viewer' | 'editor' | 'publisher';
    days?: unknown;
    make?: { status?: number; body?: unknown };
  } = {},
) {
  return renderAdmin({
    path: '/i/harbor/ach-files',
    routes: {
      ...institutionRoutes({ role: options.role ?? 'publisher' }),
      [LIST]: { body: options.days ?? DAYS },
      ...(options.make ? { [MAKE]: options.make } : {}),
    },
  });
}

describe('the ACH files', () => {
  it('lists the processing days with their files to download and what waits for a file', async () => {
    renderAchFiles();
    expect(await screen.findByRole('heading', { name: 'ACH files', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', {
      name: 'ACH files by processing day, newest first',
    });
    // On a phone the table scrolls sideways in a region the keyboard reaches.
    const region = screen.getByRole('region', {
      name: 'ACH files by processing day, scrolls sideways',
    });
    expect(region).toContainElement(table);
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('Processing dayPaymentsTotal debitsFilesWaiting for a file');
    expect(rows[1]?.textContent).toMatch(
      new RegExp(
        `^${formatProcessingDay('2026-11-25')}3\\$1,484\\.57File A: 2 payments, \\$1,480\\.00 · made .+Download1 payment, \\$4\\.57Came in after the day’s cut-off file \\(5:00 PM\\): filed on their own after midnight\\.Make file$`,
      ),
    );
    expect(rows[2]?.textContent).toBe(
      `${formatProcessingDay('2026-11-24')}1$0.01None yet1 payment, $0.01The ACH cut-off (5:00 PM) has passed: filed on their own within minutes.Make file`,
    );
    // When the day's payments go out without staff, from the server's published cut-off.
    expect(
      screen.getByText(/The institution’s ACH cut-off is 5:00 PM, its own time/),
    ).toBeVisible();
    expect(formatProcessingDay('2026-11-25')).toBe('Wednesday, November 25, 2026');
    // When it was made, in the institution's zone.
    expect(rows[1]).toHaveTextContent('made 11/25/2026');
    const download = screen.getByRole('link', {
      name: 'Download ACH file A of Wednesday, November 25, 2026',
    });
    expect(download).toHaveAttribute(
      'href',
      '/admin-api/institutions/harbor/ach-files/2026-11-25/A',
    );
    expect(download).toHaveAttribute('download', 'ACH-harbor-2026-11-25-A.txt');
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

  it('asks before making the day’s next file, saying what it seals, and cancels without a word to the server', async () => {
    const { user, server } = renderAchFiles({
      make: { status: 201, body: { date: '2026-11-25', file: FILE_B } },
    });
    const make = await screen.findByRole('button', {
      name: 'Make file: the next ACH file of Wednesday, November 25, 2026',
    });
    await user.click(make);
    const dialog = await screen.findByRole('dialog', {
      name: 'Make the next ACH file of Wednesday, November 25, 2026?',
    });
    // What the page knows of it: how many payments wait and their total, and what follows.
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'It seals the 1 payment waiting for a file, debits of $4.57 in all, into the day’s next file, with any that came in since this page was shown.',
      'The debits count as sent to the borrowers’ banks: each of these payments is then posted to its loan, credited as of its date.',
      'The file is sealed as made: download it and send it to the bank once. Payments that come in later wait for the day’s next file.',
    ]);
    expect(dialog).toHaveTextContent(
      'Came in after the day’s cut-off file (5:00 PM): filed on their own after midnight. This cannot be undone.',
    );
    await expectNoAxeViolations();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(server.requestsTo(MAKE)).toEqual([]);
    // Back where it was asked from.
    await waitFor(() => expect(make).toHaveFocus());

    // Escape cancels too.
    await user.click(make);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitForElementToBeRemoved(screen.queryByRole('dialog'));
    expect(server.requestsTo(MAKE)).toEqual([]);
  });

  it('makes the day’s next file once asked, says so where focus is, and lists it to download', async () => {
    const { user, server } = renderAchFiles({
      make: { status: 201, body: { date: '2026-11-25', file: FILE_B } },
    });
    const make = await screen.findByRole('button', {
      name: 'Make file: the next ACH file of Wednesday, November 25, 2026',
    });
    server.route(LIST, {
      body: {
        cutoffTime: '17:00',
        days: [
          {
            ...DAYS.days[0],
            files: [FILE_A, FILE_B],
            pending: { entries: 0, totalDebitCents: 0 },
          },
          DAYS.days[1],
        ],
      },
    });
    await user.click(make);
    // Nothing is made by the first press.
    expect(server.requestsTo(MAKE)).toEqual([]);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make file' }),
    );
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(
      'File B of Wednesday, November 25, 2026 is made: 1 payment, $4.57. Download it below.',
    );
    // The Make file button is gone with the waiting payments: the message has the focus.
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requestsTo(MAKE)).toHaveLength(1);
    expect(
      await screen.findByRole('link', {
        name: 'Download ACH file B of Wednesday, November 25, 2026',
      }),
    ).toHaveAttribute('href', '/admin-api/institutions/harbor/ach-files/2026-11-25/B');
    expect(
      screen.queryByRole('button', {
        name: 'Make file: the next ACH file of Wednesday, November 25, 2026',
      }),
    ).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows why a file was not made, where focus is', async () => {
    const { user } = renderAchFiles({
      make: refusal(404, 'NotFound', 'No ACH payments of that day wait for a file.'),
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Make file: the next ACH file of Wednesday, November 25, 2026',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make file' }),
    );
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('No ACH payments of that day wait for a file.');
    await waitFor(() => expect(refused).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows a viewer or an editor the days and files without making or downloading', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const view = renderAchFiles({ role });
      expect(await screen.findByRole('table')).toBeVisible();
      expect(
        screen.getByText(
          'The files hold borrowers’ account numbers: only a publisher can make and download them.',
        ),
      ).toBeVisible();
      expect(screen.getByText(/File A: 2 payments/)).toBeVisible();
      expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Make/ })).not.toBeInTheDocument();
      await expectNoAxeViolations();
      view.unmount();
    }
  });

  it('says so when there are no ACH payments yet', async () => {
    renderAchFiles({ days: { cutoffTime: '17:00', days: [] } });
    expect(await screen.findByText('There are no ACH payments yet.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal', async () => {
    renderAdmin({
      path: '/i/harbor/ach-files',
      routes: {
        ...institutionRoutes(),
        [LIST]: refusal(404, 'NotFound', 'There is no such institution among yours.'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such institution among yours.',
    );
    await expectNoAxeViolations();
  });
});
