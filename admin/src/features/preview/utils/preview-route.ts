import { PREVIEW_SAMPLE_ACCOUNTS } from '@portal/domain';

/** Where the preview opens before anything is chosen. */
export const DEFAULT_PREVIEW_ROUTE = '/home/login';

const MAKE_PAYMENT_ROUTE = '/myaccount/payment';

/** Account pages and the sample borrower's account each opens on. */
const SAMPLE_ACCOUNT_ROUTES: Readonly<Record<string, string>> = {
  '/myaccount/loanDetails/{accountNumber}': PREVIEW_SAMPLE_ACCOUNTS.loan,
  '/myaccount/deposits/depositDetails/{accountNumber}': PREVIEW_SAMPLE_ACCOUNTS.savings,
};

/**
 * The portal route to show a setting on. A loan-page or deposit-page setting opens that page on
 * the sample borrower's loan or savings account (issue 20 item 25: it opened the dashboard);
 * other routes with a parameter (an application, a one-time link) need data the preview cannot
 * make, so those open the dashboard, or the sign-in page when signed out.
 */
export function previewRouteOf(route: string | undefined): string | undefined {
  if (!route) return undefined;
  // Make Payment opens on the sample loan, so a payment setting shows the steps it belongs to
  // (without a loan the screen waits for one to be picked, and shows none of them).
  if (route === MAKE_PAYMENT_ROUTE) {
    return `${MAKE_PAYMENT_ROUTE}/${encodeURIComponent(PREVIEW_SAMPLE_ACCOUNTS.loan)}`;
  }
  if (!route.includes('{')) return route;
  const sample = SAMPLE_ACCOUNT_ROUTES[route];
  if (sample) return route.replace('{accountNumber}', encodeURIComponent(sample));
  return route.startsWith('/myaccount') ? '/myaccount/dashboard' : DEFAULT_PREVIEW_ROUTE;
}

/** Phone and desktop widths the preview renders the portal at (CSS pixels). */
export const PREVIEW_WIDTHS = { desktop: 1280, phone: 390 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** The scale that fits a frame of `frameWidth` into `available` pixels (never above 1). */
export function fitScale(available: number, frameWidth: number): number {
  if (available <= 0) return 1;
  return Math.min(1, available / frameWidth);
}
