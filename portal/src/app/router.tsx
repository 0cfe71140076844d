import { loanApplicationEntry } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useState } from 'react';
// RouterProvider from the package root, not react-router/dom: the dom entry resolves to a second
// (CommonJS) copy of the router under Node, which splits the router context in tests.
import {
  createHashRouter,
  matchRoutes,
  Navigate,
  RouterProvider,
  type RouteObject,
} from 'react-router';
import { accountDataPath } from '../lib/accounts/account-data-path';
import { routePathOf } from '../lib/route-path';
import { loadLoginHandOff } from '../lib/session/login-hand-off';
import { documentsScreenListsLoanDocuments } from '../lib/documents/documents-screen';
import { AppShell } from './app-shell';
import {
  BlockUnderSingleSignOn,
  DASHBOARD_PATH,
  HOME_PATH,
  RequireSession,
  RequireSetting,
} from './guards';
import { LoggedOutLayout } from './layouts/logged-out-layout';
import { PageLoadError } from './layouts/page-load-error';
import { RootErrorPage } from './layouts/root-error-page';
import { readRouteHandle, REDIRECT, type RouteHandle, titled, titledBy } from './route-handle';
import { StartupLoading } from './startup-loading';

function redirectTo(to: string): Pick<RouteObject, 'element' | 'handle'> {
  return { element: <Navigate to={to} replace />, handle: REDIRECT };
}

function onlyWhen(
  enabled: (settings: SettingsAccessor) => boolean,
  redirect: string,
  children: RouteObject[],
): RouteObject {
  return { element: <RequireSetting enabled={enabled} redirectTo={redirect} />, children };
}

const faqOn = (settings: SettingsAccessor) => settings.get('globalOptions.useFAQOption');
const messagesOn = (settings: SettingsAccessor) =>
  !settings.get('globalOptions.hideContactUsOption');
const branchLocatorOn = (settings: SettingsAccessor) =>
  settings.get('globalOptions.useBranchLocatorOption');

/** Logged-out screens (spec 000 section 2.1, spec 002 section 2). */
const homeRoutes: RouteObject[] = [
  { index: true, ...redirectTo(HOME_PATH) },
  {
    path: 'login',
    handle: titled('pageTitleTexts.loginPageTitle'),
    // The auto-login credentials and single sign-on answer other screens hand over in memory.
    loader: loadLoginHandOff,
    lazy: async () => {
      const { LoginPage } = await import('../features/auth/components/login-page');
      return { Component: LoginPage };
    },
  },
  {
    element: <BlockUnderSingleSignOn />,
    children: [
      {
        path: 'register',
        handle: titled('pageTitleTexts.registerPageTitle'),
        lazy: async () => {
          const { RegistrationPage } =
            await import('../features/registration/components/registration-page');
          return { Component: RegistrationPage };
        },
      },
      {
        path: 'verifyEmail/:enc?',
        handle: titled('pageTitleTexts.verifyEmailPageTitle'),
        lazy: async () => {
          const { VerifyEmailPage } =
            await import('../features/account-links/components/verify-email-page');
          return { Component: VerifyEmailPage };
        },
      },
      {
        path: 'recovery',
        handle: titled('pageTitleTexts.recoveryPageTitle'),
        lazy: async () => {
          const { RecoveryPage } = await import('../features/recovery/components/recovery-page');
          return { Component: RecoveryPage };
        },
      },
    ],
  },
  {
    // Optional token: without one the screen sends the user to the login flagged unauthorized.
    path: 'sso/:token?',
    handle: titled('pageTitleTexts.ssoPageTitle'),
    lazy: async () => {
      const { SsoPage } = await import('../features/auth/components/sso-page');
      return { Component: SsoPage };
    },
  },
  {
    path: 'forcePasswordChange/:enc?',
    handle: titled('pageTitleTexts.forcePasswordChangePageTitle'),
    lazy: async () => {
      const { ForcePasswordChangePage } =
        await import('../features/account-links/components/force-password-change-page');
      return { Component: ForcePasswordChangePage };
    },
  },
  onlyWhen(branchLocatorOn, HOME_PATH, [
    {
      path: 'locations',
      handle: titled('pageTitleTexts.publicLocationsPageTitle'),
      lazy: async () => {
        const { LocationsPage } = await import('../features/locations/components/locations-page');
        return { element: <LocationsPage publicView /> };
      },
    },
  ]),
  onlyWhen(messagesOn, HOME_PATH, [
    {
      path: 'messages',
      handle: titled('pageTitleTexts.publicMessagesPageTitle'),
      lazy: async () => {
        const { MessagesPage } = await import('../features/messages/components/messages-page');
        return { element: <MessagesPage publicView /> };
      },
    },
  ]),
  onlyWhen(faqOn, HOME_PATH, [
    {
      path: 'faq',
      handle: titled('pageTitleTexts.publicFaqPageTitle'),
      lazy: async () => {
        const { FaqPage } = await import('../features/faq/components/faq-page');
        return { element: <FaqPage publicView /> };
      },
    },
  ]),
  {
    path: 'activate',
    handle: titled('pageTitleTexts.activatePageTitle'),
    lazy: async () => {
      const { ActivationPage } =
        await import('../features/account-links/components/activation-page');
      return { Component: ActivationPage };
    },
  },
];

