import { SETTING_DEFINITIONS, type SettingKey } from '@portal/settings-schema';

/** The settings keys that hold page titles (pageTitleTexts.*). */
export type PageTitleKey = Extract<SettingKey, `pageTitleTexts.${string}`>;

/** Route data (`handle`) of the route table. */
export interface RouteHandle {
  /** The settings key of the document title while the route shows (spec 000 section 2.1). */
  pageTitle?: PageTitleKey;
  /** The route only redirects, so it has no title of its own. */
  redirect?: true;
}

function isPageTitleKey(value: string): value is PageTitleKey {
  return value.startsWith('pageTitleTexts.') && Object.hasOwn(SETTING_DEFINITIONS, value);
}

export function readRouteHandle(handle: unknown): RouteHandle {
  if (typeof handle !== 'object' || handle === null) return {};
  const result: RouteHandle = {};
  if (
    'pageTitle' in handle &&
    typeof handle.pageTitle === 'string' &&
    isPageTitleKey(handle.pageTitle)
  ) {
    result.pageTitle = handle.pageTitle;
  }
  if ('redirect' in handle && handle.redirect === true) result.redirect = true;
  return result;
}

export const titled = (pageTitle: PageTitleKey): RouteHandle => ({ pageTitle });
export const REDIRECT: RouteHandle = { redirect: true };
