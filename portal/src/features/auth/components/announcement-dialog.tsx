import Button from '@mui/material/Button';
import type { SettingsAccessor } from '@portal/settings-schema';
import { RichText } from '@portal/web-kit';
import type { DialogStack } from '../../../components/dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';

/** No setting names the modal; wanted: loginTexts.announcementTitleText. */
export const ANNOUNCEMENT_TITLE = 'Announcement';

function AnnouncementDialog({
  settings,
  onClose,
}: {
  settings: SettingsAccessor;
  onClose(): void;
}) {
  return (
    <PortalDialog
      title={ANNOUNCEMENT_TITLE}
      width={DIALOG_WIDTH.narrow}
      actions={
        <Button variant="contained" onClick={onClose}>
          {settings.get('loginTexts.announcementCloseButtonText')}
        </Button>
      }
    >
      <RichText html={settings.get('loginTexts.announcementRichText')} />
    </PortalDialog>
  );
}

/** Opens the sign-in announcement; resolves when it closes. */
export async function showAnnouncement(dialogs: DialogStack, settings: SettingsAccessor) {
  await dialogs.open<true>((close) => (
    <AnnouncementDialog settings={settings} onClose={() => close(true)} />
  )).result;
}
