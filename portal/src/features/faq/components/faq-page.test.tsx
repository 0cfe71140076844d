import type { SettingKey } from '@portal/settings-schema';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_PATH, RequireSession } from '../../../app/guards';
import { LoggedInLayout } from '../../../app/layouts/logged-in-layout';
import { LoggedOutLayout } from '../../../app/layouts/logged-out-layout';
import { titled } from '../../../app/route-handle';
import { accountListBody, type SettingValues } from '../../../testing/fixtures';
import { stubViewportWidth } from '../../../testing/match-media';
import { renderShell } from '../../../testing/render-shell';
import { FaqPage } from './faq-page';

/** The FAQ's two routes as the route table has them, inside the real layouts. */
const ROUTES: RouteObject[] = [
  {
    path: 'home',
    element: <LoggedOutLayout />,
    children: [
      { path: 'login', handle: titled('pageTitleTexts.loginPageTitle'), element: <p>Sign-in</p> },
      {
        path: 'faq',
        handle: titled('pageTitleTexts.publicFaqPageTitle'),
        element: <FaqPage publicView />,
      },
    ],
  },
  {
    path: 'myaccount',
    element: <RequireSession />,
    children: [
      {
        element: <LoggedInLayout />,
        children: [
          { path: 'faq', handle: titled('pageTitleTexts.faqPageTitle'), element: <FaqPage /> },
        ],
      },
    ],
  },
];

function renderFaq(path: string, settings: SettingValues = {}) {
  return renderShell(ROUTES, {
    path,
    settings,
    signedIn: path.startsWith('/myaccount'),
    routes: { 'GET /api/accountList': { body: accountListBody([0, 1]) } },
  });
}

const ALL_SECTIONS = ['General', 'Security', 'Account', 'Rates', 'Holidays'];

/** The section links of the wide-screen navigation, in order. */
async function sectionLinks() {
  const navigation = await screen.findByRole('navigation', { name: 'FAQ' });
  return within(navigation).getAllByRole('link');
}

