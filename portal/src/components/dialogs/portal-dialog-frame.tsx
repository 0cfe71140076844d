import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useDialogEntry } from './dialog-stack';
import type { PortalDialogProps } from './portal-dialog-props';

/**
 * The MUI dialog behind `PortalDialog`: modal, focus trap, backdrop and transitions. A module of
 * its own so that no page downloads it before a dialog opens.
 */
export default function PortalDialogFrame({
  title,
  width,
  subtitle,
  children,
  actions,
  icon,
  onEscape,
}: PortalDialogProps) {
  const entry = useDialogEntry();
  const descriptionId = useId();
  const subtitleId = useId();
  const describedBy =
    [subtitle ? subtitleId : undefined, children ? descriptionId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  // Closed while this module was still loading: the dialog never shows, so there is no closing
  // transition to end, and the stack entry is dropped here instead.
  const closedBeforeShown = useRef(!entry.open);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!closedBeforeShown.current) return;
    closedBeforeShown.current = false;
    entry.onExited();
  });
  return (
    <Dialog
      ref={root}
      open={entry.open}
      onClose={(_event, reason) => {
        if (entry.dismissible) entry.dismiss();
        else if (reason === 'escapeKeyDown' && entry.isTop) onEscape?.();
      }}
      maxWidth={false}
      inert={!entry.isTop && entry.open}
      aria-describedby={describedBy}
      slotProps={{
        paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } },
        transition: { onExited: () => entry.onExited(root.current) },
      }}
    >
      {icon ? (
        <Box aria-hidden sx={{ display: 'flex', justifyContent: 'center', pt: 3, fontSize: 48 }}>
          {icon}
        </Box>
      ) : null}
      <DialogTitle sx={icon ? { textAlign: 'center' } : undefined}>{title}</DialogTitle>
      {children || subtitle ? (
        <DialogContent
          // MUI leaves no room above content that follows a title (padding-top 0), which cut
          // the floating label of a dialog's first outlined field (the payoff date).
          sx={{ '.MuiDialogTitle-root + &': { pt: 1 } }}
        >
          {subtitle ? (
            <Typography
              id={subtitleId}
              variant="subtitle2"
              component="p"
              color="text.secondary"
              sx={{ mb: children ? 1.5 : 0 }}
            >
              {subtitle}
            </Typography>
          ) : null}
          {children ? (
            <DialogContentText id={descriptionId} component="div">
              {children}
            </DialogContentText>
          ) : null}
        </DialogContent>
      ) : null}
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}
