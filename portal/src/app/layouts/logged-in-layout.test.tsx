import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKeys } from '../../lib/accounts/get-account-list';
import type { SettingValues } from '../../testing/fixtures';
import { UNAUTHORIZED } from '../../testing/fixtures';
import { stubViewportWidth } from '../../testing/match-media';
import { renderPortal, type RenderPortalOptions } from '../../testing/render-portal';

async function renderDashboard(options: RenderPortalOptions = {}) {
  const portal = renderPortal({ path: '/myaccount/dashboard', signedIn: true, ...options });
  const navigation = await screen.findByRole('navigation', { name: 'Main' });
  return { ...portal, navigation };
}

/** Waits until the account list (which decides Make Payment) has arrived. */
async function accountsSettled(queryClient: ReturnType<typeof renderPortal>['queryClient']) {
  await waitFor(() =>
    expect(queryClient.getQueryState(accountKeys.list())?.status).toBe('success'),
  );
}

/** An entry of the navigation bar or of the header's links (FAQ, Find Us, Logout): the banner. */
function menuEntry(name: string) {
  const header = screen.getByRole('banner');
  return (
    within(header).queryByRole('link', { name }) ?? within(header).queryByRole('button', { name })
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logged-in menu', () => {
  it('always has Dashboard, Profile and Logout, and marks the current page', async () => {
    const { navigation } = await renderDashboard();
    const header = screen.getByRole('banner');
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '#/myaccount/profile',
    );
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  const rules: Array<[string, SettingValues, SettingValues]> = [
    [
      'Payment Authorizations',
      { 'achPaymentOptions.requireAchDraftAgreementOption': 'true' },
      { 'achPaymentOptions.requireAchDraftAgreementOption': 'false' },
    ],
    [
      'Document Center',
      { 'globalOptions.useDocumentCenterOption': 'true' },
      { 'globalOptions.useDocumentCenterOption': 'false' },
    ],
    [
      'Contact Info Change',
      { 'profileOptions.forceManualCifChangesOption': 'true' },
      { 'profileOptions.forceManualCifChangesOption': 'false' },
    ],
    [
      'Messages',
      { 'globalOptions.hideContactUsOption': 'false' },
      { 'globalOptions.hideContactUsOption': 'true' },
    ],
    [
      'Find Us',
      { 'globalOptions.useBranchLocatorOption': 'true' },
      { 'globalOptions.useBranchLocatorOption': 'false' },
    ],
    ['FAQ', { 'globalOptions.useFAQOption': 'true' }, { 'globalOptions.useFAQOption': 'false' }],
    [
      'Apply for a Loan',
      { 'globalOptions.applyForLoanURLOption': 'https://apply.example.com/start' },
      { 'globalOptions.applyForLoanURLOption': '' },
    ],
  ];

  it.each(rules)('shows %s when its setting allows it', async (label, on) => {
    await renderDashboard({ settings: on });
    expect(menuEntry(label)).toBeVisible();
  });

  it.each(rules)('hides %s when its setting does not allow it', async (label, _on, off) => {
    await renderDashboard({ settings: off });
    expect(menuEntry(label)).toBeNull();
  });

  it.each([
    ['a loan', [0, 1]],
    ['a line of credit', [9]],
  ])('shows Make Payment to a user with %s', async (_kind, accountTypes) => {
    const { navigation } = await renderDashboard({ accountTypes });
    expect(await within(navigation).findByRole('link', { name: 'Make Payment' })).toHaveAttribute(
      'href',
      '#/myaccount/payment',
    );
  });

  it('lists Make Payment from the first paint, before the account list arrives', async () => {
    // Every request for the list waits until the test answers; on a loaded machine the request
    // may leave after the first paint, so the answer waits for it rather than racing it.
    const waiting: Array<(response: { body: unknown }) => void> = [];
    const { navigation } = await renderDashboard({
      routes: {
        'GET /api/accountList': () =>
          new Promise<{ body: unknown }>((resolve) => {
            waiting.push(resolve);
          }),
      },
    });
    expect(within(navigation).getByRole('link', { name: 'Make Payment' })).toBeVisible();
    // A borrower with deposits only loses it once the list says so.
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    for (const answer of waiting) answer({ body: { HasNoErrors: true, Errors: [], Accounts: [] } });
    await waitFor(() => expect(menuEntry('Make Payment')).toBeNull());
  });

  it('hides Make Payment when the account list failed: no loan is known to pay', async () => {
    const { queryClient } = await renderDashboard({
      routes: {
        'GET /api/accountList': {
          status: 500,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'ServerError' }] },
        },
      },
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(accountKeys.list())?.status).toBe('error'),
    );
    expect(menuEntry('Make Payment')).toBeNull();
  });

  it('hides Make Payment from a user with only deposits and investments', async () => {
    const { queryClient } = await renderDashboard({ accountTypes: [1, 3, 7] });
    await accountsSettled(queryClient);
    expect(menuEntry('Make Payment')).toBeNull();
  });

  it('lists Deposits, once the account list is in, to a user with a deposit or an investment', async () => {
    for (const accountTypes of [[0, 1], [7]]) {
      const { navigation, queryClient, unmount } = await renderDashboard({ accountTypes });
      await accountsSettled(queryClient);
      expect(await within(navigation).findByRole('link', { name: 'Deposits' })).toHaveAttribute(
        'href',
        '#/myaccount/deposits',
      );
      unmount();
    }
  });

  it('does not list Deposits to a user with loans only', async () => {
    const { queryClient } = await renderDashboard({ accountTypes: [0, 9] });
    await accountsSettled(queryClient);
    expect(menuEntry('Deposits')).toBeNull();
  });

  it('hides Make Payment when EZPay is disabled', async () => {
    await renderDashboard({
      accountTypes: [0],
      settings: { 'depositOptions.disableEZPayOption': 'true' },
    });
    expect(menuEntry('Make Payment')).toBeNull();
  });

  it('offers the remote branch locator through its notice, then opens it in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderDashboard({
      settings: {
        'globalOptions.useBranchLocatorOption': 'true',
        'globalOptions.useRemoteBranchLocatorOption': 'true',
        'globalOptions.remoteBranchLocatorURLOption': 'https://branches.example.com/',
      },
    });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Find Us' })).toBeNull();
    await user.click(within(header).getByRole('button', { name: 'Find Us' }));

    const notice = await screen.findByRole('dialog', { name: 'Find Us' });
    expect(notice).toHaveTextContent('A new tab will open with our branch locator.');
    expect(open).not.toHaveBeenCalled();
    await user.click(within(notice).getByRole('button', { name: 'Branch Locator' }));
    expect(open).toHaveBeenCalledWith(
      'https://branches.example.com/',
      '_blank',
      'noopener,noreferrer',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the apply-for-loan notice, and the application in a new tab on Continue', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { navigation, user } = await renderDashboard({
      settings: { 'globalOptions.applyForLoanURLOption': 'https://apply.example.com/start' },
    });
    await user.click(within(navigation).getByRole('button', { name: 'Apply for a Loan' }));
    const notice = await screen.findByRole('dialog', { name: 'Apply for a Loan' });
    expect(notice).toHaveTextContent('You are about to leave this site');
    await user.click(within(notice).getByRole('button', { name: 'Continue to Application' }));
    expect(open).toHaveBeenCalledWith(
      'https://apply.example.com/start',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('links Apply for a Loan to the portal’s own form where the institution takes applications without a site of its own', async () => {
    const { navigation } = await renderDashboard({
      settings: { 'globalOptions.useEgtConsumerOption': 'true' },
    });
    expect(within(navigation).getByRole('link', { name: 'Apply for a Loan' })).toHaveAttribute(
      'href',
      '#/myaccount/apply',
    );
  });
});