/** Logged-in screens (spec 000 section 2.1, specs 001 and 002). */
const myAccountRoutes: RouteObject[] = [
  { index: true, ...redirectTo(DASHBOARD_PATH) },
  {
    path: 'dashboard',
    handle: titled('pageTitleTexts.dashboardPageTitle'),
    lazy: async () => {
      const { DashboardPage } = await import('../features/accounts/components/dashboard-page');
      return { Component: DashboardPage };
    },
  },
  {
    path: 'deposits',
    handle: titled('pageTitleTexts.depositsPageTitle'),
    lazy: async () => {
      const { DepositsPage } = await import('../features/accounts/components/deposits-page');
      return { Component: DepositsPage };
    },
  },
  {
    path: 'deposits/depositDetails/:accountNumber?',
    handle: titled('pageTitleTexts.depositDetailsPageTitle'),
    lazy: async () => {
      const { DepositDetailsPage } =
        await import('../features/loan-details/components/deposit-details-page');
      return { Component: DepositDetailsPage };
    },
  },
  {
    path: 'profile',
    handle: titled('pageTitleTexts.profilePageTitle'),
    lazy: async () => {
      const { ProfilePage } = await import('../features/profile/components/profile-page');
      return { Component: ProfilePage };
    },
  },
  onlyWhen(
    (settings) => settings.get('achPaymentOptions.requireAchDraftAgreementOption'),
    DASHBOARD_PATH,
    [
      {
        path: 'documents',
        handle: titledBy('pageTitleTexts.documentsPageTitle', (settings) =>
          documentsScreenListsLoanDocuments(settings)
            ? 'pageTitleTexts.documentsWithLoanDocumentsPageTitle'
            : 'pageTitleTexts.documentsPageTitle',
        ),
        lazy: async () => {
          const { DocumentsPage } = await import('../features/documents/components/documents-page');
          return { Component: DocumentsPage };
        },
      },
    ],
  ),
  {
    // The account is preselected when the route names it (spec 001 section 2).
    path: 'payment/:accountNumber?',
    handle: titled('pageTitleTexts.paymentPageTitle'),
    lazy: async () => {
      const { MakePaymentPage } = await import('../features/payments/components/make-payment-page');
      return { Component: MakePaymentPage };
    },
  },
  {
    // Optional: a missing number goes to the dashboard with the view error (spec 002).
    path: 'loanDetails/:accountNumber?',
    handle: {
      ...titled('pageTitleTexts.loanDetailsPageTitle'),
      // The loan's data, its first paint's (what is due), comes while the page's code loads.
      firstReads: ({ accountNumber }) => (accountNumber ? [accountDataPath(accountNumber)] : []),
    } satisfies RouteHandle,
    lazy: async () => {
      const { LoanDetailsPage } =
        await import('../features/loan-details/components/loan-details-page');
      return { Component: LoanDetailsPage };
    },
  },
  onlyWhen((settings) => settings.get('globalOptions.useDocumentCenterOption'), DASHBOARD_PATH, [
    {
      path: 'document-center',
      handle: titled('pageTitleTexts.documentCenterPageTitle'),
      lazy: async () => {
        const { DocumentCenterPage } =
          await import('../features/document-center/components/document-center-page');
        return { Component: DocumentCenterPage };
      },
    },
  ]),
  onlyWhen(branchLocatorOn, DASHBOARD_PATH, [
    {
      path: 'locations',
      handle: titled('pageTitleTexts.locationsPageTitle'),
      lazy: async () => {
        const { LocationsPage } = await import('../features/locations/components/locations-page');
        return { Component: LocationsPage };
      },
    },
  ]),
  onlyWhen(messagesOn, DASHBOARD_PATH, [
    {
      path: 'messages',
      handle: titled('pageTitleTexts.messagesPageTitle'),
      lazy: async () => {
        const { MessagesPage } = await import('../features/messages/components/messages-page');
        return { Component: MessagesPage };
      },
    },
  ]),
  onlyWhen(faqOn, DASHBOARD_PATH, [
    {
      path: 'faq',
      handle: titled('pageTitleTexts.faqPageTitle'),
      lazy: async () => {
        const { FaqPage } = await import('../features/faq/components/faq-page');
        return { Component: FaqPage };
      },
    },
  ]),
  onlyWhen(
    (settings) => settings.get('profileOptions.forceManualCifChangesOption'),
    DASHBOARD_PATH,
    [
      {
        path: 'requestChange',
        handle: titled('pageTitleTexts.requestChangePageTitle'),
        lazy: async () => {
          const { ContactChangePage } =
            await import('../features/contact-change/components/contact-change-page');
          return { Component: ContactChangePage };
        },
      },
    ],
  ),
  // The portal's own loan application form, where Apply for a loan leads to it (issue 22).
  onlyWhen((settings) => loanApplicationEntry(settings).kind === 'form', DASHBOARD_PATH, [
    {
      path: 'apply',
      handle: titled('pageTitleTexts.applyPageTitle'),
      lazy: async () => {
        const { LoanApplicationPage } =
          await import('../features/loan-application/components/loan-application-page');
        return { Component: LoanApplicationPage };
      },
    },
  ]),
  {
    path: 'applicationdetails/:applicationNumber',
    handle: titled('pageTitleTexts.applicationDetailsPageTitle'),
    lazy: async () => {
      const { ApplicationDetailsPage } =
        await import('../features/accounts/components/application-details-page');
      return { Component: ApplicationDetailsPage };
    },
  },
  {
    path: 'loginHistory',
    handle: titled('pageTitleTexts.loginHistoryPageTitle'),
    lazy: async () => {
      const { LoginHistoryPage } =
        await import('../features/profile/components/login-history-page');
      return { Component: LoginHistoryPage };
    },
  },
  {
    path: 'paymentConfirm',
    handle: titled('pageTitleTexts.paymentConfirmPageTitle'),
    lazy: async () => {
      const { PaymentConfirmationPage } =
        await import('../features/payment-confirmation/components/payment-confirmation-page');
      return { Component: PaymentConfirmationPage };
    },
  },
];

