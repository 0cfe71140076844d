import Button from '@mui/material/Button';
import { useSettings } from '../../lib/settings/settings-context';
import { DIALOG_WIDTH, PortalDialog } from './portal-dialog';

interface LogoutConfirmDialogProps {
  onAnswer(logout: boolean): void;
}

/** 'Are you sure you want to logout?' Cancel / Logout (spec 000 section 2.13). */
export function LogoutConfirmDialog({ onAnswer }: LogoutConfirmDialogProps) {
  const settings = useSettings();
  return (
    <PortalDialog
      width={DIALOG_WIDTH.standard}
      title={settings.get('dialogTexts.logoutConfirmText')}
      actions={
        <>
          <Button onClick={() => onAnswer(false)}>
            {settings.get('dialogTexts.logoutCancelText')}
          </Button>
          <Button variant="contained" onClick={() => onAnswer(true)}>
            {settings.get('dialogTexts.logoutConfirmButtonText')}
          </Button>
        </>
      }
    />
  );
}
