import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsResponse } from '../../../testing/fixtures';
import { institutionRoutes, PUBLISHED_DOCUMENT, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';

const VERSIONS = {
  versions: [
    {
      version: 2,
      publishedAt: '2025-01-01T10:00:00.000Z',
      publishedBy: 'Pat Publisher',
      comment: 'Winter texts',
    },
    {
      version: 3,
      publishedAt: '2025-01-02T10:00:00.000Z',
      publishedBy: 'Pat Publisher',
      comment: 'Spring wording',
    },
    {
      version: 1,
      publishedAt: '2024-12-01T10:00:00.000Z',
      publishedBy: 'Ivy Implementer',
      comment: 'First version',
    },
  ],
};

const DIFF_3 = {
  entries: [
    {
      key: 'loginTexts.topHeadingText',
      set: 'english',
      before: 'Winter is here',
      after: 'Hello borrowers',
    },
  ],
};

function renderHistory(routes: StubRoutes = {}) {
  return renderAdmin({
    path: '/i/harbor/history',
    routes: {
      ...institutionRoutes(),
      'GET /admin-api/institutions/harbor/versions': { body: VERSIONS },
      'GET /admin-api/institutions/harbor/diff': { body: DIFF_3 },
      ...routes,
    },
  });
}

describe('history', () => {
  it('lists the published versions newest first with who, when and the comment', async () => {
    renderHistory();
    const table = await screen.findByRole('table', { name: 'Published versions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '3 (live)',
      '2',
      '1',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Spring wording')).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText('Ivy Implementer')).toBeVisible();
    // The live version is not offered for restore; older ones are.
    expect(screen.queryByRole('button', { name: 'Restore version 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore version 2' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('shows what a version changed against the one before it', async () => {
    const { user, server } = renderHistory();
    await screen.findByRole('table', { name: 'Published versions' });
    await user.click(screen.getByRole('button', { name: 'Changes in version 3' }));
    expect(await screen.findByRole('heading', { name: 'What version 3 changed' })).toBeVisible();
    const diff = await screen.findByRole('table', { name: /Changes in/ });
    expect(within(diff).getByText('Winter is here')).toBeVisible();
    expect(within(diff).getByText('Hello borrowers')).toBeVisible();
    expect(within(diff).getByRole('columnheader', { name: 'Version 2' })).toBeVisible();
    expect(server.requestsTo('GET /admin-api/institutions/harbor/diff').at(-1)?.search).toBe(
      '?from=2&to=3',
    );
    await expectNoAxeViolations();
  });

  it('shows a whole version with every value it set, and offers it for download', async () => {
    const { user } = renderHistory({
      'GET /admin-api/institutions/harbor/versions/2': {
        body: {
          ...VERSIONS.versions[0],
          document: {
            shared: { globalOptions: { useFAQOption: 'false' } },
            english: { loginTexts: { topHeadingText: 'Winter is here' } },
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View version 2' }));
    const table = await screen.findByRole('table', { name: 'Values set in version 2' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['globalOptions.useFAQOption', 'shared', 'false'],
      ['loginTexts.topHeadingText', 'english', 'Winter is here'],
    ]);
    expect(screen.getByText(/by Pat Publisher: Winter texts/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download version 2' })).toHaveAttribute(
      'href',
      '/admin-api/institutions/harbor/export?from=2',
    );
    await expectNoAxeViolations();
  });

  it('restores a version as the draft after confirmation and lists what needs fixing', async () => {
    const restored = settingsResponse(PUBLISHED_DOCUMENT, PUBLISHED_DOCUMENT);
    restored.draft?.problems.push({
      key: 'loginTexts.topHeadingText',
      set: 'english',
      message: 'Use at most 80 characters.',
    });
    const { user, server } = renderHistory({
      'POST /admin-api/institutions/harbor/versions/2/restore': { body: restored },
    });
    await screen.findByRole('table', { name: 'Published versions' });
    await user.click(screen.getByRole('button', { name: 'Restore version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 2?' });
    await expectNoAxeViolations();
    expect(
      server.requestsTo('POST /admin-api/institutions/harbor/versions/2/restore'),
    ).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Restore as the draft' }));
    expect(await screen.findByText(/Version 2 is now the draft/)).toBeVisible();
    expect(screen.getByText(/need fixing before publishing/)).toBeVisible();
    expect(screen.getByText(/Use at most 80 characters\./)).toBeVisible();
    const requests = server.requestsTo('POST /admin-api/institutions/harbor/versions/2/restore');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('X-Requested-With')).toBe('portal');
    await expectNoAxeViolations();
  });

  it('cancelling the confirmation restores nothing', async () => {
    const { user, server } = renderHistory();
    await screen.findByRole('table', { name: 'Published versions' });
    await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(screen.getByRole('button', { name: 'Restore version 1' })).toHaveFocus();
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('reports a refused restore with its problems', async () => {
    const { user } = renderHistory({
      'POST /admin-api/institutions/harbor/versions/1/restore': refusal(
        422,
        'InvalidConfiguration',
        'The version does not fit the current schema.',
        [{ key: 'themeOptions.primaryColor', set: 'shared', message: 'Not a colour.' }],
      ),
    });
    await screen.findByRole('table', { name: 'Published versions' });
    await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore as the draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The version does not fit the current schema.',
    );
    expect(screen.getByText(/The version does not validate/)).toBeVisible();
    expect(screen.getByText(/Not a colour\./)).toBeVisible();
    expect(screen.queryByText(/is now the draft/)).not.toBeInTheDocument();
  });
});
