import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useBlocker, useLocation, type BlockerFunction } from 'react-router';
import { useDialogStack, type DialogHandle } from '../components/dialogs/dialog-stack';
import { useSettings } from '../lib/settings/settings-context';
import { useUnsavedChangesStore } from '../lib/unsaved-changes';

/**
 * Protects unsaved changes (spec 000 sections 2.13 and 4): while the flag is set, a route change
 * opens the unsaved-changes dialog (No stays, Yes drops the flag and goes on) and closing or
 * reloading the tab gets the browser's leave-page warning. Every finished navigation clears the
 * flag.
 */
export function NavigationGuard() {
  const store = useUnsavedChangesStore();
  const settings = useSettings();
  const location = useLocation();
  const unsaved = useSyncExternalStore(
    store.subscribe,
    store.hasUnsavedChanges,
    store.hasUnsavedChanges,
  );
  const leaveWarning = settings.get('dialogTexts.leavePageWarningText');

  useEffect(() => {
    store.setUnsavedChanges(false);
    store.setLogoutChosen(false);
  }, [location.key, store]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own wording; older ones show this text.
      event.returnValue = leaveWarning;
      return leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved, leaveWarning]);

  // The router's blocker exists only while something is unsaved. A blocker registered all the
  // time made React Router warn 'You are trying to use a blocker on a POP navigation to a
  // location that was not created by @remix-run/router' on every hash change it did not make
  // (a typed address, a page that sets location.hash), the sign-in page included: useBlocker
  // registers its function with the router for as long as the component is mounted, whatever
  // the function answers.
  return unsaved ? <UnsavedChangesBlocker /> : null;
}

/** Blocks a route change while changes are unsaved, asking with the unsaved-changes dialog. */
function UnsavedChangesBlocker() {
  const store = useUnsavedChangesStore();
  const dialogs = useDialogStack();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      store.hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
    [store],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    let handle: DialogHandle<boolean> | undefined;
    // The dialog loads on demand: only screens with forms ever block.
    void import('../components/dialogs/unsaved-changes-dialog').then(({ UnsavedChangesDialog }) => {
      if (!active) return;
      const opened = dialogs.open<boolean>((close) => <UnsavedChangesDialog onAnswer={close} />);
      handle = opened;
      return opened.result.then((discard) => {
        if (!active) return;
        if (discard === true) {
          store.setUnsavedChanges(false);
          blocker.proceed();
        } else {
          blocker.reset();
        }
      });
    });
    return () => {
      active = false;
      handle?.close();
    };
  }, [blocker, dialogs, store]);

  return null;
}
