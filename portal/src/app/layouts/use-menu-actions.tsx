import { useCallback } from 'react';
import { ApplyForLoanDialog } from '../../components/dialogs/apply-for-loan-dialog';
import { useDialogStack } from '../../components/dialogs/dialog-stack';
import { RemoteBranchLocatorDialog } from '../../components/dialogs/remote-branch-locator-dialog';
import { useSettings } from '../../lib/settings/settings-context';
import { useLogoutRequest } from '../use-logout-request';
import type { MenuAction } from './menu-items';

/** What the menu's buttons do: each opens its dialog. */
export function useMenuActions(): (action: MenuAction, label: string) => void {
  const dialogs = useDialogStack();
  const settings = useSettings();
  const requestLogout = useLogoutRequest();

  return useCallback(
    (action: MenuAction, label: string) => {
      switch (action) {
        case 'applyForLoan': {
          const url = settings.get('globalOptions.applyForLoanURLOption');
          dialogs.open<true>((close) => (
            <ApplyForLoanDialog url={url} onClose={() => close(true)} />
          ));
          return;
        }
        case 'remoteBranchLocator': {
          const url = settings.get('globalOptions.remoteBranchLocatorURLOption');
          dialogs.open<true>((close) => (
            <RemoteBranchLocatorDialog url={url} title={label} onClose={() => close(true)} />
          ));
          return;
        }
        case 'logout':
          void requestLogout();
          return;
      }
    },
    [dialogs, requestLogout, settings],
  );
}
