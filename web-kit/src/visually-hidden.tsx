import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Styles (`sx`) that hide an element from sight but not from assistive technology. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * Text for assistive technology only, inline (a span): which row a repeated button acts on, a
 * step's number, the state of a password rule that an icon shows.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {children}
    </Box>
  );
}
