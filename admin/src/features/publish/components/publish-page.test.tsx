import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsResponse } from '../../../testing/fixtures';
import {
  DRAFT_DOCUMENT,
  institutionRoutes,
  PUBLISHED_DOCUMENT,
  refusal,
} from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';

const DIFF = {
  entries: [
    {
      key: 'loginTexts.topHeadingText',
      set: 'english',
      before: 'Hello borrowers',
      after: 'Welcome back',
    },
  ],
};

function renderPublish(routes: StubRoutes = {}) {
  return renderAdmin({
    path: '/i/harbor/publish',
    routes: {
      ...institutionRoutes(),
      'GET /admin-api/institutions/harbor/diff': { body: DIFF },
      ...routes,
    },
  });
}

describe('review and publish', () => {
  it('shows the draft’s changes against the published settings before publishing', async () => {
    const { server } = renderPublish();
    expect(
      await screen.findByRole('heading', { name: 'Review and publish', level: 1 }),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: /Changes in/ });
    const row = within(table).getByRole('row', { name: /Top heading/ });
    expect(within(row).getByText('Hello borrowers')).toBeVisible();
    expect(within(row).getByText('Welcome back')).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Published' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Draft' })).toBeVisible();
    expect(server.requestsTo('GET /admin-api/institutions/harbor/diff')[0]?.search).toBe(
      '?from=published&to=draft',
    );
    await expectNoAxeViolations();
  });

  it('shows a first logo upload as two images on the header colour: the default it replaces and the new file', async () => {
    renderPublish({
      'GET /admin-api/institutions/harbor/diff': {
        body: {
          entries: [
            {
              key: 'themeOptions.logoFullPath',
              set: 'shared',
              before: null,
              after: 'branding/logos/logoFull-0123456789ab.svg',
            },
            { key: 'themeOptions.primaryColor', set: 'shared', before: null, after: '#7a1f1f' },
          ],
        },
      },
    });
    const published = await screen.findByRole('img', {
      name: /: branding\/logos\/logoFullWhite\.svg$/,
    });
    const draft = screen.getByRole('img', {
      name: /: branding\/logos\/logoFull-0123456789ab\.svg$/,
    });
    expect(published.getAttribute('src')).toMatch(/\/branding\/logos\/logoFullWhite\.svg$/);
    // Each side on its own header colour: the default before, the draft's new one after.
    expect(getComputedStyle(published.parentElement as HTMLElement).backgroundColor).toBe(
      'rgb(31, 78, 121)',
    );
    expect(getComputedStyle(draft.parentElement as HTMLElement).backgroundColor).toBe(
      'rgb(122, 31, 31)',
    );
    await expectNoAxeViolations();
  });

  it('refuses to publish without a comment and sends nothing', async () => {
    const { user, server } = renderPublish();
    await screen.findByRole('table', { name: /Changes in/ });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText('Say what changed and why; the comment is required.')).toBeVisible();
    expect(screen.getByLabelText(/Comment/)).toHaveAttribute('aria-invalid', 'true');
    // Blank space is no comment either.
    await user.type(screen.getByLabelText(/Comment/), '   ');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(server.requestsTo('POST /admin-api/institutions/harbor/publish')).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('publishes with the comment and reports the new version', async () => {
    const { user, server } = renderPublish({
      'POST /admin-api/institutions/harbor/publish': { body: { version: 4 } },
    });
    await screen.findByRole('table', { name: /Changes in/ });
    await user.type(screen.getByLabelText(/Comment/), 'Friendlier greeting');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Published as version 4/)).toBeVisible();
    const [request] = server.requestsTo('POST /admin-api/institutions/harbor/publish');
    expect(request?.body).toEqual({ comment: 'Friendlier greeting' });
    expect(request?.headers.get('X-Requested-With')).toBe('portal');
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal with the settings to fix', async () => {
    const { user } = renderPublish({
      'POST /admin-api/institutions/harbor/publish': refusal(
        422,
        'InvalidConfiguration',
        'The configuration is not valid.',
        [{ key: 'loginTexts.topHeadingText', set: 'english', message: 'Too long.' }],
      ),
    });
    await screen.findByRole('table', { name: /Changes in/ });
    await user.type(screen.getByLabelText(/Comment/), 'Try it');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The configuration is not valid.');
    expect(screen.getByText(/Fix these settings first/)).toBeVisible();
    expect(screen.getByText(/Too long\./)).toBeVisible();
    expect(screen.queryByText(/Published as version/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());
  });

  it('warns about low-contrast colours only while there is a draft to publish', async () => {
    const yellow = {
      ...PUBLISHED_DOCUMENT,
      shared: { ...PUBLISHED_DOCUMENT.shared, themeOptions: { primaryColor: '#ffcc00' } },
    };
    renderAdmin({
      path: '/i/harbor/publish',
      routes: {
        ...institutionRoutes(),
        'GET /admin-api/institutions/harbor/settings': { body: settingsResponse(yellow, null) },
        'GET /admin-api/institutions/harbor/diff': { body: { entries: [] } },
      },
    });
    expect(
      await screen.findByText('The draft is the same as the published settings.'),
    ).toBeVisible();
    expect(
      screen.queryByRole('alert', { name: 'Brand colours fail the WCAG AA contrast check' }),
    ).not.toBeInTheDocument();
  });

  it('lists brand colours below WCAG AA and publishes them only after confirmation', async () => {
    const yellow = {
      ...DRAFT_DOCUMENT,
      shared: { ...DRAFT_DOCUMENT.shared, themeOptions: { primaryColor: '#ffcc00' } },
    };
    const { user, server } = renderAdmin({
      path: '/i/harbor/publish',
      routes: {
        ...institutionRoutes({ draft: yellow }),
        'GET /admin-api/institutions/harbor/diff': { body: DIFF },
        'POST /admin-api/institutions/harbor/publish': { body: { version: 4 } },
      },
    });
    const warning = await screen.findByRole('alert', {
      name: 'Brand colours fail the WCAG AA contrast check',
    });
    expect(warning).toHaveTextContent(
      /Primary colour #ffcc00: as text on the page it has 1\.\d\d:1/,
    );
    await expectNoAxeViolations();

    await user.type(screen.getByLabelText(/Comment/), 'Sunny yellow');
    const publish = screen.getByRole('button', { name: 'Publish' });
    await user.click(publish);
    let dialog = await screen.findByRole('dialog', {
      name: 'Publish colours that fail the contrast check?',
    });
    expect(dialog).toHaveTextContent(/Primary colour #ffcc00/);
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(publish).toHaveFocus();
    expect(server.requestsTo('POST /admin-api/institutions/harbor/publish')).toHaveLength(0);

    await user.click(publish);
    dialog = await screen.findByRole('dialog', {
      name: 'Publish colours that fail the contrast check?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Publish anyway' }));
    expect(await screen.findByText(/Published as version 4/)).toBeVisible();
    const [request] = server.requestsTo('POST /admin-api/institutions/harbor/publish');
    expect(request?.body).toEqual({ comment: 'Sunny yellow', acceptLowContrast: true });
  });

  it('does not let a viewer publish', async () => {
    renderAdmin({
      path: '/i/harbor/publish',
      routes: {
        ...institutionRoutes({ role: 'viewer' }),
        'GET /admin-api/institutions/harbor/diff': { body: DIFF },
      },
    });
    expect(await screen.findByText(/Only publishers publish/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('discards the draft only after confirmation', async () => {
    let discarded = false;
    const { user, server } = renderPublish({
      'GET /admin-api/institutions/harbor/diff': () => ({
        body: discarded ? { entries: [] } : DIFF,
      }),
      'GET /admin-api/institutions/harbor/settings': () => ({
        body: settingsResponse(PUBLISHED_DOCUMENT, discarded ? null : DRAFT_DOCUMENT),
      }),
      'DELETE /admin-api/institutions/harbor/draft': () => {
        discarded = true;
        return { body: settingsResponse(PUBLISHED_DOCUMENT, null) };
      },
    });
    await screen.findByRole('table', { name: /Changes in/ });
    const opener = screen.getByRole('button', { name: 'Discard the draft' });
    await user.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    expect(dialog).toHaveTextContent('Every change in the draft is lost.');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(opener).toHaveFocus();
    expect(server.requestsTo('DELETE /admin-api/institutions/harbor/draft')).toHaveLength(0);

    await user.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(
      await screen.findByText('The draft is discarded. The settings are the published ones again.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [request] = server.requestsTo('DELETE /admin-api/institutions/harbor/draft');
    expect(request?.headers.get('X-Requested-With')).toBe('portal');
    expect(
      await screen.findByText('The draft is the same as the published settings.'),
    ).toBeVisible();
    expect(screen.getByText(/Published version 3 · no draft/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Discard the draft' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('reports a refused discard and keeps the draft', async () => {
    const { user } = renderPublish({
      'DELETE /admin-api/institutions/harbor/draft': refusal(
        403,
        'Forbidden',
        'You do not have permission to do this.',
      ),
    });
    await screen.findByRole('table', { name: /Changes in/ });
    await user.click(screen.getByRole('button', { name: 'Discard the draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to do this.',
    );
    expect(screen.queryByText(/The draft is discarded/)).not.toBeInTheDocument();
    expect(screen.getByText(/draft in progress/)).toBeVisible();
  });

  it('offers no discard to viewers', async () => {
    renderAdmin({
      path: '/i/harbor/publish',
      routes: {
        ...institutionRoutes({ role: 'viewer' }),
        'GET /admin-api/institutions/harbor/diff': { body: DIFF },
      },
    });
    await screen.findByRole('table', { name: /Changes in/ });
    expect(screen.queryByRole('button', { name: 'Discard the draft' })).not.toBeInTheDocument();
  });
});
