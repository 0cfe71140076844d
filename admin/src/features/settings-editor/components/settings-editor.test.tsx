import { PatchDraftRequest, type ConfigurationDocument } from '@portal/domain';
import { expectNoAxeViolations, type StubRequest } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findSettingGroup, listSettingGroups } from '../../../lib/settings/definitions';

const listGroupSlugs = () => listSettingGroups().map((group) => group.slug);
import { institutionSummary, settingsResponse } from '../../../testing/fixtures';
import { renderAdmin } from '../../../testing/render-admin';
import { FIRST_PAINT_FIELDS } from './setting-field-template';

const PUBLISHED = {
  english: { loginTexts: { topHeadingText: 'Hello borrowers' } },
  shared: { globalOptions: { useFAQOption: 'true' } },
};

type Document = ConfigurationDocument;

/** What the server does with a PATCH: set or remove each key in its set. */
function applyChanges(document: Document, body: unknown): Document {
  const next: Document = structuredClone(document);
  const { changes } = PatchDraftRequest.parse(body);
  for (const { set, key, value } of changes) {
    const [section = '', name = ''] = key.split('.');
    const values = (next[set] ??= {});
    const sectionValues = (values[section] ??= {});
    if (value === null) Reflect.deleteProperty(sectionValues, name);
    else sectionValues[name] = value;
  }
  return next;
}

function renderEditor(
  path: string,
  options: { draft?: Parameters<typeof settingsResponse>[1]; role?: 'viewer' | 'publisher' } = {},
) {
  const patches: StubRequest[] = [];
  let current = settingsResponse(PUBLISHED, options.draft ?? null);
  const view = renderAdmin({
    path,
    routes: {
      'GET /admin-api/institutions': {
        body: { institutions: [institutionSummary({ role: options.role ?? 'publisher' })] },
      },
      'GET /admin-api/institutions/harbor/settings': () => ({ body: current }),
      'PATCH /admin-api/institutions/harbor/draft': (request) => {
        patches.push(request);
        current = settingsResponse(
          PUBLISHED,
          applyChanges(current.draft?.document ?? PUBLISHED, request.body),
        );
        return { body: current };
      },
    },
  });
  return { ...view, patches };
}

function settingGroup(title: string): HTMLElement {
  return screen.getByRole('group', { name: title });
}

