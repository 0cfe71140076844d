import Button from '@mui/material/Button';
import { useSettings } from '../../lib/settings/settings-context';
import { DIALOG_WIDTH, PortalDialog } from './portal-dialog';

interface UnsavedChangesDialogProps {
  /** true for Yes (discard the changes), false for No (stay). */
  onAnswer(discard: boolean): void;
}

/**
 * 'There are unsaved changes on the page, are you sure you want to continue?' No / Yes. No, the
 * answer that loses nothing, is the emphasised button and has the focus: Enter keeps the work.
 */
export function UnsavedChangesDialog({ onAnswer }: UnsavedChangesDialogProps) {
  const settings = useSettings();
  return (
    <PortalDialog
      width={DIALOG_WIDTH.standard}
      title={settings.get('dialogTexts.unsavedChangesText')}
      actions={
        <>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- WAI-ARIA's dialog pattern: a dialog
              that can lose work opens on its least destructive action. */}
          <Button variant="contained" autoFocus onClick={() => onAnswer(false)}>
            {settings.get('dialogTexts.unsavedChangesNoText')}
          </Button>
          <Button variant="outlined" onClick={() => onAnswer(true)}>
            {settings.get('dialogTexts.unsavedChangesYesText')}
          </Button>
        </>
      }
    />
  );
}
