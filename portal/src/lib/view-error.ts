import { createContext, useContext } from 'react';

/**
 * An error a screen shows in the layout's error area (for example loan details sending the user
 * back to the dashboard). It belongs to the location where it was set, so any navigation clears
 * it (spec 000 section 2.1: "navigation start … clears any view error").
 */
export interface ViewErrorContextValue {
  viewError: string | undefined;
  setViewError(message: string | undefined): void;
}

export const ViewErrorContext = createContext<ViewErrorContextValue | null>(null);

export function useViewError(): ViewErrorContextValue {
  const value = useContext(ViewErrorContext);
  if (!value) throw new Error('useViewError must be used inside the app shell (app/)');
  return value;
}
