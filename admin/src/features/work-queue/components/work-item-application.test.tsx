import type { WorkItemApplication } from '@portal/domain';
import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import { ASSIGNEES, detail, renderInDarkScheme } from '../../../testing/work-queue';
import { WorkItemRoute } from './work-item-page';

const APPLICATION_ID = '7c2d9e41-3a5b-4c6d-8e7f-a1b2c3d4e5f6';
const ITEM = `/admin-api/institutions/harbor/work-items/${APPLICATION_ID}`;

const APPLICATION_ITEM = detail({
  id: APPLICATION_ID,
  kind: 'application',
  summary: 'Personal Loan application A-250001 for $12,500.00',
  reference: 'A-250001',
  canReply: false,
  details: {
    applicationNumber: 'A-250001',
    product: 'Personal Loan',
    amountRequested: '$12,500.00',
    term: '36 months',
    purpose: 'A new roof',
  },
});

function application(overrides: Partial<WorkItemApplication> = {}): WorkItemApplication {
  return {
    number: 'A-250001',
    status: 'Received',
    product: 'Personal Loan',
    termMonths: 36,
    amountRequestedCents: 1_250_000,
    amountApprovedCents: 0,
    lastModified: '2026-01-05',
    fundsExpected: null,
    requiredDocuments: ['Pay stub', 'Government-issued photo ID'],
    moves: ['In Review', 'Documents Needed', 'Approved', 'Declined', 'Withdrawn'],
    ...overrides,
  };
}

function renderApplication(
  options: { role?: 'viewer' | 'editor' | 'publisher'; routes?: StubRoutes } = {},
) {
  return renderAdmin({
    path: `/i/harbor/work-queue/${APPLICATION_ID}`,
    routes: {
      ...institutionRoutes({ role: options.role ?? 'editor' }),
      [`GET ${ITEM}`]: { body: APPLICATION_ITEM },
      [`GET ${ITEM}/application`]: { body: application() },
      'GET /admin-api/institutions/harbor/work-items/assignees': { body: ASSIGNEES },
      ...options.routes,
    },
  });
}

const section = () => screen.getByRole('region', { name: 'Loan application' });
const control = () => screen.getByRole('form', { name: 'Change the application’s status' });

function fact(term: string) {
  const dt = within(section()).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('a loan application’s work item', { timeout: 60_000 }, () => {
  it('shows the application as the core has it, and offers only the moves its status allows', async () => {
    renderApplication();
    await screen.findByRole('form', { name: 'Change the application’s status' });
    expect(fact('Application number')).toBe('A-250001');
    expect(fact('Status (as the borrower sees it)')).toBe('Received');
    expect(fact('Amount requested')).toBe('$12,500.00');
    expect(fact('Amount approved')).toBe('—');
    expect(fact('Term')).toBe('36 months');
    expect(fact('Last changed')).toBe('01/05/2026');
    expect(within(section()).getByText('Government-issued photo ID')).toBeVisible();
    const status = within(control()).getByRole('combobox', { name: /^New status/ });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a status',
      'In Review',
      'Documents Needed',
      'Approved',
      'Declined',
      'Withdrawn',
    ]);
    await expectNoAxeViolations();
  });

  it('asks an approval for its amount in the rules’ words, then sends it in cents with the status it saw', async () => {
    let current = application();
    const { user, server } = renderApplication({
      routes: {
        [`GET ${ITEM}/application`]: () => ({ body: current }),
        [`POST ${ITEM}/application/status`]: () => {
          current = application({
            status: 'Approved',
            amountApprovedCents: 1_000_000,
            fundsExpected: '2099-01-05',
            moves: ['Funded', 'Withdrawn'],
          });
          return { body: current };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Change the application’s status' });
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    expect(await within(form).findByText('Choose the new status.')).toBeVisible();

    await user.selectOptions(
      within(form).getByRole('combobox', { name: /^New status/ }),
      'Approved',
    );
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    expect(await within(form).findByText('Enter the amount approved.')).toBeVisible();
    const amount = within(form).getByRole('textbox', { name: /^Amount approved/ });
    await user.type(amount, '13,000');
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    expect(
      await within(form).findByText(
        'The amount approved cannot be more than the $12,500.00 requested.',
      ),
    ).toBeVisible();
    expect(server.requestsTo(`POST ${ITEM}/application/status`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10,000');
    await user.type(within(form).getByLabelText(/^Funds expected on/), '2099-01-05');
    await user.type(
      within(form).getByRole('textbox', { name: /^Note for the audit log/ }),
      'Approved at a lower amount',
    );
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The application is Approved now: the borrower sees it.',
    );
    expect(server.requestsTo(`POST ${ITEM}/application/status`)[0]?.body).toEqual({
      status: 'Approved',
      expectedStatus: 'Received',
      amountApprovedCents: 1_000_000,
      fundsExpected: '2099-01-05',
      note: 'Approved at a lower amount',
    });
    await waitFor(() => expect(fact('Status (as the borrower sees it)')).toBe('Approved'));
    expect(fact('Amount approved')).toBe('$10,000.00');
    expect(fact('Funds expected')).toBe('01/05/2099');
    expect(
      within(within(control()).getByRole('combobox', { name: /^New status/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a status', 'Funded', 'Withdrawn']);
  });

  it('shows the server’s refusal when the application moved meanwhile, and reads it again', async () => {
    let reads = 0;
    const { user } = renderApplication({
      routes: {
        [`GET ${ITEM}/application`]: () => {
          reads += 1;
          return {
            body: reads === 1 ? application() : application({ status: 'Declined', moves: [] }),
          };
        },
        [`POST ${ITEM}/application/status`]: refusal(
          409,
          'Conflict',
          'The application is Declined now (it was Received when you looked): check it again before moving it.',
        ),
      },
    });
    const form = await screen.findByRole('form', { name: 'Change the application’s status' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /^New status/ }),
      'In Review',
    );
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The application is Declined now (it was Received when you looked)',
    );
    expect(
      await screen.findByText('Declined is final: the application’s status no longer changes.'),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Change the application’s status' })).toBeNull();
  });

  it('asks for a handled item to be reopened first, and gives a viewer no control', async () => {
    const handled = renderApplication({
      routes: { [`GET ${ITEM}`]: { body: { ...APPLICATION_ITEM, status: 'handled' } } },
    });
    expect(
      await screen.findByText('Reopen the item to change the application’s status.'),
    ).toBeVisible();
    handled.unmount();

    renderApplication({ role: 'viewer' });
    await waitFor(() => expect(fact('Status (as the borrower sees it)')).toBe('Received'));
    expect(screen.queryByRole('form', { name: 'Change the application’s status' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark scheme, approving', async () => {
    const { user } = renderInDarkScheme(
      `/i/harbor/work-queue/${APPLICATION_ID}`,
      '/i/:slug/work-queue/:id',
      <WorkItemRoute />,
      {
        [`GET ${ITEM}`]: { body: APPLICATION_ITEM },
        [`GET ${ITEM}/application`]: { body: application() },
        'GET /admin-api/institutions/harbor/work-items/assignees': { body: ASSIGNEES },
      },
    );
    const form = await screen.findByRole('form', { name: 'Change the application’s status' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /^New status/ }),
      'Approved',
    );
    await user.click(within(form).getByRole('button', { name: 'Change status' }));
    await within(form).findByText('Enter the amount approved.');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    await expectNoAxeViolations();
  });
});
