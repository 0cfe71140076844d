import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useDialogEntry } from './dialog-stack';

/** Dialog widths of spec 000 section 9. */
export const DIALOG_WIDTH = { narrow: 300, standard: 350, wide: 500 } as const;

interface PortalDialogProps {
  /** The accessible name of the dialog. */
  title: ReactNode;
  width: number;
  /** The text of the dialog, which becomes its accessible description. */
  children?: ReactNode;
  actions: ReactNode;
  /** A decorative icon above the title. */
  icon?: ReactNode;
}

/** The frame of every portal dialog; open it with `useDialogStack().open`. */
export function PortalDialog({ title, width, children, actions, icon }: PortalDialogProps) {
  const entry = useDialogEntry();
  const descriptionId = useId();
  return (
    <Dialog
      open={entry.open}
      onClose={() => {
        if (entry.dismissible) entry.dismiss();
      }}
      maxWidth={false}
      inert={!entry.isTop && entry.open}
      aria-describedby={children ? descriptionId : undefined}
      slotProps={{
        paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } },
        transition: { onExited: entry.onExited },
      }}
    >
      {icon ? (
        <Box aria-hidden sx={{ display: 'flex', justifyContent: 'center', pt: 3, fontSize: 48 }}>
          {icon}
        </Box>
      ) : null}
      <DialogTitle sx={icon ? { textAlign: 'center' } : undefined}>{title}</DialogTitle>
      {children ? (
        <DialogContent>
          <DialogContentText id={descriptionId} component="div">
            {children}
          </DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}