describe('logged-in header', () => {
  it("shows the logo linking to the dashboard, the user's name, FAQ, Find Us and Logout", async () => {
    await renderDashboard({ settings: { 'globalOptions.useBranchLocatorOption': 'true' } });
    const header = screen.getByRole('banner');
    const logo = within(header).getByRole('img', { name: 'Home' });
    expect(logo).toHaveAttribute('src', '/cdn/harbor/branding/logos/logoFullWhite.svg');
    expect(logo.closest('a')).toHaveAttribute('href', '#/myaccount/dashboard');
    expect(within(header).getByText('Jordan Rivers')).toBeVisible();
    expect(within(header).getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'href',
      '#/myaccount/faq',
    );
    expect(within(header).getByRole('link', { name: 'Find Us' })).toHaveAttribute(
      'href',
      '#/myaccount/locations',
    );
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('lists every destination once on a wide screen, under one name', async () => {
    await renderDashboard({
      settings: {
        'globalOptions.useBranchLocatorOption': 'true',
        'globalOptions.useFAQOption': 'true',
        'globalOptions.useDocumentCenterOption': 'true',
        'achPaymentOptions.requireAchDraftAgreementOption': 'true',
      },
    });
    const header = screen.getByRole('banner');
    const names = [
      ...within(header).getAllByRole('link'),
      ...within(header).getAllByRole('button'),
    ].map((element) => element.textContent);
    for (const name of ['FAQ', 'Logout', 'Find Us']) {
      expect(names.filter((text) => text === name)).toHaveLength(1);
    }
    expect(names).not.toContain('Locations');
    expect(names).not.toContain('Documents');
    expect(names).toEqual(expect.arrayContaining(['Payment Authorizations', 'Document Center']));
  });

  it('has a skip link as the first focusable element that moves focus to the main content', async () => {
    const { user } = await renderDashboard();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('#/myaccount/dashboard');
  });

  it('puts the menu in a drawer behind a Menu button on small screens', async () => {
    stubViewportWidth(400);
    const { user } = renderPortal({ path: '/myaccount/dashboard', signedIn: true });
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    const drawerNavigation = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(drawerNavigation).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull());
  });
});

describe('logout', () => {
  it('asks for confirmation; Cancel stays, Logout ends the session and goes to the login', async () => {
    const { user, server } = await renderDashboard();
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('button', { name: 'Logout' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(0);

    await user.click(within(header).getByRole('button', { name: 'Logout' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' }),
      ).getByRole('button', {
        name: 'Logout',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(1);
    expect(screen.queryByText('Your session has expired!')).toBeNull();
  });

  it('logs out with the not-authorized banner when an answer says Unauthorized', async () => {
    const { server } = renderPortal({
      path: '/myaccount/dashboard',
      signedIn: true,
      routes: { 'GET /api/accountList': UNAUTHORIZED },
    });
    expect(await screen.findByText('Not Authorized.')).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(1);
  });
});

describe('logged-in footer', () => {
  it('shows the year, the copyright, the sanitised rich text and at most three images', async () => {
    const images = [
      { src: 'images/fdic.png', alt: 'Member FDIC' },
      { src: '/static/ehl.png', alt: 'Equal Housing Lender', href: 'https://example.com/ehl' },
      { src: 'https://cdn.example.com/ncua.png', alt: 'NCUA' },
    ];
    await renderDashboard({
      settings: {
        'loggedInLayout.copyrightText': 'All rights reserved.',
        'loggedInLayout.footerRichText': '<p>Call us<script>steal()</script></p>',
        'loggedInLayout.footerImages': JSON.stringify(images),
      },
    });
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(
      `© ${new Date().getFullYear()} Harbor Community Bank. All rights reserved.`,
    );
    expect(await within(footer).findByText('Call us')).toBeVisible();
    expect(footer.querySelector('script')).toBeNull();
    const shown = within(footer).getAllByRole('img');
    expect(shown.map((image) => image.getAttribute('src'))).toEqual([
      '/cdn/harbor/images/fdic.png',
      '/static/ehl.png',
      'https://cdn.example.com/ncua.png',
    ]);
    expect(within(footer).getByRole('link', { name: 'Equal Housing Lender' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('shows no footer images when the setting does not have its declared shape', async () => {
    await renderDashboard({
      settings: {
        // Four images and one without its alternative text: the schema allows neither.
        'loggedInLayout.footerImages': JSON.stringify([
          { src: 'a.png', alt: 'A' },
          { src: 'b.png', alt: 'B' },
          { src: 'c.png', alt: 'C' },
          { src: 'd.png' },
        ]),
      },
    });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryAllByRole('img')).toEqual([]);
  });
});
