import { createQueryClient } from '@portal/web-kit';
import type { StubRoutes } from '@portal/web-kit/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppShell } from '../app/app-shell';
import { PortalProviders, prepareStartup } from '../app/providers';
import { stubFetch } from './fetch-stub';
import {
  applicationOptionsBody,
  OK,
  profileBody,
  UNAUTHORIZED,
  type SettingValues,
} from './fixtures';

export interface RenderShellOptions {
  path: string;
  settings?: SettingValues;
  signedIn?: boolean;
  routes?: StubRoutes;
}

/**
 * The real app shell (session, dialogs, unsaved changes, titles, analytics) around routes a test
 * defines, for behaviour no production screen exercises yet.
 */
export function renderShell(children: RouteObject[], options: RenderShellOptions) {
  const server = stubFetch({
    'GET /api/Profile': options.signedIn ? { body: profileBody() } : UNAUTHORIZED,
    'POST /api/Login/Logout': OK,
    'POST /api/ClientError': OK,
    'POST /api/Analytics/PageView': OK,
    ...options.routes,
  });
  const router = createMemoryRouter([{ path: '/', element: <AppShell />, children }], {
    initialEntries: [options.path],
  });
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <PortalProviders startup={prepareStartup(applicationOptionsBody(options.settings))}>
        <RouterProvider router={router} />
      </PortalProviders>
    </QueryClientProvider>,
  );
  return { router, server, user };
}
