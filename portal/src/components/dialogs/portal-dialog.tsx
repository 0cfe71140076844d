import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import type * as FrameModuleValue from './portal-dialog-frame';
import type { PortalDialogProps } from './portal-dialog-props';

/** Dialog widths of spec 000 section 9. */
export const DIALOG_WIDTH = { narrow: 300, standard: 350, wide: 500 } as const;

type FrameModule = typeof FrameModuleValue;

/** The dialog code once it has loaded: later dialogs render it at once, without suspending. */
let loadedFrame: FrameModule['default'] | undefined;
let loading: Promise<FrameModule> | undefined;

function loadFrame(): Promise<FrameModule> {
  loading ??= import('./portal-dialog-frame').then(
    (module) => {
      loadedFrame = module.default;
      return module;
    },
    (error: unknown) => {
      // A failed download (the connection dropped) is tried again by the next dialog.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * MUI's dialog (modal, focus trap, transitions: about 9 KB compressed) loads when the first
 * dialog opens, not with the pages that may open one.
 */
const LazyPortalDialogFrame = lazy(loadFrame);

/**
 * Starts loading the dialog code early (a screen whose next step is likely a dialog); settles
 * when it has loaded, after which a dialog opens without a loading step.
 */
export function preloadPortalDialog(): Promise<void> {
  return loadFrame().then(() => undefined);
}

/**
 * Stands in for the dialog while its code loads (once per visit): it takes the clicks a modal
 * backdrop would, so a second click on the button that opened it does not open it twice.
 */
const loadingBackdrop = <Box aria-hidden sx={{ position: 'fixed', inset: 0, zIndex: 'modal' }} />;

/** The frame of every portal dialog; open it with `useDialogStack().open`. */
export function PortalDialog(props: PortalDialogProps) {
  // Chosen once per dialog: switching between the two ways later would mount it afresh.
  const [Frame] = useState(() => loadedFrame);
  if (Frame) return <Frame {...props} />;
  return (
    <Suspense fallback={loadingBackdrop}>
      <LazyPortalDialogFrame {...props} />
    </Suspense>
  );
}
