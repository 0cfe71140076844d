import { useCallback } from 'react';
import { useDialogStack } from '../components/dialogs/dialog-stack';
import { LogoutConfirmDialog } from '../components/dialogs/logout-confirm-dialog';
import { UnsavedChangesDialog } from '../components/dialogs/unsaved-changes-dialog';
import { useSession } from '../lib/session/session-context';
import { useUnsavedChangesStore } from '../lib/unsaved-changes';

/**
 * What the Logout links do (spec 000 sections 2.13 and 4): ask 'Are you sure you want to
 * logout?'; with unsaved changes ask the unsaved-changes question instead, remembering that
 * logout was chosen, and log out on Yes.
 */
export function useLogoutRequest(): () => Promise<void> {
  const dialogs = useDialogStack();
  const store = useUnsavedChangesStore();
  const { logout } = useSession();

  return useCallback(async () => {
    if (store.hasUnsavedChanges()) {
      store.setLogoutChosen(true);
      const discard = await dialogs.open<boolean>((close) => (
        <UnsavedChangesDialog onAnswer={close} />
      )).result;
      const logoutChosen = store.isLogoutChosen();
      store.setLogoutChosen(false);
      if (discard !== true) return;
      store.setUnsavedChanges(false);
      if (logoutChosen) await logout();
      return;
    }
    const confirmed = await dialogs.open<boolean>((close) => (
      <LogoutConfirmDialog onAnswer={close} />
    )).result;
    if (confirmed === true) await logout();
  }, [dialogs, logout, store]);
}
