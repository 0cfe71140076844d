import Box from '@mui/material/Box';
import { lazy, Suspense, type ReactNode } from 'react';

/** Dialog widths of spec 000 section 9. */
export const DIALOG_WIDTH = { narrow: 300, standard: 350, wide: 500 } as const;

export interface PortalDialogProps {
  /** The accessible name of the dialog. */
  title: ReactNode;
  width: number;
  /** The text of the dialog, which becomes its accessible description. */
  children?: ReactNode;
  actions: ReactNode;
  /** A decorative icon above the title. */
  icon?: ReactNode;
}

const loadFrame = () => import('./portal-dialog-frame');

/**
 * MUI's dialog (modal, focus trap, transitions: about 9 KB compressed) loads when the first
 * dialog opens, not with the pages that may open one.
 */
const PortalDialogFrame = lazy(loadFrame);

/** Starts loading the dialog code early (a screen whose next step is likely a dialog). */
export function preloadPortalDialog(): void {
  void loadFrame();
}

/**
 * Stands in for the dialog while its code loads (once per visit): it takes the clicks a modal
 * backdrop would, so a second click on the button that opened it does not open it twice.
 */
const loadingBackdrop = <Box aria-hidden sx={{ position: 'fixed', inset: 0, zIndex: 'modal' }} />;

/** The frame of every portal dialog; open it with `useDialogStack().open`. */
export function PortalDialog(props: PortalDialogProps) {
  return (
    <Suspense fallback={loadingBackdrop}>
      <PortalDialogFrame {...props} />
    </Suspense>
  );
}
