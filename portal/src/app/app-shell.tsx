import { useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DialogHost, DialogStackProvider } from '../components/dialogs/dialog-stack';
import { UnsavedChangesContext, createUnsavedChangesStore } from '../lib/unsaved-changes';
import { NavigationGuard } from './navigation-guard';
import { RouteEffects } from './route-effects';
import { SessionProvider } from './session-provider';
import { ViewErrorProvider } from './view-error-provider';

function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createUnsavedChangesStore);
  return <UnsavedChangesContext value={store}>{children}</UnsavedChangesContext>;
}

/**
 * The dialogs follow the route: a page's dialogs close when the route (its pathname, which holds
 * the loan's number) changes, so none stays over another page or another loan's page.
 */
function RouteDialogStackProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <DialogStackProvider route={pathname}>{children}</DialogStackProvider>;
}

/** The root route: the providers that need the router, the app-level watchers and the dialogs. */
export function AppShell() {
  return (
    <ViewErrorProvider>
      <RouteDialogStackProvider>
        <UnsavedChangesProvider>
          <SessionProvider>
            <RouteEffects />
            <NavigationGuard />
            <Outlet />
            <DialogHost />
          </SessionProvider>
        </UnsavedChangesProvider>
      </RouteDialogStackProvider>
    </ViewErrorProvider>
  );
}