/**
 * The whole route table. Layouts wrap a pathless route whose error element shows the page-load
 * error inside the layout; pages and the logged-in layout load on demand.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    hydrateFallbackElement: <StartupLoading />,
    errorElement: <RootErrorPage />,
    children: [
      { index: true, ...redirectTo(HOME_PATH) },
      {
        path: 'home',
        element: <LoggedOutLayout />,
        children: [{ errorElement: <PageLoadError />, children: homeRoutes }],
      },
      {
        path: 'opt-out',
        element: <LoggedOutLayout />,
        children: [
          {
            errorElement: <PageLoadError />,
            children: [
              {
                index: true,
                handle: titled('pageTitleTexts.optOutPageTitle'),
                lazy: async () => {
                  const { OptOutPage } =
                    await import('../features/account-links/components/opt-out-page');
                  return { Component: OptOutPage };
                },
              },
            ],
          },
        ],
      },
      {
        path: 'myaccount',
        element: <RequireSession />,
        children: [
          {
            lazy: async () => {
              const { LoggedInLayout } = await import('./layouts/logged-in-layout');
              return { Component: LoggedInLayout };
            },
            children: [{ errorElement: <PageLoadError />, children: myAccountRoutes }],
          },
        ],
      },
      { path: '*', ...redirectTo(HOME_PATH) },
    ],
  },
];

/**
 * Starts downloading the code of the screen a page opens on (a reload, a link, the return from
 * sign-in) with the page itself, instead of after the start-up calls that the router waits for:
 * the layout's and the screen's chunks arrive beside the settings and the session check. Only
 * the code is fetched; the router still decides what shows.
 */
export function preloadRouteCode(hash: string): void {
  for (const match of matchRoutes(routes, routePathOf(hash)) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
  }
}

/** The GETs the screen a page opens on makes first (its route's `firstReads`), for `api.prefetch`. */
export function firstReadsOf(hash: string): string[] {
  return (matchRoutes(routes, routePathOf(hash)) ?? []).flatMap(
    (match) => readRouteHandle(match.route.handle).firstReads?.(match.params) ?? [],
  );
}

export type PortalRouter = ReturnType<typeof createHashRouter>;

/**
 * Resolves once the router has loaded the code of the screen it opens on (its lazy routes), so
 * the first render is that screen: what the server renders, and what the browser hydrates.
 */
export function routerReady(router: PortalRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The hash router of the portal, created once per mount (or the one given: server, hydration). */
export function AppRouter({ router: given }: { router?: PortalRouter }) {
  const [router] = useState(() => given ?? createHashRouter(routes));
  return <RouterProvider router={router} />;
}
