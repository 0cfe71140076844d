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
  return renderAdmin({ path: '/i/harbor/theme', routes: renderThemeRoutes() });
}

function renderThemeRoutes() {
  return {
    ...institutionRoutes(),
    'PATCH /admin-api/institutions/harbor/draft': ({ body }: { body: unknown }) => {
      const document = structuredClone(DRAFT_DOCUMENT);
      for (const change of PatchDraftRequest.parse(body).changes) {
        const [section = '', name = ''] = change.key.split('.');
        const values = ((document[change.set] ??= {})[section] ??= {});
        if (change.value === null) Reflect.deleteProperty(values, name);
        else values[name] = change.value;
      }
      return { body: settingsResponse(PUBLISHED_DOCUMENT, document) };
    },
  };
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
    // The white logo on the yellow header is checked too.
    expect(warning).toHaveTextContent(/The white logo on it is 1\.\d+:1: a logo needs 3:1\./);
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

  it('uploads a logo into the draft: the setting names the new file, nothing goes live', async () => {
    const { user, server } = renderAdmin({
      path: '/i/harbor/theme',
      routes: {
        ...renderThemeRoutes(),
        'POST /admin-api/institutions/harbor/assets': {
          body: {
            path: '/cdn/harbor/branding/logos/logoFull-0123456789ab.svg',
            file: 'branding/logos/logoFull-0123456789ab.svg',
          },
        },
      },
    });
    await screen.findByRole('heading', { name: 'Logos and images' });
    // The picker offers what the server takes: SVG for logos, more for images.
    expect(screen.getByLabelText('Full logo file')).toHaveAttribute('accept', 'image/svg+xml,.svg');
    expect(screen.getByLabelText('Sign-in background file').getAttribute('accept')).toContain(
      'image/png',
    );
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
      type: 'image/svg+xml',
    });
    const settingsReads = server.requestsTo('GET /admin-api/institutions/harbor/settings').length;
    await user.upload(screen.getByLabelText('Full logo file'), file);
    expect(
      await screen.findByText(
        'Uploaded and put in the draft (branding/logos/logoFull-0123456789ab.svg): it goes live when the draft is published.',
      ),
    ).toBeVisible();
    const [request] = server.requestsTo('POST /admin-api/institutions/harbor/assets');
    const form = request?.body as FormData;
    expect(form.get('kind')).toBe('logoFull');
    expect((form.get('file') as File).name).toBe('logo.svg');
    expect(request?.headers.get('X-Requested-With')).toBe('portal');
    await waitFor(
      () =>
        expect(
          server.requestsTo('PATCH /admin-api/institutions/harbor/draft').at(-1)?.body,
        ).toEqual({
          changes: [
            {
              set: 'shared',
              key: 'themeOptions.logoFullPath',
              value: 'branding/logos/logoFull-0123456789ab.svg',
            },
          ],
        }),
      { timeout: 5_000 },
    );
    // The upload does not refetch the settings: a refetch begun then could answer after the
    // draft's save and bring back the draft without the logo.
    expect(server.requestsTo('GET /admin-api/institutions/harbor/settings')).toHaveLength(
      settingsReads,
    );
    expect(screen.getByRole('img', { name: /Full logo in the draft/ })).toHaveAttribute(
      'src',
      '/admin-api/institutions/harbor/branding/logos/logoFull-0123456789ab.svg',
    );
    expect(screen.getByRole('button', { name: 'Upload full logo' })).toBeEnabled();
    // The logo is shown on the institution's header colour, as the draft has it, not on the
    // admin app's own navy; a new colour repaints it.
    const tile = () =>
      screen.getByRole('img', { name: /Full logo in the draft/ }).parentElement as HTMLElement;
    expect(getComputedStyle(tile()).backgroundColor).toBe('rgb(31, 78, 121)');
    const input = colourField('Primary colour');
    await user.clear(input);
    await user.type(input, '#7a1f1f');
    await waitFor(() => expect(getComputedStyle(tile()).backgroundColor).toBe('rgb(122, 31, 31)'));
  });
});
