import { isMobileApp } from './mobile-app';

/**
 * What the portal leaves out inside the mobile app wrapper (spec 000 section 1). Screens ask
 * these instead of testing the user agent themselves:
 * ```tsx
 * const { canPrint, canDragAndDrop } = useMobileCapabilities();
 * {canPrint ? <Button onClick={() => window.print()}>{printText}</Button> : null}
 * {canDragAndDrop ? <DropZone … /> : null}   // the file picker button stays in both cases
 * ```
 */
export interface MobileCapabilities {
  /** False in the app: its web view has no print dialog, so no Print button is shown. */
  canPrint: boolean;
  /** False in the app: no drag-and-drop zone for uploads, only the file picker. */
  canDragAndDrop: boolean;
}

export function mobileCapabilities(userAgent?: string): MobileCapabilities {
  const inApp = isMobileApp(userAgent);
  return { canPrint: !inApp, canDragAndDrop: !inApp };
}

/** The capabilities where the portal runs; the user agent does not change while the page lives. */
export function useMobileCapabilities(): MobileCapabilities {
  return mobileCapabilities();
}
