import type { ReactNode } from 'react';

/**
 * What every portal dialog shows. A module of its own: `PortalDialog` loads the frame lazily and
 * the frame renders these props, so neither has to import the other for them.
 */
export interface PortalDialogProps {
  /** The accessible name of the dialog. */
  title: ReactNode;
  width: number;
  /**
   * What the dialog is about, under its title: the loan of a loan's dialog ('Auto Loan ****2341'),
   * so a borrower with several loans knows which one it is. Part of the accessible description,
   * not of the name.
   */
  subtitle?: ReactNode;
  /** The text of the dialog, which becomes its accessible description. */
  children?: ReactNode;
  actions: ReactNode;
  /** A decorative icon above the title. */
  icon?: ReactNode;
  /**
   * Escape on a dialog opened not dismissible: the dialog decides (the Payment Details form asks
   * first when something was typed). Without it Escape does nothing there.
   */
  onEscape?(): void;
}
