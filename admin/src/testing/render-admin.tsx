import type { StaffMe } from '@portal/domain';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createQueryClient } from '@portal/web-kit';
import type { StubRoutes } from '@portal/web-kit/testing';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { AdminApp } from '../app/admin-app';
import { stubFetch } from './fetch-stub';
import { PUBLISHER } from './fixtures';

export interface RenderAdminOptions {
  path?: string;
  /** Who is signed in (null: nobody; `GET /admin-api/me` answers 401). */
  me?: StaffMe | null;
  routes?: StubRoutes;
}

const UNAUTHENTICATED = {
  status: 401,
  body: { error: { code: 'Unauthenticated', message: 'Please sign in.' } },
};

/** One style sheet with every rule (see portal/src/testing/render-portal.tsx). */
const STYLE_CACHE = createCache({ key: 'css', speedy: true });

/** Starts the whole admin app (providers, router, session probe) against a stubbed server. */
export function renderAdmin(options: RenderAdminOptions = {}) {
  const me = options.me === undefined ? PUBLISHER : options.me;
  const server = stubFetch({
    'GET /admin-api/me': me ? { body: me } : UNAUTHENTICATED,
    'POST /admin-api/institutions/harbor/preview-token': {
      body: {
        token: 'preview-token',
        expiresAt: '2099-01-01T00:00:00.000Z',
        portalUrl: 'http://localhost:3000/?previewToken=preview-token',
      },
    },
    ...options.routes,
  });
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const queryClient = createQueryClient({ retry: false });
  const view = render(
    <CacheProvider value={STYLE_CACHE}>
      <AdminApp queryClient={queryClient} initialPath={options.path ?? '/'} />
    </CacheProvider>,
  );
  return { ...view, server, user, queryClient };
}
