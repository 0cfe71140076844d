/** Where the preview opens before anything is chosen. */
export const DEFAULT_PREVIEW_ROUTE = '/home/login';

/**
 * The portal route to show a setting on. Routes with a parameter (a loan's details) need data
 * the preview cannot guess, so those open the dashboard, where the borrower picks the account.
 */
export function previewRouteOf(route: string | undefined): string | undefined {
  if (!route) return undefined;
  if (!route.includes('{')) return route;
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
