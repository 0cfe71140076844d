import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';

/** The settings keys that hold page titles (pageTitleTexts.*). */
export type PageTitleKey = Extract<SettingKey, `pageTitleTexts.${string}`>;

/** Route data (`handle`) of the route table. */
export interface RouteHandle {
  /** The settings key of the document title while the route shows (spec 000 section 2.1). */
  pageTitle?: PageTitleKey;
  /** For a page that names itself by the settings (myaccount/documents): chooses the title's key. */
  pageTitleFor?: (settings: SettingsAccessor) => PageTitleKey | undefined;
  /** The route only redirects, so it has no title of its own. */
  redirect?: true;
  /**
   * The GETs the screen makes first, by the route's parameters: asked for as the page starts
   * (main.tsx), while the screen's code downloads, instead of after its first render (issue 23).
   */
  firstReads?: (params: Readonly<Record<string, string | undefined>>) => string[];
}

/**
 * The route table is typed with the keys; this checks a handle's shape only (the settings'
 * definitions stay off the portal's first download, issue 23).
 */
function isPageTitleKey(value: string): value is PageTitleKey {
  return /^pageTitleTexts\.[A-Za-z][A-Za-z0-9_]*$/.test(value);
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
  if ('pageTitleFor' in handle && typeof handle.pageTitleFor === 'function') {
    const choose = handle.pageTitleFor;
    result.pageTitleFor = (settings) => {
      const key: unknown = Reflect.apply(choose, undefined, [settings]);
      return typeof key === 'string' && isPageTitleKey(key) ? key : undefined;
    };
  }
  if ('redirect' in handle && handle.redirect === true) result.redirect = true;
  if ('firstReads' in handle && typeof handle.firstReads === 'function') {
    const reads = handle.firstReads;
    result.firstReads = (params) => {
      const paths: unknown = Reflect.apply(reads, undefined, [params]);
      return Array.isArray(paths) ? paths.filter((path) => typeof path === 'string') : [];
    };
  }
  return result;
}

/** The document title a route's handle names (its setting's words), else undefined. */
export function pageTitleOf(handle: RouteHandle, settings: SettingsAccessor): string | undefined {
  const key = handle.pageTitleFor?.(settings) ?? handle.pageTitle;
  return key ? settings.get(key) : undefined;
}

export const titled = (pageTitle: PageTitleKey): RouteHandle => ({ pageTitle });
/** A title chosen by the settings; `pageTitle` is the key it falls back to. */
export const titledBy = (
  pageTitle: PageTitleKey,
  pageTitleFor: (settings: SettingsAccessor) => PageTitleKey,
): RouteHandle => ({ pageTitle, pageTitleFor });
export const REDIRECT: RouteHandle = { redirect: true };
