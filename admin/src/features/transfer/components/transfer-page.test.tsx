import { expectNoAxeViolations, type StubRequest } from '@portal/web-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsResponse } from '../../../testing/fixtures';
import { institutionRoutes, PUBLISHED_DOCUMENT } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';

const GOOD = { english: { loginTexts: { topHeadingText: 'Imported heading' } } };
const BAD = { shared: { globalOptions: { useFAQOption: 'sometimes' } } };

function answerFor(request: StubRequest) {
  const { document } = request.body as { document: unknown };
  const dryRun = new URLSearchParams(request.search).get('dryRun') === 'true';
  if (JSON.stringify(document) === JSON.stringify(BAD)) {
    return {
      body: {
        valid: false,
        problems: [
          { key: 'globalOptions.useFAQOption', set: 'shared', message: 'must be true or false' },
        ],
        diff: [
          { key: 'globalOptions.useFAQOption', set: 'shared', before: 'true', after: 'sometimes' },
        ],
        applied: false,
      },
    };
  }
  return {
    body: {
      valid: true,
      problems: [],
      diff: [
        {
          key: 'loginTexts.topHeadingText',
          set: 'english',
          before: 'Welcome back',
          after: 'Imported heading',
        },
      ],
      applied: !dryRun,
    },
  };
}

function renderTransfer(options: { role?: 'viewer' | 'editor'; draft?: null } = {}) {
  let settings = settingsResponse(
    PUBLISHED_DOCUMENT,
    options.draft === null ? null : { english: { loginTexts: { topHeadingText: 'Welcome back' } } },
  );
  return renderAdmin({
    path: '/i/harbor/transfer',
    routes: {
      ...institutionRoutes({ role: options.role ?? 'editor', draft: options.draft }),
      'GET /admin-api/institutions/harbor/settings': () => ({ body: settings }),
      'POST /admin-api/institutions/harbor/import': (request) => {
        const answer = answerFor(request);
        if (answer.body.applied) settings = settingsResponse(PUBLISHED_DOCUMENT, GOOD);
        return answer;
      },
    },
  });
}

function paste(text: string) {
  fireEvent.change(screen.getByLabelText('Configuration (JSON)'), { target: { value: text } });
}

describe('import and export', () => {
  it('offers the published settings and the draft as downloads', async () => {
    renderTransfer();
    expect(
      await screen.findByRole('heading', { name: 'Import and export', level: 1 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download the published settings' })).toHaveAttribute(
      'href',
      '/admin-api/institutions/harbor/export?from=published',
    );
    const draft = screen.getByRole('link', { name: 'Download the draft' });
    expect(draft).toHaveAttribute('href', '/admin-api/institutions/harbor/export?from=draft');
    expect(draft).toHaveAttribute('download');
    await expectNoAxeViolations();
  });

  it('offers no draft download when there is no draft', async () => {
    renderTransfer({ draft: null });
    await screen.findByRole('link', { name: 'Download the published settings' });
    expect(screen.queryByRole('link', { name: 'Download the draft' })).not.toBeInTheDocument();
  });

  it('shows a dry run’s problems and diff and will not apply an invalid import', async () => {
    const { user, server } = renderTransfer();
    await screen.findByRole('heading', { name: 'Import', level: 2 });
    paste(JSON.stringify(BAD));
    await user.click(screen.getByRole('button', { name: 'Check the import' }));
    expect(
      await screen.findByRole('heading', {
        name: 'The import cannot be applied until these problems are fixed',
      }),
    ).toHaveFocus();
    expect(screen.getByText(/must be true or false/)).toBeVisible();
    const diff = screen.getByRole('table', { name: /Changes in/ });
    expect(within(diff).getByText('sometimes')).toBeVisible();
    expect(within(diff).getByRole('columnheader', { name: 'Imported' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Apply as the draft' })).toBeDisabled();
    const requests = server.requestsTo('POST /admin-api/institutions/harbor/import');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.search).toBe('?dryRun=true');
    expect(requests[0]?.body).toEqual({ document: BAD });
    await expectNoAxeViolations();
  });

  it('checks a file, then applies it as the draft', async () => {
    const { user, server } = renderTransfer();
    await screen.findByRole('heading', { name: 'Import', level: 2 });
    const file = new File([JSON.stringify(GOOD)], 'harbor.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Configuration file (JSON)'), file);
    await waitFor(() =>
      expect(screen.getByLabelText('Configuration (JSON)')).toHaveValue(JSON.stringify(GOOD)),
    );
    await user.click(screen.getByRole('button', { name: 'Check the import' }));
    expect(await screen.findByRole('heading', { name: 'The import is valid' })).toBeVisible();
    const row = screen.getByRole('row', { name: /Top heading/ });
    expect(within(row).getByText('Welcome back')).toBeVisible();
    expect(within(row).getByText('Imported heading')).toBeVisible();
    // Nothing is applied by the dry run.
    expect(screen.getByText(/Published version 3 · draft in progress/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Apply as the draft' }));
    expect(await screen.findByText(/The imported settings are now the draft/)).toBeVisible();
    const requests = server.requestsTo('POST /admin-api/institutions/harbor/import');
    expect(requests.map((request) => request.search)).toEqual(['?dryRun=true', '?dryRun=false']);
    expect(requests[1]?.body).toEqual({ document: GOOD });
    expect(requests[1]?.headers.get('X-Requested-With')).toBe('portal');
    await waitFor(() =>
      expect(
        server.requestsTo('GET /admin-api/institutions/harbor/settings').length,
      ).toBeGreaterThan(1),
    );
    await expectNoAxeViolations();
  });

  it('refuses text that is not JSON without sending it', async () => {
    const { user, server } = renderTransfer();
    await screen.findByRole('heading', { name: 'Import', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Check the import' }));
    expect(screen.getByText('Paste or choose a configuration first.')).toBeVisible();
    paste('{ not json');
    await user.click(screen.getByRole('button', { name: 'Check the import' }));
    expect(screen.getByText('This is not valid JSON. Check the file and try again.')).toBeVisible();
    expect(screen.getByLabelText('Configuration (JSON)')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requestsTo('POST /admin-api/institutions/harbor/import')).toHaveLength(0);
  });

  it('lets viewers export but not import', async () => {
    renderTransfer({ role: 'viewer' });
    expect(await screen.findByText('Only editors and publishers import settings.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download the published settings' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Check the import' })).not.toBeInTheDocument();
  });
});
