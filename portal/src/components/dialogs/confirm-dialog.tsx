import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import { useCallback, type ReactNode } from 'react';
import { useSettings } from '../../lib/settings/settings-context';
import { useDialogStack } from './dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from './portal-dialog';

export type ConfirmIcon = 'checkmark' | 'money';

export interface ConfirmOptions {
  title: ReactNode;
  text?: ReactNode;
  /** Defaults to dialogTexts.confirmButtonText ('Confirm'). */
  confirmText?: string;
  /** Defaults to dialogTexts.cancelButtonText ('Cancel'). */
  cancelText?: string;
  icon?: ConfirmIcon;
  width?: number;
}

interface ConfirmDialogProps extends ConfirmOptions {
  onAnswer(confirmed: boolean): void;
}

const ICONS: Record<ConfirmIcon, ReactNode> = {
  checkmark: <CheckCircleOutlinedIcon color="success" fontSize="inherit" />,
  money: <AttachMoneyIcon color="primary" fontSize="inherit" />,
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, text, confirmText, cancelText, icon, width, onAnswer } = props;
  const settings = useSettings();
  return (
    <PortalDialog
      width={width ?? DIALOG_WIDTH.standard}
      title={title}
      icon={icon ? ICONS[icon] : undefined}
      actions={
        <>
          <Button onClick={() => onAnswer(false)}>
            {cancelText ?? settings.get('dialogTexts.cancelButtonText')}
          </Button>
          <Button variant="contained" onClick={() => onAnswer(true)}>
            {confirmText ?? settings.get('dialogTexts.confirmButtonText')}
          </Button>
        </>
      }
    >
      {text}
    </PortalDialog>
  );
}

/** Asks a question; resolves true for the confirm button, false for cancel or a dismissal. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const dialogs = useDialogStack();
  return useCallback(
    async (options) => {
      const answer = await dialogs.open<boolean>((close) => (
        <ConfirmDialog {...options} onAnswer={close} />
      )).result;
      return answer === true;
    },
    [dialogs],
  );
}
