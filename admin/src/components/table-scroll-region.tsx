import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

interface TableScrollRegionProps {
  /** Names the region for screen readers: what the table holds ("Payments found"). */
  label: string;
  /** At most this wide on a wide screen (a short table need not stretch); the page's width else. */
  maxWidth?: number;
  children: ReactNode;
}

/**
 * A table's own sideways scroll: on a phone (390 px) a table wider than the screen scrolls inside
 * this box instead of widening the page. The box is a named region the keyboard can focus and
 * scroll with the arrow keys (axe `scrollable-region-focusable`). `minWidth: 0` lets it shrink
 * inside the pages' grid and flex layouts, whose items otherwise grow to the table's width.
 */
export function TableScrollRegion({ label, maxWidth, children }: TableScrollRegionProps) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        minWidth: 0,
        maxWidth: maxWidth ?? '100%',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </TableContainer>
  );
}