// A settings group is a large form; jsdom renders it far slower than a browser does.
describe('the settings editor', { timeout: 60_000 }, () => {
  it('opens one group as a form with each key’s indicators and no axe violations', async () => {
    renderEditor('/i/harbor/settings?group=sign-in');
    expect(await screen.findByRole('heading', { name: 'Sign-in', level: 1 })).toBeVisible();
    const heading = settingGroup('Top heading');
    expect(within(heading).getByRole('textbox')).toHaveValue('Hello borrowers');
    expect(within(heading).getByText('Modified')).toBeVisible();
    expect(within(heading).getByText('Value in the English set')).toBeVisible();
    expect(within(heading).getByText('loginTexts.topHeadingText')).toBeVisible();
    // Only the open group is a form: a key of another group is not on the page.
    expect(screen.queryByText('globalOptions.useFAQOption')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('makes the group list one tab stop, with the arrow keys moving between groups', async () => {
    const { user } = renderEditor('/i/harbor/settings?group=sign-in');
    const list = await screen.findByRole('tablist', { name: 'Groups' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.length).toBeGreaterThan(10);
    // One stop: the open group's tab; every other tab is out of the tab order.
    const open = within(list).getByRole('tab', { selected: true });
    expect(open).toHaveAccessibleName(/^Sign-in/);
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual([open]);
    open.focus();
    await user.keyboard('{ArrowDown}');
    const next = tabs[tabs.indexOf(open) + 1];
    expect(next).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    const first = findSettingGroup(listGroupSlugs()[0] ?? '');
    expect(await screen.findByRole('heading', { level: 1, name: first?.name })).toBeVisible();
    // The open group's form is the panel its tab controls.
    expect(screen.getByRole('tabpanel', { name: first?.name })).toBeVisible();
  });

  it('mounts a long group’s first fields at once and the rest after the first paint', async () => {
    const group = findSettingGroup('registration-messages');
    expect(group?.definitions.length).toBeGreaterThan(FIRST_PAINT_FIELDS);
    renderEditor('/i/harbor/settings?group=registration-messages');
    expect(await screen.findByRole('heading', { name: group?.name, level: 1 })).toBeVisible();
    const keys = group?.definitions.map((definition) => definition.key) ?? [];
    const shownKeys = () =>
      [...document.querySelectorAll('[data-setting-key]')].map((field) =>
        field.getAttribute('data-setting-key'),
      );
    await waitFor(() => expect(shownKeys()).toEqual(keys), { timeout: 20_000 });
  });

  it('saves a typed value to the set it lives in, debounced per key', async () => {
    const { user, patches } = renderEditor('/i/harbor/settings?group=sign-in');
    const input = within(await screen.findByRole('group', { name: 'Top heading' })).getByRole(
      'textbox',
    );
    await user.clear(input);
    await user.type(input, 'Welcome home');
    // Under load jsdom types slower than the debounce, so an early PATCH may carry part of the
    // text; the last one carries all of it, to the set the key lives in.
    await waitFor(
      () =>
        expect(patches.at(-1)?.body).toEqual({
          changes: [{ set: 'english', key: 'loginTexts.topHeadingText', value: 'Welcome home' }],
        }),
      { timeout: 5000 },
    );
    expect(await within(settingGroup('Top heading')).findByText('Saved')).toBeVisible();
  });

  it('resets a key to its default by removing it from the set', async () => {
    const { user, patches } = renderEditor('/i/harbor/settings?group=sign-in');
    await user.click(await screen.findByRole('button', { name: 'Reset to default: Top heading' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({
      changes: [{ set: 'english', key: 'loginTexts.topHeadingText', value: null }],
    });
    expect(within(settingGroup('Top heading')).getByRole('textbox')).toHaveValue('Welcome');
  });

  it('says when a shared value hides the language value and offers to remove it', async () => {
    const { user, patches } = renderEditor('/i/harbor/settings?group=sign-in', {
      draft: {
        english: { loginTexts: { topHeadingText: 'Hello borrowers' } },
        shared: { loginTexts: { topHeadingText: 'Shared heading' } },
      },
    });
    const heading = await screen.findByRole('group', { name: 'Top heading' });
    expect(within(heading).getByRole('textbox')).toHaveValue('Shared heading');
    expect(within(heading).getByText(/its value hides the English value/)).toHaveTextContent(
      'Hello borrowers',
    );
    await user.click(within(heading).getByRole('button', { name: 'Remove the shared value' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({
      changes: [{ set: 'shared', key: 'loginTexts.topHeadingText', value: null }],
    });
  });

  it('shows the agreement parser’s message for an invalid setup string and does not save it', async () => {
    const { user, patches } = renderEditor('/i/harbor/settings?group=agreements');
    const setup = await screen.findByRole('group', { name: 'Agreement setup' });
    await user.click(within(setup).getByRole('button', { name: 'Edit as text' }));
    const text = within(setup).getByRole('textbox', { name: /Setup text/ });
    await user.click(text);
    await user.paste('https://example.com/terms|2024-01-01|Terms|sometimes');
    expect(await within(setup).findAllByText(/Invalid agreement type/)).not.toHaveLength(0);
    expect(within(setup).getByText('Not saved: fix the problem first')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(patches).toHaveLength(0);
  });

  it('words an unknown when-to-agree name with the draft’s invalidAgreementTypeText', async () => {
    const { user } = renderEditor('/i/harbor/settings?group=agreements', {
      draft: {
        english: { agreementTexts: { invalidAgreementTypeText: 'Unknown agreement kind' } },
      },
    });
    const setup = await screen.findByRole('group', { name: 'Agreement setup' });
    await user.click(within(setup).getByRole('button', { name: 'Edit as text' }));
    const text = within(setup).getByRole('textbox', { name: /Setup text/ });
    await user.click(text);
    await user.paste('https://example.com/terms|2024-01-01|Terms|sometimes');
    expect(await within(setup).findByText('Agreement 1: Unknown agreement kind')).toBeVisible();
    expect(within(setup).queryByText(/Invalid agreement type/)).toBeNull();
  });

  it('shows every problem of a setup text with its row, not only the first', async () => {
    const { user, patches } = renderEditor('/i/harbor/settings?group=agreements');
    const setup = await screen.findByRole('group', { name: 'Agreement setup' });
    await user.click(within(setup).getByRole('button', { name: 'Edit as text' }));
    const text = within(setup).getByRole('textbox', { name: /Setup text/ });
    await user.click(text);
    await user.paste(
      'https://example.com/terms|2024-01-01|Terms|sometimes\nhttps://example.com/esign|not a date|E-Sign|estatements',
    );
    expect(
      await within(setup).findAllByText(/Agreement 1: Invalid agreement type/),
    ).not.toHaveLength(0);
    expect(within(setup).getAllByText(/Agreement 2: /).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(patches).toHaveLength(0);
  });

  it('refuses a regular expression that does not compile, in a text and in a JSON rule, and does not save it', async () => {
    const { user, patches } = renderEditor('/i/harbor/settings?group=password-and-username-rules');
    const answer = await screen.findByRole('group', {
      name: 'Permitted secret question and answer characters',
    });
    const pattern = within(answer).getByRole('textbox');
    await user.clear(pattern);
    await user.click(pattern);
    await user.paste('[unclosed');
    expect(
      await within(answer).findByText(
        'must be a valid regular expression (Unterminated character class)',
      ),
    ).toBeVisible();
    expect(within(answer).getByText('Not saved: fix the problem first')).toBeVisible();

    const rules = screen.getByRole('group', { name: 'Password rules' });
    const json = within(rules).getByRole('textbox');
    await user.clear(json);
    await user.click(json);
    await user.paste(
      '[{"ValidationRuleType":8,"ValidationRegex":"(.","RegexMatchMeansError":true}]',
    );
    expect(
      await within(rules).findByText(
        'JSON value at /0/ValidationRegex must be a valid regular expression (Unterminated group)',
      ),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(patches).toHaveLength(0);
  });

  it('edits agreements as rows and writes them back as a setup string', async () => {
    const { user, patches } = renderEditor('/i/harbor/settings?group=agreements');
    const setup = await screen.findByRole('group', { name: 'Agreement setup' });
    await user.click(within(setup).getByRole('button', { name: 'Add agreement' }));
    await user.type(within(setup).getByLabelText('URL'), 'https://example.com/terms');
    await user.type(within(setup).getByLabelText('Date of the terms'), '2024-03-01');
    await user.type(within(setup).getByLabelText('Name'), 'Terms of use');
    expect(within(setup).getByText(/Enter when to agree/)).toBeVisible();
    await user.click(within(setup).getByRole('button', { name: 'At sign-in' }));
    await waitFor(() => expect(patches.length).toBeGreaterThan(0), { timeout: 3000 });
    expect(patches.at(-1)?.body).toEqual({
      changes: [
        {
          set: 'english',
          key: 'agreementTexts.agreementSetup',
          value: 'https://example.com/terms|2024-03-01|Terms of use|login',
        },
      ],
    });
  });

  it('finds settings by key, title or description and filters by type and state', async () => {
    const { user } = renderEditor('/i/harbor/settings');
    const navigator = await screen.findByRole('navigation', { name: 'Setting groups' });
    const search = within(navigator).getByRole('searchbox', { name: 'Search settings' });

    await user.type(search, 'loginTexts.topHeadingText');
    expect(within(navigator).getByRole('status')).toHaveTextContent('1 setting in 1 group');
    expect(await screen.findByRole('group', { name: 'Top heading' })).toBeVisible();

    await user.clear(search);
    await user.type(search, 'FAQ pages');
    expect(await screen.findByRole('group', { name: 'FAQ pages' })).toBeVisible();

    await user.clear(search);
    await user.click(within(navigator).getByRole('checkbox', { name: 'Modified from default' }));
    expect(within(navigator).getByRole('status')).toHaveTextContent('1 setting in 1 group');
    expect(await screen.findByRole('group', { name: 'Top heading' })).toBeVisible();

    await user.click(within(navigator).getByRole('checkbox', { name: 'Modified from default' }));
    await user.selectOptions(
      within(navigator).getByRole('combobox', { name: 'Type' }),
      'Agreement setup',
    );
    expect(within(navigator).getByRole('status')).toHaveTextContent('1 setting in 1 group');
    expect(await screen.findByRole('group', { name: 'Agreement setup' })).toBeVisible();
  });

  it('lets a viewer look but not change anything', async () => {
    renderEditor('/i/harbor/settings?group=sign-in', { role: 'viewer' });
    const heading = await screen.findByRole('group', { name: 'Top heading' });
    expect(within(heading).getByRole('textbox')).toHaveAttribute('readonly');
    expect(within(heading).queryByRole('button', { name: /Reset to default/ })).toBeNull();
  });
});
