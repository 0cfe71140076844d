import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { institutionRoutes } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';

const FIRST_PAGE = {
  entries: [
    {
      id: 'a-2',
      at: '2025-01-02T10:00:00.000Z',
      staff: 'Pat Publisher',
      action: 'publish',
      comment: 'Spring wording',
      changes: [
        {
          key: 'loginTexts.topHeadingText',
          set: 'english',
          before: 'Winter is here',
          after: 'Hello borrowers',
        },
        { key: 'themeOptions.primaryColor', set: 'shared', before: null, after: '#0b5394' },
      ],
    },
    {
      id: 'a-1',
      at: '2025-01-01T09:30:00.000Z',
      staff: 'Ivy Implementer',
      action: 'institution.create',
      comment: null,
      changes: [],
    },
  ],
  nextBefore: 'cursor-1',
};

const OLDER_PAGE = {
  entries: [
    {
      id: 'a-0',
      at: '2024-12-31T08:00:00.000Z',
      staff: 'Eddie Editor',
      action: 'draft.save',
      comment: null,
      changes: [{ key: 'loginTexts.topHeadingText', set: 'english', before: null, after: 'Hi' }],
    },
  ],
  nextBefore: null,
};

describe('the audit log', () => {
  it('lists who changed what and when, with old and new values and the comment', async () => {
    const { user, server } = renderAdmin({
      path: '/i/harbor/audit',
      routes: {
        ...institutionRoutes(),
        'GET /admin-api/institutions/harbor/audit': ({ search }) => ({
          body: new URLSearchParams(search).get('before') === 'cursor-1' ? OLDER_PAGE : FIRST_PAGE,
        }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const published = items[0] as HTMLElement;
    expect(
      within(published).getByRole('heading', { name: 'Published · Pat Publisher' }),
    ).toBeVisible();
    expect(
      // In the institution's zone, named, whatever the device's (the tests run in UTC).
      within(published).getByText(
        `${formatDateTime('2025-01-02T10:00:00.000Z', 'America/New_York')} · 2 keys`,
      ),
    ).toBeVisible();
    expect(within(published).getByText('“Spring wording”')).toBeVisible();

    await user.click(within(published).getByText('Show the 2 changes'));
    const row = within(published).getByRole('row', { name: /Top heading/ });
    expect(within(row).getByText('Winter is here')).toBeVisible();
    expect(within(row).getByText('Hello borrowers')).toBeVisible();
    expect(within(published).getAllByRole('columnheader', { name: 'Old value' })[0]).toBeVisible();
    expect(within(published).getByText('themeOptions.primaryColor')).toBeVisible();
    expect(within(published).getByText('#0b5394')).toBeVisible();

    const created = items[1] as HTMLElement;
    expect(
      within(created).getByRole('heading', { name: 'Created the institution · Ivy Implementer' }),
    ).toBeVisible();
    expect(within(created).queryByText(/Show the/)).not.toBeInTheDocument();
    await expectNoAxeViolations();

    expect(server.requestsTo('GET /admin-api/institutions/harbor/audit')[0]?.search).toBe(
      '?limit=50',
    );
    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await within(list).findByRole('heading', { name: /Eddie Editor/ })).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(server.requestsTo('GET /admin-api/institutions/harbor/audit')[1]?.search).toBe(
      '?limit=50&before=cursor-1',
    );
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it('says so when nothing has changed yet', async () => {
    renderAdmin({
      path: '/i/harbor/audit',
      routes: {
        ...institutionRoutes(),
        'GET /admin-api/institutions/harbor/audit': { body: { entries: [], nextBefore: null } },
      },
    });
    expect(await screen.findByText('Nothing has changed yet.')).toBeVisible();
    await expectNoAxeViolations();
  });
});
