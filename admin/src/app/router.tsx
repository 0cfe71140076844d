import { createHashRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router';
import { StaffLayout } from './layouts/staff-layout';
import { InstitutionPickerRoute } from './routes/institution-routes';
import { SignInRoute } from './routes/sign-in-route';

// The sign-in page and the institution list load first; an institution's screens (the settings
// schema, the editor, the validator) load when staff open one.
const institutionLayout = () =>
  import('./layouts/institution-layout').then((module) => ({
    Component: module.InstitutionLayout,
  }));
const reviewRoutes = () => import('./routes/review-routes');

export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInRoute /> },
  {
    path: '/',
    element: <StaffLayout />,
    children: [
      { index: true, element: <InstitutionPickerRoute /> },
      {
        path: 'institutions/new',
        lazy: () =>
          import('./routes/institution-routes').then((module) => ({
            Component: module.CreateInstitutionRoute,
          })),
      },
      {
        path: 'i/:slug',
        lazy: institutionLayout,
        children: [
          { index: true, element: <Navigate to="settings" replace /> },
          {
            path: 'settings',
            lazy: () =>
              import('./routes/settings-route').then((module) => ({
                Component: module.SettingsRoute,
              })),
          },
          {
            path: 'theme',
            lazy: () =>
              import('./routes/theme-route').then((module) => ({ Component: module.ThemeRoute })),
          },
          {
            path: 'publish',
            lazy: () => reviewRoutes().then((module) => ({ Component: module.PublishRoute })),
          },
          {
            path: 'history',
            lazy: () => reviewRoutes().then((module) => ({ Component: module.HistoryRoute })),
          },
          {
            path: 'audit',
            lazy: () => reviewRoutes().then((module) => ({ Component: module.AuditRoute })),
          },
          {
            path: 'transfer',
            lazy: () => reviewRoutes().then((module) => ({ Component: module.TransferRoute })),
          },
          {
            path: 'work-queue',
            lazy: () =>
              import('../features/work-queue/components/work-queue-page').then((module) => ({
                Component: module.WorkQueueRoute,
              })),
          },
          {
            path: 'work-queue/:id',
            lazy: () =>
              import('../features/work-queue/components/work-item-page').then((module) => ({
                Component: module.WorkItemRoute,
              })),
          },
          {
            path: 'ach-files',
            lazy: () =>
              import('../features/ach-files/components/ach-files-page').then((module) => ({
                Component: module.AchFilesRoute,
              })),
          },
          {
            path: 'branches',
            lazy: () =>
              import('../features/branches/components/branches-page').then((module) => ({
                Component: module.BranchesRoute,
              })),
          },
          {
            path: 'payments',
            lazy: () =>
              import('../features/payments/components/payments-page').then((module) => ({
                Component: module.PaymentsRoute,
              })),
          },
          {
            path: 'payments/:id',
            lazy: () =>
              import('../features/payments/components/payment-page').then((module) => ({
                Component: module.PaymentRoute,
              })),
          },
          {
            path: 'reconciliation',
            lazy: () =>
              import('../features/reconciliation/components/reconciliation-page').then(
                (module) => ({ Component: module.ReconciliationRoute }),
              ),
          },
          {
            path: 'reconciliation/:date',
            lazy: () =>
              import('../features/reconciliation/components/reconciliation-day-page').then(
                (module) => ({ Component: module.ReconciliationDayRoute }),
              ),
          },
          {
            path: 'web-vitals',
            lazy: () =>
              import('../features/web-vitals/components/web-vitals-page').then((module) => ({
                Component: module.WebVitalsRoute,
              })),
          },
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
