import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import { CHANGE_ID, renderInDarkScheme, summary } from '../../../testing/work-queue';
import { WorkQueueRoute } from './work-queue-page';

const QUEUE = 'GET /admin-api/institutions/harbor/work-items';

const LIST = {
  items: [
    summary({
      id: CHANGE_ID,
      kind: 'contactChange',
      status: 'assigned',
      summary: 'Address and phone change for ****2352',
      createdAt: '2025-03-14T16:30:00.000Z',
      assignedTo: { id: 'staff-2', name: 'Eden Editor', email: 'editor@harbor.example' },
    }),
    summary(),
  ],
  counts: [
    { kind: 'question', status: 'new', count: 1 },
    { kind: 'contactChange', status: 'assigned', count: 1 },
    { kind: 'feedback', status: 'handled', count: 3 },
  ],
  limit: 200,
};

function renderQueue(options: { role?: 'viewer' | 'editor' | 'publisher'; list?: unknown } = {}) {
  return renderAdmin({
    path: '/i/harbor/work-queue',
    routes: {
      ...institutionRoutes({ role: options.role ?? 'editor' }),
      [QUEUE]: { body: options.list ?? LIST },
    },
  });
}

describe('the work queue', () => {
  it('lists the items newest first with the counts by kind and status, each opening its page', async () => {
    renderQueue();
    expect(await screen.findByRole('heading', { name: 'Work queue', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Work queue items, newest first' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ReceivedKindSummaryFromStatusAssigned to',
      '03/14/2025 12:30 PM EDTContact-info changeAddress and phone change for ****2352Jordan RiversAssignedEden Editor',
      '03/14/2025 11:00 AM EDTQuestionEscrow analysisJordan RiversNew—',
    ]);
    const counts = screen.getByRole('table', { name: 'Items by kind and status' });
    expect(within(counts).getByRole('row', { name: /^Feedback/ })).toHaveTextContent(
      'Feedback0033',
    );
    expect(within(counts).getByRole('row', { name: /^All kinds/ })).toHaveTextContent(
      'All kinds1135',
    );
    // The section is in the institution's navigation, marked as the current page.
    const nav = screen.getByRole('navigation', { name: 'Institution sections' });
    expect(within(nav).getByRole('link', { name: 'Work queue' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations();
    expect(within(table).getByRole('link', { name: 'Escrow analysis' })).toHaveAttribute(
      'href',
      `/i/harbor/work-queue/${LIST.items[1]?.id}`,
    );
  });

  it('filters by kind and status through the server, the choices counting what each shows', async () => {
    const { user, server } = renderQueue({ role: 'viewer' });
    await screen.findByRole('table', { name: 'Work queue items, newest first' });
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All kinds (5)',
      'Question (1)',
      'Feedback (3)',
      'Contact-info change (1)',
      'Document (0)',
      'Loan application (0)',
      'Payment to review (0)',
      'Bank return to review (0)',
    ]);
    await user.selectOptions(kind, 'feedback');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses (3)', 'New (0)', 'Assigned (0)', 'Handled (3)']);
    await user.selectOptions(status, 'handled');
    await waitFor(() =>
      expect(server.requestsTo(QUEUE).at(-1)?.search).toBe('?kind=feedback&status=handled'),
    );
    await user.selectOptions(kind, '');
    await waitFor(() => expect(server.requestsTo(QUEUE).at(-1)?.search).toBe('?status=handled'));
  });

  it('keeps both choices made before the page renders again (a quick hand, a loaded machine)', async () => {
    const { server } = renderQueue({ role: 'viewer' });
    await screen.findByRole('table', { name: 'Work queue items, newest first' });
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    // Both changes in one batch: the second handler runs before the first one's render.
    act(() => {
      fireEvent.change(kind, { target: { value: 'document' } });
      fireEvent.change(status, { target: { value: 'new' } });
    });
    await waitFor(() =>
      expect(server.requestsTo(QUEUE).at(-1)?.search).toBe('?kind=document&status=new'),
    );
  });

  it('says when nothing has arrived, and when nothing matches', async () => {
    const view = renderQueue({ list: { items: [], counts: [], limit: 200 } });
    expect(await screen.findByText('Nothing has arrived yet.')).toBeVisible();
    expect(screen.queryByRole('table', { name: /newest first/ })).toBeNull();
    view.unmount();
    renderQueue({ list: { items: [], counts: LIST.counts, limit: 200 } });
    expect(await screen.findByText('No items match these filters.')).toBeVisible();
  });

  it('shows the server’s refusal', async () => {
    renderAdmin({
      path: '/i/harbor/work-queue',
      routes: {
        ...institutionRoutes(),
        [QUEUE]: refusal(404, 'NotFound', 'There is no such institution among yours.'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such institution among yours.',
    );
  });

  it('has no axe violations in the dark scheme', async () => {
    renderInDarkScheme('/i/harbor/work-queue', '/i/:slug/work-queue', <WorkQueueRoute />, {
      [QUEUE]: { body: LIST },
    });
    await screen.findByRole('table', { name: 'Work queue items, newest first' });
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    await expectNoAxeViolations();
  });
});
