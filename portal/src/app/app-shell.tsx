import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
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

/** The root route: the providers that need the router, the app-level watchers and the dialogs. */
export function AppShell() {
  return (
    <ViewErrorProvider>
      <DialogStackProvider>
        <UnsavedChangesProvider>
          <SessionProvider>
            <RouteEffects />
            <NavigationGuard />
            <Outlet />
            <DialogHost />
          </SessionProvider>
        </UnsavedChangesProvider>
      </DialogStackProvider>
    </ViewErrorProvider>
  );
}
