import { BUILT_IN_THEMES } from '@portal/themes';
import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPLEMENTER, institutionSummary, settingsResponse } from '../../../testing/fixtures';
import { refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';

const CEDAR = institutionSummary({
  slug: 'cedar',
  name: 'Cedar Credit Union',
  hosts: ['cedar.localhost'],
  cdnFolder: '/cdn/cedar',
  publishedVersion: 1,
  hasDraft: false,
});

/** Harbor's published settings: its own theme, phone number, agreements and locator link. */
const HARBOR_PUBLISHED = {
  shared: {
    themeOptions: {
      primaryColor: '#0b3d91',
      secondaryColor: '#8a5a00',
      fontFamily: 'Georgia, serif',
      borderRadius: '2',
    },
    institutionContactOptions: { customerServicePhoneNumber: '(207) 555-0100' },
    globalOptions: { remoteBranchLocatorURLOption: 'https://harbor.example/branches' },
  },
  english: {
    agreementTexts: {
      agreementSetup:
        '/cdn/harbor/agreements/terms.pdf|2024-01-01|Online Banking Agreement|login\n/cdn/harbor/agreements/esign.pdf|2024-01-01|E-Sign Disclosure|estatements',
    },
  },
};

function renderNewInstitution(routes: StubRoutes = {}) {
  let created = false;
  const view = renderAdmin({
    path: '/institutions/new',
    me: IMPLEMENTER,
    routes: {
      'GET /admin-api/institutions': () => ({
        body: { institutions: created ? [institutionSummary(), CEDAR] : [institutionSummary()] },
      }),
      'POST /admin-api/institutions': () => {
        created = true;
        return { status: 201, body: CEDAR };
      },
      'GET /admin-api/institutions/cedar/settings': { body: settingsResponse({}) },
      'GET /admin-api/institutions/harbor/settings': { body: settingsResponse(HARBOR_PUBLISHED) },
      ...routes,
    },
  });
  return view;
}

// A long MUI form; jsdom types into it far slower than a browser does.
describe('a new institution', { timeout: 30_000 }, () => {
  it('names each missing required field and sends nothing', async () => {
    const { user, server } = renderNewInstitution();
    expect(await screen.findByRole('heading', { name: 'New institution' })).toBeVisible();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Create institution' }));
    expect(screen.getByText('Enter the institution’s name (2 to 120 characters).')).toBeVisible();
    expect(
      screen.getByText(
        'Use 2 to 40 lower-case letters, digits and hyphens, starting with a letter.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Enter at least one host name.')).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Host names/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(/Host names/), 'https://cedar.example/');
    await user.click(screen.getByRole('button', { name: 'Create institution' }));
    expect(
      screen.getByText('Host names are like bank.example.com (no scheme, port or path).'),
    ).toBeVisible();

    const primary = screen.getByLabelText('Primary colour');
    await user.clear(primary);
    await user.type(primary, 'blue');
    await user.click(screen.getByRole('button', { name: 'Create institution' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Every colour must be like #1a2b3c.');
    expect(server.requestsTo('POST /admin-api/institutions')).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('sends the name, slug, hosts, theme and starting point, then opens the institution', async () => {
    const { user, server } = renderNewInstitution();
    await user.type(await screen.findByLabelText(/^Name/), 'Cedar Credit Union');
    // The slug follows the name until it is edited.
    expect(screen.getByLabelText(/Short name/)).toHaveValue('cedar-credit-union');
    await user.clear(screen.getByLabelText(/Short name/));
    await user.type(screen.getByLabelText(/Short name/), 'cedar');
    await user.type(screen.getByLabelText(/Host names/), 'cedar.localhost, Cedar.Example.com');
    await user.selectOptions(
      screen.getByLabelText('Start from'),
      'A copy of Harbor Community Bank',
    );
    // The copy's theme arrives with its settings (and its warnings); another theme replaces it.
    expect(
      await screen.findByRole('status', { name: /Harbor Community Bank’s own/ }),
    ).toBeVisible();
    const otherTheme = Object.values(BUILT_IN_THEMES).find((theme) => theme.id !== 'harbor');
    if (!otherTheme) throw new Error('Expected a second built-in theme.');
    await user.click(screen.getByRole('button', { name: `Use ${otherTheme.name}` }));
    expect(screen.getByLabelText('Primary colour')).toHaveValue(otherTheme.tokens.primaryColor);
    await user.click(screen.getByRole('button', { name: 'Create institution' }));

    const [request] = server.requestsTo('POST /admin-api/institutions');
    expect(request?.body).toEqual({
      name: 'Cedar Credit Union',
      slug: 'cedar',
      hosts: ['cedar.localhost', 'cedar.example.com'],
      theme: otherTheme.tokens,
      copyFrom: 'harbor',
    });
    expect(request?.headers.get('X-Requested-With')).toBe('portal');
    const nav = await screen.findByRole('navigation', { name: 'Institution sections' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Cedar Credit Union')).toBeVisible();
  });

  it('copies the source’s theme and lists every value that is the source’s own, each on its line', async () => {
    const { user } = renderNewInstitution();
    // Start from a theme other than Harbor's, to see the copy replace it.
    const summit = BUILT_IN_THEMES.summit;
    await user.click(await screen.findByRole('button', { name: `Use ${summit.name}` }));
    await user.selectOptions(
      screen.getByLabelText('Start from'),
      'A copy of Harbor Community Bank',
    );
    const warnings = await screen.findByRole('status', {
      name: '4 values are Harbor Community Bank’s own: replace them after creating',
    });
    const items = within(warnings).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('(207) 555-0100'),
      expect.stringContaining('https://harbor.example/branches'),
      expect.stringContaining('/cdn/harbor/agreements/terms.pdf'),
      expect.stringContaining('/cdn/harbor/agreements/esign.pdf'),
    ]);
    expect(screen.getByLabelText('Primary colour')).toHaveValue('#0b3d91');
    expect(screen.getByLabelText('Secondary colour')).toHaveValue('#8a5a00');
    expect(screen.getByLabelText('Font family')).toHaveValue('Georgia, serif');
    expect(screen.getByLabelText('Corner radius (pixels)')).toHaveValue(2);
    await expectNoAxeViolations();
  });

  it('warns about a poor-contrast brand colour before the institution exists', async () => {
    const { user } = renderNewInstitution();
    const primary = await screen.findByLabelText('Primary colour');
    expect(screen.queryByText(/Poor contrast/)).not.toBeInTheDocument();
    await user.clear(primary);
    await user.type(primary, '#ffeb3b');
    expect(await screen.findByText(/Poor contrast/)).toBeVisible();
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal with the fields it names', async () => {
    const { user } = renderNewInstitution({
      'POST /admin-api/institutions': refusal(409, 'Conflict', 'That slug is taken.', [
        { key: 'slug', message: 'Already used by another institution.' },
      ]),
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Harbor Two');
    await user.type(screen.getByLabelText(/Host names/), 'harbor2.localhost');
    await user.click(screen.getByRole('button', { name: 'Create institution' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That slug is taken.');
    expect(alert).toHaveTextContent('slug: Already used by another institution.');
    expect(screen.getByRole('heading', { name: 'New institution' })).toBeVisible();
  });

  it('is for implementers only', async () => {
    renderAdmin({
      path: '/institutions/new',
      routes: { 'GET /admin-api/institutions': { body: { institutions: [] } } },
    });
    expect(await screen.findByText('Only implementers create institutions.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create institution' })).not.toBeInTheDocument();
  });
});
