import { PatchDraftRequest } from '@portal/domain';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsResponse } from '../../../testing/fixtures';
import {
  DRAFT_DOCUMENT,
  institutionRoutes,
  PUBLISHED_DOCUMENT,
} from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';

function renderTheme() {
  return renderAdmin({
    path: '/i/harbor/theme',
    routes: {
      ...institutionRoutes(),
      'PATCH /admin-api/institutions/harbor/draft': ({ body }) => {
        const document = structuredClone(DRAFT_DOCUMENT);
        for (const change of PatchDraftRequest.parse(body).changes) {
          const [section = '', name = ''] = change.key.split('.');
          const values = ((document[change.set] ??= {})[section] ??= {});
          if (change.value === null) Reflect.deleteProperty(values, name);
          else values[name] = change.value;
        }
        return { body: settingsResponse(PUBLISHED_DOCUMENT, document) };
      },
    },
  });
}

function colourField(title: string): HTMLElement {
  return within(screen.getByRole('group', { name: title })).getByRole('textbox');
}

// The theme group is a settings form; jsdom renders it far slower than a browser does.
describe('the theme editor', { timeout: 60_000 }, () => {
  it('shows the contrast verdict of the brand colours, without a warning for good ones', async () => {
    renderTheme();
    expect(await screen.findByRole('heading', { name: 'Theme', level: 1 })).toBeVisible();
    const primary = await screen.findByRole('group', { name: 'Primary colour' });
    expect(within(primary).getByRole('textbox')).toHaveValue('#1f4e79');
    expect(within(primary).getByText(/Contrast passes WCAG AA/)).toBeVisible();
    expect(within(primary).queryByText(/Poor contrast/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Poor contrast/)).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('warns about a poor-contrast colour and stops warning once it is fixed', async () => {
    const { user, server } = renderTheme();
    await screen.findByRole('group', { name: 'Primary colour' });
    const input = colourField('Primary colour');
    await user.clear(input);
    await user.type(input, '#ffeb3b');
    const primary = screen.getByRole('group', { name: 'Primary colour' });
    const warning = await within(primary).findByText(/Poor contrast/);
    expect(warning).toBeVisible();
    expect(warning).toHaveTextContent('WCAG AA needs 4.5:1 for both.');
    // The warning is announced with the field.
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.some((id) => document.getElementById(id)?.contains(warning))).toBe(true);
    // Only the colour at fault warns.
    expect(
      within(screen.getByRole('group', { name: 'Secondary colour' })).queryByText(/Poor contrast/),
    ).not.toBeInTheDocument();
    await expectNoAxeViolations();

    await user.clear(input);
    await user.type(input, '#0b3d91');
    await waitFor(() =>
      expect(within(primary).queryByText(/Poor contrast/)).not.toBeInTheDocument(),
    );
    expect(within(primary).getByText(/Contrast passes WCAG AA/)).toBeVisible();
    // The draft keeps the colour typed last.
    await waitFor(
      () => {
        const patches = server.requestsTo('PATCH /admin-api/institutions/harbor/draft');
        expect(patches.at(-1)?.body).toEqual({
          changes: [{ set: 'shared', key: 'themeOptions.primaryColor', value: '#0b3d91' }],
        });
      },
      { timeout: 5_000 },
    );
  });

  it('uploads a logo as multipart kind and file and reports where it went', async () => {
    const { user, server } = renderAdmin({
      path: '/i/harbor/theme',
      routes: {
        ...institutionRoutes(),
        'POST /admin-api/institutions/harbor/assets': {
          body: { path: '/cdn/harbor/logo-full.svg' },
        },
      },
    });
    await screen.findByRole('heading', { name: 'Logos and images' });
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
      type: 'image/svg+xml',
    });
    await user.upload(screen.getByLabelText('Full logo file'), file);
    expect(await screen.findByText('Uploaded to /cdn/harbor/logo-full.svg.')).toBeVisible();
    const [request] = server.requestsTo('POST /admin-api/institutions/harbor/assets');
    const form = request?.body as FormData;
    expect(form.get('kind')).toBe('logoFull');
    expect((form.get('file') as File).name).toBe('logo.svg');
    expect(request?.headers.get('X-Requested-With')).toBe('portal');
    expect(screen.getByRole('button', { name: 'Upload full logo' })).toBeEnabled();
  });
});
