import Button from '@mui/material/Button';
import { useCallback, type ReactNode } from 'react';
import { useSettings } from '../../lib/settings/settings-context';
import { useDialogStack } from './dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from './portal-dialog';

export interface AcknowledgeOptions {
  title: ReactNode;
  /** What it is about, under the title (PortalDialog's `subtitle`). */
  subtitle?: ReactNode;
  text?: ReactNode;
  /** Defaults to dialogTexts.acknowledgeButtonText ('Okay'). */
  buttonText?: string;
  width?: number;
}

interface AcknowledgeDialogProps extends AcknowledgeOptions {
  onClose(): void;
}

export function AcknowledgeDialog({
  title,
  subtitle,
  text,
  buttonText,
  width,
  onClose,
}: AcknowledgeDialogProps) {
  const settings = useSettings();
  return (
    <PortalDialog
      width={width ?? DIALOG_WIDTH.standard}
      title={title}
      subtitle={subtitle}
      actions={
        <Button variant="contained" onClick={onClose}>
          {buttonText ?? settings.get('dialogTexts.acknowledgeButtonText')}
        </Button>
      }
    >
      {text}
    </PortalDialog>
  );
}

/** Shows a message with one 'Okay' button; resolves when it closes. */
export function useAcknowledge(): (options: AcknowledgeOptions) => Promise<void> {
  const dialogs = useDialogStack();
  return useCallback(
    async (options) => {
      await dialogs.open<true>((close) => (
        <AcknowledgeDialog {...options} onClose={() => close(true)} />
      )).result;
    },
    [dialogs],
  );
}