/** The section shown: its heading (level 2) names it. */
async function shownSection(name: string) {
  return screen.findByRole('region', { name });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the FAQ page', () => {
  it('lists the sections General first, then Security, Account, Rates and Holidays, and opens on General', async () => {
    renderFaq('/myaccount/faq');
    const links = await sectionLinks();
    expect(links.map((link) => link.textContent)).toEqual(ALL_SECTIONS);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    const general = await shownSection('General');
    expect(within(general).getByRole('heading', { level: 2, name: 'General' })).toBeVisible();
    expect(
      await within(general).findByRole('heading', { level: 3, name: 'What can I do online?' }),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['FAQ']);
    // The logged-in page has the header's way out, not Back to Login.
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows the section chosen beside the list and keeps it in the address, so it can be linked', async () => {
    const { user, router } = renderFaq('/myaccount/faq');
    const navigation = await screen.findByRole('navigation', { name: 'FAQ' });
    await user.click(within(navigation).getByRole('link', { name: 'Security' }));
    const security = await shownSection('Security');
    expect(
      await within(security).findByText(/Your connection is encrypted and we never ask/),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?section=security');
    expect(within(navigation).getByRole('link', { name: 'Security' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('region', { name: 'General' })).toBeNull();

    // Back returns to the section before.
    await router.navigate(-1);
    expect(await shownSection('General')).toBeVisible();
  });

  it('opens the section a link names', async () => {
    renderFaq('/home/faq?section=rates');
    const rates = await shownSection('Rates');
    expect(await within(rates).findByText('Please contact us for current rates.')).toBeVisible();
  });

  it.each([
    ['faqOptions.hideGeneralOption', 'General', 'general'],
    ['faqOptions.hideSecurityOption', 'Security', 'security'],
    ['faqOptions.hideAccountOption', 'Account', 'account'],
    ['faqOptions.hideRatesOption', 'Rates', 'rates'],
    ['faqOptions.hideHolidaysOption', 'Holidays', 'holidays'],
  ] satisfies Array<[SettingKey, string, string]>)(
    '%s leaves its section out, even when a link names it',
    async (option, title, id) => {
      renderFaq(`/home/faq?section=${id}`, { [option]: 'true' });
      const links = await sectionLinks();
      const rest = ALL_SECTIONS.filter((section) => section !== title);
      expect(links.map((link) => link.textContent)).toEqual(rest);
      // The first section left shows instead.
      expect(await shownSection(rest[0] ?? '')).toBeVisible();
      expect(screen.queryByRole('region', { name: title })).toBeNull();
    },
  );

  it('shows the one section left without a list of one', async () => {
    renderFaq('/home/faq', {
      'faqOptions.hideGeneralOption': 'true',
      'faqOptions.hideSecurityOption': 'true',
      'faqOptions.hideAccountOption': 'true',
      'faqOptions.hideHolidaysOption': 'true',
    });
    expect(await shownSection('Rates')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'FAQ' })).toBeNull();
  });

  it('uses the institution’s section titles', async () => {
    renderFaq('/home/faq', {
      'faqTexts.generalTitleText': 'Getting started',
      'faqTexts.ratesTitleText': 'Interest rates',
    });
    const links = await sectionLinks();
    expect(links.map((link) => link.textContent)).toEqual([
      'Getting started',
      'Security',
      'Account',
      'Interest rates',
      'Holidays',
    ]);
    expect(await shownSection('Getting started')).toBeVisible();
  });

  it('on a phone, chooses the section from a menu instead of the list', async () => {
    stubViewportWidth(390);
    const { user, router } = renderFaq('/home/faq');
    const menu = await screen.findByRole('combobox', { name: 'FAQ' });
    expect(screen.queryByRole('navigation', { name: 'FAQ' })).toBeNull();
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(ALL_SECTIONS);
    expect(menu).toHaveValue('general');
    await user.selectOptions(menu, 'Holidays');
    const holidays = await shownSection('Holidays');
    expect(
      await within(holidays).findByText('Payments are not processed on federal banking holidays.'),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?section=holidays');
    expect(screen.getByRole('combobox', { name: 'FAQ' })).toHaveValue('holidays');
    await user.selectOptions(screen.getByRole('combobox', { name: 'FAQ' }), 'Security');
    expect(await shownSection('Security')).toBeVisible();
  });

  it('lists this year’s Federal Reserve holidays, the year as in the institution’s zone', async () => {
    // 11:30 PM on New Year's Eve in New York is already 2026 in UTC.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T04:30:00Z') });
    renderFaq('/myaccount/faq?section=holidays');
    const holidays = await shownSection('Holidays');
    const list = await within(holidays).findByRole('list', {
      name: 'Federal Reserve holidays in 2025',
    });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(11);
    expect(items[0]).toBe("01/01/2025New Year's Day");
    expect(items).toContain('07/04/2025Independence Day');
    expect(items.at(-1)).toBe('12/25/2025Christmas Day');
    await expectNoAxeViolations();
  });

  it('leaves the holiday list out when its heading is empty', async () => {
    renderFaq('/home/faq?section=holidays', { 'faqTexts.holidayListHeadingText': '' });
    const holidays = await shownSection('Holidays');
    expect(
      await within(holidays).findByText('Payments are not processed on federal banking holidays.'),
    ).toBeVisible();
    expect(within(holidays).queryByRole('list')).toBeNull();
  });

  it('logged out, shows the logo and a Back to Login link that goes to the sign-in', async () => {
    const { user, router } = renderFaq('/home/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Harbor Community Bank' })).toBeVisible();
    expect(await shownSection('General')).toBeVisible();
    expect(document.title).toBe('Payments - FAQ');
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(router.state.location.pathname).toBe(HOME_PATH);
  });

  it('shows the institution’s rich text sanitised: a script in a setting never runs or renders', async () => {
    const probe = vi.fn();
    vi.stubGlobal('faqProbe', probe);
    renderFaq('/home/faq', {
      'faqTexts.generalRichText':
        '<h3>Safe question</h3><p>Safe answer</p><script>window.faqProbe()</script>' +
        '<img src="x" alt="" onerror="window.faqProbe()"><a href="javascript:window.faqProbe()">Link</a>',
    });
    const general = await shownSection('General');
    expect(await within(general).findByText('Safe answer')).toBeVisible();
    expect(within(general).getByRole('heading', { level: 3, name: 'Safe question' })).toBeVisible();
    expect(general.querySelector('script')).toBeNull();
    expect(general.querySelector('[onerror]')).toBeNull();
    expect(general.querySelector('a[href^="javascript"]')).toBeNull();
    expect(probe).not.toHaveBeenCalled();
  });

  it('has no axe violations in the dark scheme logged out on a phone, the holiday list shown', async () => {
    stubViewportWidth(390);
    renderFaq('/home/faq?section=holidays', { 'themeOptions.colorScheme': 'dark' });
    expect(await screen.findByRole('combobox', { name: 'FAQ' })).toHaveValue('holidays');
    expect(await screen.findByRole('list', { name: /^Federal Reserve holidays in/ })).toBeVisible();
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark scheme logged in', async () => {
    renderFaq('/myaccount/faq?section=security', { 'themeOptions.colorScheme': 'dark' });
    expect(await shownSection('Security')).toBeVisible();
    expect(await screen.findByText(/Your connection is encrypted/)).toBeVisible();
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
  });

  it('has no axe violations logged out in the light scheme', async () => {
    renderFaq('/home/faq');
    expect(await screen.findByText(/You can view your accounts/)).toBeVisible();
    await expectNoAxeViolations();
  });
});
