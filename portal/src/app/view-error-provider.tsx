import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ViewErrorContext, type ViewErrorContextValue } from '../lib/view-error';

interface StoredViewError {
  message: string;
  locationKey: string;
}

/** Keeps a view error for the location it was set on; any navigation leaves it behind. */
export function ViewErrorProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [stored, setStored] = useState<StoredViewError | undefined>(undefined);
  const value = useMemo<ViewErrorContextValue>(
    () => ({
      viewError: stored?.locationKey === location.key ? stored.message : undefined,
      setViewError: (message) =>
        setStored(message ? { message, locationKey: location.key } : undefined),
    }),
    [location.key, stored],
  );
  return <ViewErrorContext value={value}>{children}</ViewErrorContext>;
}
