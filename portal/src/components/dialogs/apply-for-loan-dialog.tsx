import Button from '@mui/material/Button';
import { openInNewTab } from '../../lib/external-link';
import { useSettings } from '../../lib/settings/settings-context';
import { DIALOG_WIDTH, PortalDialog } from './portal-dialog';

interface ApplyForLoanDialogProps {
  url: string;
  onClose(): void;
}

/** Warns that the application opens in a new tab; 'Continue to Application' opens it. */
export function ApplyForLoanDialog({ url, onClose }: ApplyForLoanDialogProps) {
  const settings = useSettings();
  return (
    <PortalDialog
      width={DIALOG_WIDTH.narrow}
      title={settings.get('loggedInLayout.applyForLoanMenuText')}
      actions={
        <>
          <Button onClick={onClose}>{settings.get('dialogTexts.cancelButtonText')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              openInNewTab(url);
              onClose();
            }}
          >
            {settings.get('dialogTexts.continueToApplicationText')}
          </Button>
        </>
      }
    >
      {settings.get('dialogTexts.applyForLoanWarningText')}
    </PortalDialog>
  );
}
