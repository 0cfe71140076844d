import { LOAN_APPLICATION_PATH, loanApplicationEntry } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { documentsScreenListsLoanDocuments } from '../../lib/documents/documents-screen';
import { safeExternalUrl } from '../../lib/external-link';

export type MenuAction = 'applyForLoan' | 'remoteBranchLocator' | 'logout';

export type MenuItemId =
  | 'dashboard'
  | 'applyForLoan'
  | 'makePayment'
  | 'deposits'
  | 'profile'
  | 'documents'
  | 'documentCenter'
  | 'contactInfoChange'
  | 'messages'
  | 'locations'
  | 'faq'
  | 'logout';

interface MenuItemBase {
  id: MenuItemId;
  label: string;
}

/** A menu entry is a route link or a button that runs an action (a dialog). */
export type MenuItem =
  | (MenuItemBase & { kind: 'link'; to: string })
  | (MenuItemBase & { kind: 'action'; action: MenuAction });

export interface MenuFacts {
  /**
   * Make Payment is listed (domain paymentMenuShown: payments on and a loan or line of credit, or
   * the account list not in yet, so the item is there from the first paint).
   */
  paymentMenuShown: boolean;
  /**
   * Deposits is listed once the account list is in and holds a deposit account or investment.
   * Spec 000's menu has no such item (the route myaccount/deposits exists): a deposit customer
   * would otherwise reach their accounts only through the dashboard's rows.
   */
  depositsMenuShown?: boolean;
}

/**
 * The Locations entry: the remote locator (notice, then a new tab) when that option is on and
 * its URL is usable, else the built-in locator page when that option is on, else none.
 */
function locationsItem(settings: SettingsAccessor, label: string): MenuItem | undefined {
  const remoteUrl = safeExternalUrl(settings.get('globalOptions.remoteBranchLocatorURLOption'));
  if (settings.get('globalOptions.useRemoteBranchLocatorOption') && remoteUrl) {
    return { id: 'locations', label, kind: 'action', action: 'remoteBranchLocator' };
  }
  if (settings.get('globalOptions.useBranchLocatorOption')) {
    return { id: 'locations', label, kind: 'link', to: '/myaccount/locations' };
  }
  return undefined;
}

/**
 * Apply for a Loan (domain loanApplicationEntry): the institution's own application site, after
 * the notice (its address must be a usable http(s) one), or the portal's application form.
 */
function applyForLoanItem(settings: SettingsAccessor): MenuItem | undefined {
  const entry = loanApplicationEntry(settings);
  const label = settings.get('loggedInLayout.applyForLoanMenuText');
  if (entry.kind === 'external' && safeExternalUrl(entry.url)) {
    return { id: 'applyForLoan', label, kind: 'action', action: 'applyForLoan' };
  }
  if (entry.kind === 'form') {
    return { id: 'applyForLoan', label, kind: 'link', to: LOAN_APPLICATION_PATH };
  }
  return undefined;
}

/** The logged-in menu with every visibility rule of spec 000 section 2.2, in menu order. */
export function buildMenuItems(settings: SettingsAccessor, facts: MenuFacts): MenuItem[] {
  const items: Array<MenuItem | undefined> = [
    {
      id: 'dashboard',
      label: settings.get('loggedInLayout.dashboardMenuText'),
      kind: 'link',
      to: '/myaccount/dashboard',
    },
    applyForLoanItem(settings),
    facts.paymentMenuShown
      ? {
          id: 'makePayment',
          label: settings.get('loggedInLayout.makePaymentMenuText'),
          kind: 'link',
          to: '/myaccount/payment',
        }
      : undefined,
    facts.depositsMenuShown
      ? {
          id: 'deposits',
          label: settings.get('loggedInLayout.depositsMenuText'),
          kind: 'link',
          to: '/myaccount/deposits',
        }
      : undefined,
    {
      id: 'profile',
      label: settings.get('loggedInLayout.profileMenuText'),
      kind: 'link',
      to: '/myaccount/profile',
    },
    settings.get('achPaymentOptions.requireAchDraftAgreementOption')
      ? {
          id: 'documents',
          label: settings.get(
            documentsScreenListsLoanDocuments(settings)
              ? 'loggedInLayout.documentsWithLoanDocumentsMenuText'
              : 'loggedInLayout.documentsMenuText',
          ),
          kind: 'link',
          to: '/myaccount/documents',
        }
      : undefined,
    settings.get('globalOptions.useDocumentCenterOption')
      ? {
          id: 'documentCenter',
          label: settings.get('loggedInLayout.documentCenterMenuText'),
          kind: 'link',
          to: '/myaccount/document-center',
        }
      : undefined,
    settings.get('profileOptions.forceManualCifChangesOption')
      ? {
          id: 'contactInfoChange',
          label: settings.get('loggedInLayout.contactInfoChangeMenuText'),
          kind: 'link',
          to: '/myaccount/requestChange',
        }
      : undefined,
    settings.get('globalOptions.hideContactUsOption')
      ? undefined
      : {
          id: 'messages',
          label: settings.get('loggedInLayout.messagesMenuText'),
          kind: 'link',
          to: '/myaccount/messages',
        },
    locationsItem(settings, settings.get('loggedInLayout.locationsMenuText')),
    settings.get('globalOptions.useFAQOption')
      ? {
          id: 'faq',
          label: settings.get('loggedInLayout.faqMenuText'),
          kind: 'link',
          to: '/myaccount/faq',
        }
      : undefined,
    {
      id: 'logout',
      label: settings.get('loggedInLayout.logoutMenuText'),
      kind: 'action',
      action: 'logout',
    },
  ];
  return items.filter((item) => item !== undefined);
}

/** The FAQ / Find Us / Logout links of the header, under the same rules as the menu. */
export function buildHeaderLinks(settings: SettingsAccessor): MenuItem[] {
  const links: Array<MenuItem | undefined> = [
    settings.get('globalOptions.useFAQOption')
      ? {
          id: 'faq',
          label: settings.get('loggedInLayout.faqLinkText'),
          kind: 'link',
          to: '/myaccount/faq',
        }
      : undefined,
    locationsItem(settings, settings.get('loggedInLayout.findUsLinkText')),
    {
      id: 'logout',
      label: settings.get('loggedInLayout.logoutLinkText'),
      kind: 'action',
      action: 'logout',
    },
  ];
  return links.filter((item) => item !== undefined);
}

/**
 * The navigation bar of wide screens: the menu without what the header's links already offer
 * (FAQ, Find Us, Logout), so no destination is listed twice on one screen and the same place is
 * never offered under two names (Find Us and Locations). Phones have no header links: their
 * drawer keeps the whole menu.
 */
export function navigationBarItems(menu: MenuItem[], headerLinks: MenuItem[]): MenuItem[] {
  return menu.filter((item) => !headerLinks.some((link) => link.id === item.id));
}
