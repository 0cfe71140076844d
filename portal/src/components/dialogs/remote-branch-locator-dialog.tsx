import Button from '@mui/material/Button';
import { openInNewTab } from '../../lib/external-link';
import { useSettings } from '../../lib/settings/settings-context';
import { DIALOG_WIDTH, PortalDialog } from './portal-dialog';

interface RemoteBranchLocatorDialogProps {
  url: string;
  /** The words of the link that opened it (Find Us in the header, Locations in the menu). */
  title: string;
  onClose(): void;
}

/** Says a new tab will open; 'Branch Locator' opens the institution's remote locator. */
export function RemoteBranchLocatorDialog({ url, title, onClose }: RemoteBranchLocatorDialogProps) {
  const settings = useSettings();
  return (
    <PortalDialog
      width={DIALOG_WIDTH.standard}
      title={title}
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
            {settings.get('dialogTexts.branchLocatorButtonText')}
          </Button>
        </>
      }
    >
      {settings.get('dialogTexts.remoteBranchLocatorNoticeText')}
    </PortalDialog>
  );
}
