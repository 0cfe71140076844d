import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useRef, useState } from 'react';
import { useDialogEntry } from '../../../components/dialogs/dialog-stack';

interface ConfirmSubmitDialogProps {
  title: string;
  confirmText: string;
  cancelText: string;
  width: number;
  /** Sends the payment; the dialog stays open, its button busy, until this settles. */
  submit(): Promise<void>;
  /** Closes the dialog: true once the payment was sent (whatever the answer), false for No. */
  onClose(submitted: boolean): void;
}

/**
 * The confirm-before-submit dialog (spec 001 section 2, 400 px: 'Are you sure you want to
 * submit?', Submit and No). Unlike the shared confirm dialog it stays open while the payment is
 * sent: Submit shows progress and is disabled, No, Escape and the backdrop do nothing, and it
 * closes with the answer. A click on the backdrop never dismisses it: the second click of a double
 * click on the page's Make Payment button lands on the backdrop of the dialog the first click
 * opened, and used to close it at once (no payment, a flash of the dialog). No and Escape still
 * close it.
 */
export function ConfirmSubmitDialog(props: ConfirmSubmitDialogProps) {
  const entry = useDialogEntry();
  const [sending, setSending] = useState(false);
  // A ref, not state: a second click in the same event loop turn sees it at once.
  const sendingRef = useRef(false);

  async function confirm() {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    try {
      await props.submit();
    } finally {
      props.onClose(true);
    }
  }

  return (
    <Dialog
      open={entry.open}
      onClose={(_event, reason) => {
        if (sendingRef.current || reason === 'backdropClick') return;
        props.onClose(false);
      }}
      maxWidth={false}
      inert={!entry.isTop && entry.open}
      slotProps={{
        paper: { sx: { width: props.width, maxWidth: 'calc(100% - 32px)', m: 2 } },
        transition: { onExited: entry.onExited },
      }}
    >
      <DialogTitle>{props.title}</DialogTitle>
      <DialogActions>
        <Button disabled={sending} onClick={() => props.onClose(false)}>
          {props.cancelText}
        </Button>
        <Button variant="contained" loading={sending} onClick={() => void confirm()}>
          {props.confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
