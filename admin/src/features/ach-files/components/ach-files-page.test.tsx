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

const TRACE_RETURNED = '081099990000001';
const TRACE_CHANGED = '081099990000002';
const TRACE_STRAY = '081099990000009';

const DAYS = {
  cutoffTime: '17:00',
  days: [
    {
      // A day that only received what the banks sent back: in the returns' tables alone.
      date: '2026-11-27',
      entries: 0,
      totalDebitCents: 0,
      files: [],
      pending: { entries: 0, totalDebitCents: 0 },
      returns: [
        {
          traceNumber: TRACE_RETURNED,
          amountCents: 150_000,
          reasonCode: 'R01',
          reason: 'Insufficient funds',
          payment: { referenceNumber: 'HCB-1001', status: 'returned' },
          originalFile: { date: '2026-11-25', fileIdModifier: 'A', fileName: FILE_A.fileName },
        },
      ],
      notices: [
        {
          traceNumber: TRACE_CHANGED,
          changeCode: 'C01',
          change: 'Incorrect account number',
          payment: { referenceNumber: 'HCB-1002', status: 'posted' },
          originalFile: { date: '2026-11-25', fileIdModifier: 'A', fileName: FILE_A.fileName },
        },
      ],
    },
    {
      date: '2026-11-25',
      entries: 3,
      totalDebitCents: 148_457,
      files: [FILE_A],
      pending: { entries: 1, totalDebitCents: 457, filedOnItsOwn: 'nextMorning' },
      returns: [],
      notices: [],
    },
    {
      date: '2026-11-24',
      entries: 1,
      totalDebitCents: 1,
      files: [],
      pending: { entries: 1, totalDebitCents: 1, filedOnItsOwn: 'soon' },
      returns: [
        {
          traceNumber: TRACE_STRAY,
          amountCents: 2_599,
          reasonCode: 'R03',
          reason: 'No account, or unable to locate the account',
        },
      ],
      notices: [],
    },
  ],
};
const [RETURNS_DAY, DAY_25, DAY_24] = DAYS.days;

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
    // Only the days with debits: the 27th received returns alone.
    expect(rows).toHaveLength(3);
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

  it('lists the returns and notifications of change by the day they came, with their payment, reason and original debit', async () => {
    renderAchFiles();
    expect(
      await screen.findByRole('heading', { name: 'Returns and notifications of change', level: 2 }),
    ).toBeVisible();
    const returns = screen.getByRole('table', { name: 'ACH returns received, newest first' });
    expect(
      screen.getByRole('region', { name: 'ACH returns received, scrolls sideways' }),
    ).toContainElement(returns);
    expect(
      within(returns)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ReceivedPaymentAmountReasonOriginal debit',
      `${formatProcessingDay('2026-11-27')}HCB-1001Returned$1,500.00R01: Insufficient fundsFile A of ${formatProcessingDay('2026-11-25')}Trace ${TRACE_RETURNED}`,
      `${formatProcessingDay('2026-11-24')}No payment of the portal$25.99R03: No account, or unable to locate the accountFile not knownTrace ${TRACE_STRAY}`,
    ]);
    const notices = screen.getByRole('table', {
      name: 'Notifications of change received, newest first',
    });
    expect(
      screen.getByRole('region', { name: 'Notifications of change received, scrolls sideways' }),
    ).toHaveAttribute('tabindex', '0');
    expect(
      within(notices)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ReceivedPaymentChangeOriginal debit',
      `${formatProcessingDay('2026-11-27')}HCB-1002PostedC01: Incorrect account numberFile A of ${formatProcessingDay('2026-11-25')}Trace ${TRACE_CHANGED}`,
    ]);
    await expectNoAxeViolations();
  });

  it('says when nothing came back', async () => {
    renderAchFiles({
      days: { cutoffTime: '17:00', days: [{ ...DAY_25, returns: [], notices: [] }] },
    });
    expect(await screen.findByText('No returns received.')).toBeVisible();
    expect(screen.getByText('No notifications of change received.')).toBeVisible();
    expect(screen.queryByRole('table', { name: /returns received/ })).not.toBeInTheDocument();
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
      'It seals exactly the 1 payment waiting for a file, debits of $4.57 in all, into the day’s next file. If that is no longer what waits (a payment came in, or the file was made at the cut-off), nothing is made and you are shown what waits now.',
      'The debits count as sent to the borrowers’ banks: each of these payments is then posted to its loan, credited as of its date.',
      'The file is sealed as made: download it and send it to the bank once. Payments that come in later wait for the day’s next file.',
    ]);
    expect(dialog).toHaveTextContent(
      'Came in after the day’s cut-off file (5:00 PM): filed on their own after midnight. Making the file now cannot be undone.',
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
          RETURNS_DAY,
          {
            ...DAY_25,
            files: [FILE_A, FILE_B],
            pending: { entries: 0, totalDebitCents: 0 },
          },
          DAY_24,
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
    // What the dialog said is what the server is told to file.
    expect(server.requestsTo(MAKE).map((request) => request.body)).toEqual([
      { entries: 1, totalDebitCents: 457 },
    ]);
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

  it('keeps the question open when what waits changed, says why, and asks again with what waits now', async () => {
    const { user, server } = renderAchFiles({
      make: refusal(
        409,
        'Conflict',
        'What waits for a file of 11/25/2026 changed: 2 payments, $14.57 now, not the 1 payment, $4.57 you confirmed. No file was made: check the new figures and make the file again.',
      ),
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Make file: the next ACH file of Wednesday, November 25, 2026',
      }),
    );
    // A payment came in while the question was open.
    server.route(LIST, {
      body: {
        ...DAYS,
        days: [
          RETURNS_DAY,
          {
            ...DAY_25,
            pending: { entries: 2, totalDebitCents: 1_457, filedOnItsOwn: 'nextMorning' },
          },
          DAY_24,
        ],
      },
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make file' }));
    const refused = await within(dialog).findByRole('alert');
    expect(refused).toHaveTextContent(
      'What waits for a file of 11/25/2026 changed: 2 payments, $14.57 now, not the 1 payment, $4.57 you confirmed.',
    );
    await waitFor(() => expect(refused).toHaveFocus());
    // The question now says what waits now, and the page behind it too.
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'It seals exactly the 2 payments waiting for a file, debits of $14.57 in all',
      ),
    );
    expect(
      within(
        screen.getByRole('table', {
          name: 'ACH files by processing day, newest first',
          // Behind the modal question.
          hidden: true,
        }),
      ).getAllByRole('row', { hidden: true })[1],
    ).toHaveTextContent('2 payments, $14.57');
    expect(server.requestsTo(MAKE).map((request) => request.body)).toEqual([
      { entries: 1, totalDebitCents: 457 },
    ]);
    await expectNoAxeViolations();

    // Confirmed again, the new figures are what the server is told.
    server.route(MAKE, {
      status: 201,
      body: { date: '2026-11-25', file: { ...FILE_B, entries: 2, totalDebitCents: 1_457 } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Make file' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'File B of Wednesday, November 25, 2026 is made: 2 payments, $14.57.',
    );
    expect(server.requestsTo(MAKE).map((request) => request.body)).toEqual([
      { entries: 1, totalDebitCents: 457 },
      { entries: 2, totalDebitCents: 1_457 },
    ]);
  });

  it('says so in the question when the file was made meanwhile, and offers nothing to confirm', async () => {
    const { user, server } = renderAchFiles({
      make: refusal(
        409,
        'Conflict',
        'Nothing of 11/25/2026 waits for a file any more: the payments you confirmed were filed meanwhile (at the ACH cut-off, or by another publisher). No file was made.',
      ),
    });
    const make = await screen.findByRole('button', {
      name: 'Make file: the next ACH file of Wednesday, November 25, 2026',
    });
    await user.click(make);
    // The sealing job made it at the cut-off.
    server.route(LIST, {
      body: {
        ...DAYS,
        days: [
          RETURNS_DAY,
          { ...DAY_25, files: [FILE_A, FILE_B], pending: { entries: 0, totalDebitCents: 0 } },
          DAY_24,
        ],
      },
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make file' }));
    const refused = await within(dialog).findByRole('alert');
    expect(refused).toHaveTextContent(
      'Nothing of 11/25/2026 waits for a file any more: the payments you confirmed were filed meanwhile',
    );
    await waitFor(() =>
      expect(dialog).toHaveTextContent('Nothing of this day waits for a file now.'),
    );
    expect(within(dialog).getByRole('button', { name: 'Make file' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(
      await screen.findByRole('link', {
        name: 'Download ACH file B of Wednesday, November 25, 2026',
      }),
    ).toBeVisible();
    expect(server.requestsTo(MAKE)).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('shows a viewer or an editor the days and files without making or downloading', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const view = renderAchFiles({ role });
      expect(
        await screen.findByRole('table', { name: 'ACH files by processing day, newest first' }),
      ).toBeVisible();
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
