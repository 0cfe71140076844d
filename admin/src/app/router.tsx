import { createHashRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router';
import { AuditRoute, HistoryRoute, PublishRoute, TransferRoute } from './routes/review-routes';
import { InstitutionLayout } from './layouts/institution-layout';
import { StaffLayout } from './layouts/staff-layout';
import { CreateInstitutionRoute, InstitutionPickerRoute } from './routes/institution-routes';
import { SettingsRoute } from './routes/settings-route';
import { SignInRoute } from './routes/sign-in-route';
import { ThemeRoute } from './routes/theme-route';

export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInRoute /> },
  {
    path: '/',
    element: <StaffLayout />,
    children: [
      { index: true, element: <InstitutionPickerRoute /> },
      { path: 'institutions/new', element: <CreateInstitutionRoute /> },
      {
        path: 'i/:slug',
        element: <InstitutionLayout />,
        children: [
          { index: true, element: <Navigate to="settings" replace /> },
          { path: 'settings', element: <SettingsRoute /> },
          { path: 'theme', element: <ThemeRoute /> },
          { path: 'publish', element: <PublishRoute /> },
          { path: 'history', element: <HistoryRoute /> },
          { path: 'audit', element: <AuditRoute /> },
          { path: 'transfer', element: <TransferRoute /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** Hash routes (the server serves one index.html at /admin/); a memory router in tests. */
export function createAdminRouter(initialPath?: string) {
  return initialPath
    ? createMemoryRouter(routes, { initialEntries: [initialPath] })
    : createHashRouter(routes);
}
