import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** The confirm button cannot be pressed (nothing left to confirm); Cancel still closes. */
  confirmDisabled?: boolean;
  /**
   * Why the last confirmation was refused, said in the dialog (which stays open) and focused, so
   * the question can be answered again with what changed in view.
   */
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** A modal question; MUI traps focus inside and gives it back to the opener on close. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  confirmDisabled = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const refusal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) refusal.current?.focus();
  }, [error]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert ref={refusal} tabIndex={-1} severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText id={textId} component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy || confirmDisabled}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
