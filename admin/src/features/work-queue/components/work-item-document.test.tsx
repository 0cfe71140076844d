import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionRoutes } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import { CONTACT_CHANGE, CHANGE_ID, detail, renderInDarkScheme } from '../../../testing/work-queue';
import { WorkItemRoute } from './work-item-page';

const DOCUMENT_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const DOCUMENT = detail({
  id: DOCUMENT_ID,
  kind: 'document',
  summary: 'Income Verification: pay-stub.pdf for account ****2352',
  canReply: false,
  reference: '41',
  details: {
    fileName: 'pay-stub.pdf',
    fileType: 'Income Verification',
    format: 'PDF',
    size: '2.0 KB (2,048 bytes)',
    account: '****2352',
  },
});

function renderItem(id: string, role: 'viewer' | 'publisher' = 'publisher') {
  return renderAdmin({
    path: `/i/harbor/work-queue/${id}`,
    routes: {
      ...institutionRoutes({ role }),
      [`GET /admin-api/institutions/harbor/work-items/${DOCUMENT_ID}`]: { body: DOCUMENT },
      [`GET /admin-api/institutions/harbor/work-items/${CHANGE_ID}`]: { body: CONTACT_CHANGE },
      'GET /admin-api/institutions/harbor/work-items/assignees': { body: { assignees: [] } },
    },
  });
}

describe('a document item of the work queue', () => {
  it.each(['publisher', 'viewer'] as const)(
    'offers the borrower’s file to open, beside what was sent (%s)',
    async (role) => {
      renderItem(DOCUMENT_ID, role);
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'Income Verification: pay-stub.pdf for account ****2352',
        }),
      ).toBeVisible();
      const sent = screen.getByRole('region', { name: 'What was sent' });
      expect(within(sent).getByText('pay-stub.pdf')).toBeVisible();
      expect(within(sent).getByText('****2352')).toBeVisible();
      expect(within(sent).getByRole('link', { name: 'Open document' })).toHaveAttribute(
        'href',
        `/admin-api/institutions/harbor/work-items/${DOCUMENT_ID}/document`,
      );
      expect(within(sent).getByText(/recorded in the audit log/)).toBeVisible();
      await expectNoAxeViolations();
    },
  );

  it('has no axe violations in the dark scheme', async () => {
    renderInDarkScheme(
      `/i/harbor/work-queue/${DOCUMENT_ID}`,
      '/i/:slug/work-queue/:id',
      <WorkItemRoute />,
      {
        [`GET /admin-api/institutions/harbor/work-items/${DOCUMENT_ID}`]: { body: DOCUMENT },
        'GET /admin-api/institutions/harbor/work-items/assignees': { body: { assignees: [] } },
      },
    );
    const sent = await screen.findByRole('region', { name: 'What was sent' });
    expect(within(sent).getByRole('link', { name: 'Open document' })).toBeVisible();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    await expectNoAxeViolations();
  });

  it('has no document link on another kind of item', async () => {
    renderItem(CHANGE_ID);
    await screen.findByRole('heading', { level: 1, name: /Address and phone change/ });
    expect(screen.queryByRole('link', { name: 'Open document' })).toBeNull();
  });
});
