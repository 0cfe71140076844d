import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createQueryClient } from '@portal/web-kit';
import type { StubRoutes } from '@portal/web-kit/testing';
import { render } from '@testing-library/react';
import userEvent, {
  PointerEventsCheckLevel,
  type Options as UserEventOptions,
} from '@testing-library/user-event';
import { App } from '../app/app';
import { stubFetch } from './fetch-stub';
import {
  accountListBody,
  applicationOptionsBody,
  MAINTENANCE_OFF,
  OK,
  profileBody,
  UNAUTHORIZED,
  type SettingValues,
} from './fixtures';

export interface RenderPortalOptions {
  /** The hash route to start on, e.g. `/myaccount/dashboard`. */
  path?: string;
  /** The page address's query, e.g. `?previewToken=...` (the admin's preview). */
  search?: string;
  settings?: SettingValues;
  /** A valid session cookie: `GET /api/Profile` answers with the test user. */
  signedIn?: boolean;
  /** Types of the user's accounts (0 loan, 9 line of credit, 1 deposit…). */
  accountTypes?: readonly number[];
  /** Extra or replacement answers. */
  routes?: StubRoutes;
  userEvent?: UserEventOptions;
}

/**
 * Test speed, not behaviour: emotion outside production writes each style rule into its own
 * <style> element, and jsdom's getComputedStyle (behind every role query and visibility check)
 * walks every sheet. One sheet with every rule (speedy, as in production) answers the same,
 * about a third faster on the registration page. The pointer-events check of user-event asks
 * for the computed style of every clicked element's ancestors; disabled controls are still
 * disabled (the attribute), so it is left out too.
 */
const STYLE_CACHE = createCache({ key: 'css', speedy: true });

/** Starts the whole portal (start-up load, router, session) against a stubbed server. */
export function renderPortal(options: RenderPortalOptions = {}) {
  window.history.replaceState(
    null,
    '',
    `/${options.search ?? ''}#${options.path ?? '/home/login'}`,
  );
  const server = stubFetch({
    'GET /api/setup/ApplicationOptions': { body: applicationOptionsBody(options.settings) },
    'GET /api/Profile': options.signedIn ? { body: profileBody() } : UNAUTHORIZED,
    'GET /api/accountList': { body: accountListBody(options.accountTypes ?? [0, 1]) },
    'GET /api/Application/GetList': { body: { HasNoErrors: true, Errors: [], Applications: [] } },
    'POST /api/Login/Logout': OK,
    'POST /api/ClientError': OK,
    'POST /api/Analytics/PageView': OK,
    'GET /api/MaintenanceMode': MAINTENANCE_OFF,
    ...options.routes,
  });
  const user = userEvent.setup({
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    ...options.userEvent,
  });
  const queryClient = createQueryClient({ retry: false });
  const view = render(
    <CacheProvider value={STYLE_CACHE}>
      <App queryClient={queryClient} />
    </CacheProvider>,
  );
  return { ...view, user, server, queryClient };
}
