import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useDialogEntry } from '../../../components/dialogs/dialog-stack';

interface ConfirmSubmitDialogProps {
  title: string;
  confirmText: string;
  cancelText: string;
  width: number;
  /** What will be sent (PaymentReview), shown above the question. */
  summary?: ReactNode;
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
 *
 * Above the question it shows the summary of what will be sent (issue 20, item 1): the spec's
 * bare question repeated nothing of the payment. The dialog keeps the question as its name and
 * the spec's 400 px on wider screens; on a phone it is a sheet along the bottom edge, the full
 * width, scrolling inside when the summary is long, so it hides nothing the borrower needs: what
 * it covers, it repeats.
 */
export function ConfirmSubmitDialog(props: ConfirmSubmitDialogProps) {
  const entry = useDialogEntry();
  const [sending, setSending] = useState(false);
  // A ref, not state: a second click in the same event loop turn sees it at once.
  const sendingRef = useRef(false);
  const questionId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

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
      aria-labelledby={questionId}
      inert={!entry.isTop && entry.open}
      sx={phone ? { '& .MuiDialog-container': { alignItems: 'flex-end' } } : undefined}
      slotProps={{
        paper: {
          sx: phone
            ? { width: '100%', maxWidth: '100%', maxHeight: 'calc(100% - 48px)', m: 0 }
            : { width: props.width, maxWidth: 'calc(100% - 32px)', m: 2 },
        },
        transition: { onExited: entry.onExited },
      }}
    >
      {props.summary ? <DialogContent sx={{ pb: 0 }}>{props.summary}</DialogContent> : null}
      <DialogTitle id={questionId} sx={{ fontSize: '1.125rem' }}>
        {props.title}
      </DialogTitle>
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
